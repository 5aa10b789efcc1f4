// Whether money of an order went back, as lists and pages show it: a display state derived from
// the amounts, not an order status. The order's status says where the payment stands with the
// wallet (PAID); refunds are their own records, and an order refunded in part is still paid. The
// refunded amount counts refunds the wallet confirmed and those still in flight or awaiting
// approval (refunded_fils reserves them), so "Refunded" may lead the wallet's confirmation by a
// few seconds, never trail it.
export type RefundState = "NONE" | "PARTLY_REFUNDED" | "REFUNDED";

export function refundState(order: {
  amountFils: bigint;
  refundedFils: bigint;
  voidedFils: bigint;
}): RefundState {
  if (order.refundedFils <= 0n) return "NONE";
  return order.refundedFils >= order.amountFils - order.voidedFils ? "REFUNDED" : "PARTLY_REFUNDED";
}
