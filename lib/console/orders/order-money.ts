// The money of an order as an operator needs it before acting, all in fils:
//   captured − refunded − pending − awaiting approval = refundable
// where "refunded" is what the wallet confirmed, "pending" what is reserved by refunds still in
// flight (created, processing or unknown: they may still succeed, so they cannot be refunded again),
// and "awaiting approval" what refund requests above their requester's limits hold.

import { capturedFils, ESCROW_HELD_STATUSES } from "@/lib/payments/orders/order-state";
import { snapshotOf } from "@/lib/payments/orders/transition-order";
import { REFUND_IN_FLIGHT_STATUSES } from "@/lib/payments/refunds/refund-state";
import type { Order, Refund, RefundRequest } from "@/lib/platform/db";

export interface OrderMoney {
  amountFils: bigint;
  capturedFils: bigint;
  refundedFils: bigint;
  pendingRefundFils: bigint;
  awaitingApprovalFils: bigint;
  refundableFils: bigint;
  voidedFils: bigint;
  /** Escrow money the wallet still holds for this order (paid or accepted, not yet confirmed). */
  heldFils: bigint;
}

export function orderMoney(
  order: Order,
  refunds: Pick<Refund, "status" | "amountFils">[],
  requests: Pick<RefundRequest, "status" | "amountFils">[] = [],
): OrderMoney {
  const captured = capturedFils(snapshotOf(order));
  const sum = (statuses: readonly Refund["status"][]) =>
    refunds
      .filter((refund) => statuses.includes(refund.status))
      .reduce((total, refund) => total + refund.amountFils, 0n);
  const refunded = sum(["SUCCESS"]);
  const pending = sum(REFUND_IN_FLIGHT_STATUSES);
  const awaiting = requests
    .filter((request) => request.status === "PENDING")
    .reduce((total, request) => total + request.amountFils, 0n);
  const refundable = captured - refunded - pending - awaiting;
  const held = order.flow === "ESCROW" && ESCROW_HELD_STATUSES.includes(order.status);
  return {
    amountFils: order.amountFils,
    capturedFils: captured,
    refundedFils: refunded,
    pendingRefundFils: pending,
    awaitingApprovalFils: awaiting,
    refundableFils: refundable > 0n ? refundable : 0n,
    voidedFils: order.voidedFils,
    heldFils: held ? order.amountFils - order.voidedFils : 0n,
  };
}
