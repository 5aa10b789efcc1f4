// The console's side of refund requests (lib/refunds/refund-requests.ts): who decides, with their
// audit entry on the request's order, in the transaction that decides.
import type { OperatorIdentity } from "@/lib/auth/operator-session";
import { can } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/context/service-context";
import type { Prisma } from "@/lib/db";
import { approveRefundRequest, type Decision, rejectRefundRequest } from "@/lib/refunds/refund-requests";
import { recordAudit } from "./audit";

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
