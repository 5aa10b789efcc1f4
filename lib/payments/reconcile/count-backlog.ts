// How much settling work is due now, and how many orders wait for a person: for the metrics scrape.
// Each count runs on the index its scan uses (find-due-work.ts), so it stays cheap as tables grow;
// it counts what is due, not what a scan has already claimed.

import { IN_FLIGHT_STATUSES } from "@/lib/payments/escrow/escrow-operation-state";
import { UNSETTLED_ORDER_STATUSES } from "@/lib/payments/orders/order-state";
import { REFUND_IN_FLIGHT_STATUSES } from "@/lib/payments/refunds/refund-state";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { ReconcileBacklog } from "@/lib/platform/observability/scrape-collectors";
import { statusListSql } from "@/lib/platform/state/status-list-sql";

const UNSETTLED_ORDERS = statusListSql(UNSETTLED_ORDER_STATUSES);
const REFUNDS_IN_FLIGHT = statusListSql(REFUND_IN_FLIGHT_STATUSES);
const OPERATIONS_IN_FLIGHT = statusListSql(IN_FLIGHT_STATUSES);

export async function countReconcileBacklog(ctx: Pick<ServiceContext, "prisma">): Promise<ReconcileBacklog> {
  const [row] = await ctx.prisma.$queryRaw<
    { orders: bigint; refunds: bigint; escrow_operations: bigint; attention: bigint }[]
  >`
    SELECT
      (SELECT count(*) FROM orders
        WHERE status IN (${UNSETTLED_ORDERS}) AND next_reconcile_at <= now()) AS orders,
      (SELECT count(*) FROM refunds
        WHERE status IN (${REFUNDS_IN_FLIGHT}) AND next_check_at <= now()) AS refunds,
      (SELECT count(*) FROM escrow_operations
        WHERE status IN (${OPERATIONS_IN_FLIGHT}) AND next_check_at <= now()) AS escrow_operations,
      (SELECT count(*) FROM orders WHERE needs_attention) AS attention`;
  return {
    orders: Number(row?.orders ?? 0),
    refunds: Number(row?.refunds ?? 0),
    escrowOperations: Number(row?.escrow_operations ?? 0),
    ordersNeedingAttention: Number(row?.attention ?? 0),
  };
}
