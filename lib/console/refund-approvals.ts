// The console's side of refund requests (lib/payments/refunds/refund-requests.ts): who decides, with their
// audit entry on the request's order, in the transaction that decides.

import { recordAudit } from "@/lib/operators/audit/record-audit";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import { can } from "@/lib/operators/roles/permissions";
import {
  approveRefundRequest,
  type Decision,
  rejectRefundRequest,
} from "@/lib/payments/refunds/refund-requests";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Prisma } from "@/lib/platform/db";

function decisionBy(operator: OperatorIdentity, note: string | undefined): Decision {
  return {
    operator,
    note,
    audit: (tx: Prisma.TransactionClient, change, order) =>
      recordAudit(tx, { ...change, operator, orderId: order.id }),
  };
}

export function approveAsOperator(
  ctx: ServiceContext,
  operator: OperatorIdentity,
  requestId: string,
  note?: string,
) {
  return approveRefundRequest(ctx, requestId, decisionBy(operator, note));
}

export function rejectAsOperator(
  ctx: ServiceContext,
  operator: OperatorIdentity,
  requestId: string,
  note?: string,
) {
  return rejectRefundRequest(ctx, requestId, {
    ...decisionBy(operator, note),
    mayApprove: can(operator, "refunds.approve"),
  });
}
