// The money of an order as an operator needs it before acting, all in fils:
//   captured − refunded − pending − awaiting approval = refundable
// with the figures of lib/payments/refunds/refund-figures.ts: "refunded" is what the wallet
// confirmed, "pending" what refunds still in flight reserve (created, processing or unknown: they may
// still succeed, so they cannot be refunded again), and "awaiting approval" what refund requests
// above their requester's limits hold. Failed refunds are shown apart and take nothing.

import { capturedFils, ESCROW_HELD_STATUSES } from "@/lib/payments/orders/order-state";
import { snapshotOf } from "@/lib/payments/orders/transition-order";
import { refundFigures } from "@/lib/payments/refunds/refund-figures";
import type { Order, Refund, RefundRequest } from "@/lib/platform/db";

export interface OrderMoney {
  amountFils: bigint;
  capturedFils: bigint;
  refundedFils: bigint;
  pendingRefundFils: bigint;
  awaitingApprovalFils: bigint;
  /** Refused by the wallet: the money never left; shown so nobody counts it as refunded. */
  failedRefundFils: bigint;
  refundableFils: bigint;
  voidedFils: bigint;
  /** Escrow money the wallet still holds for this order (paid or accepted, not yet confirmed). */
  heldFils: bigint;
}

export function orderMoney(
  order: Order,
  refunds: Pick<Refund, "status" | "amountFils">[],
  requests: Pick<RefundRequest, "status" | "amountFils" | "kind">[] = [],
): OrderMoney {
  const captured = capturedFils(snapshotOf(order));
  const figures = refundFigures(refunds, requests);
  const refundable = captured - figures.refundedFils - figures.inFlightFils - figures.awaitingApprovalFils;
  const held = order.flow === "ESCROW" && ESCROW_HELD_STATUSES.includes(order.status);
  return {
    amountFils: order.amountFils,
    capturedFils: captured,
    refundedFils: figures.refundedFils,
    pendingRefundFils: figures.inFlightFils,
    awaitingApprovalFils: figures.awaitingApprovalFils,
    failedRefundFils: figures.failedFils,
    refundableFils: refundable > 0n ? refundable : 0n,
    voidedFils: order.voidedFils,
    heldFils: held ? order.amountFils - order.voidedFils : 0n,
  };
}
