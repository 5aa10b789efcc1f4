// Whether anything about an order still waits on the wallet: the payment itself, a refund or an
// escrow operation in flight. The console then offers "check with the wallet now" and keeps the
// order's page refreshing. Pure; the status sets are the state modules' own.

import { IN_FLIGHT_STATUSES } from "@/lib/payments/escrow/escrow-operation-state";
import { UNSETTLED_ORDER_STATUSES } from "@/lib/payments/orders/order-state";
import { REFUND_IN_FLIGHT_STATUSES } from "@/lib/payments/refunds/refund-state";
import type { EscrowOperation, Order, Refund } from "@/lib/platform/db";

export function hasUnsettledWork(
  order: Pick<Order, "status">,
  related: { operations: Pick<EscrowOperation, "status">[]; refunds: Pick<Refund, "status">[] },
): boolean {
  return (
    UNSETTLED_ORDER_STATUSES.includes(order.status) ||
    related.operations.some((operation) => IN_FLIGHT_STATUSES.includes(operation.status)) ||
    related.refunds.some((refund) => REFUND_IN_FLIGHT_STATUSES.includes(refund.status))
  );
}

/**
 * When the reconciliation scan next asks the wallet about what is unsettled on the order (the
 * earliest of its payment, refunds and escrow operations in flight): what an operator is told after
 * checking by hand found the outcome still unknown. Null when nothing is scheduled.
 */
export function nextWalletCheckAt(
  order: Pick<Order, "status" | "nextReconcileAt">,
  related: {
    operations: Pick<EscrowOperation, "status" | "nextCheckAt">[];
    refunds: Pick<Refund, "status" | "nextCheckAt">[];
  },
): Date | null {
  const times = [
    UNSETTLED_ORDER_STATUSES.includes(order.status) ? order.nextReconcileAt : null,
    ...related.operations
      .filter((item) => IN_FLIGHT_STATUSES.includes(item.status))
      .map((item) => item.nextCheckAt),
    ...related.refunds
      .filter((item) => REFUND_IN_FLIGHT_STATUSES.includes(item.status))
      .map((item) => item.nextCheckAt),
  ].filter((time): time is Date => time !== null);
  return times.length === 0 ? null : new Date(Math.min(...times.map((time) => time.getTime())));
}

/**
 * Whether the wallet itself still owes an answer on the order: its payment unknown (or never
 * answered), or a refund or escrow operation in flight. An order awaiting payment (PENDING) waits on
 * its customer at the cashier, not on the wallet, and is not counted.
 */
export function waitsOnWallet(
  order: Pick<Order, "status">,
  related: { operations: Pick<EscrowOperation, "status">[]; refunds: Pick<Refund, "status">[] },
): boolean {
  return (
    (order.status !== "PENDING" && UNSETTLED_ORDER_STATUSES.includes(order.status)) ||
    related.operations.some((operation) => IN_FLIGHT_STATUSES.includes(operation.status)) ||
    related.refunds.some((refund) => REFUND_IN_FLIGHT_STATUSES.includes(refund.status))
  );
}
