import type { OperationContext } from "../context";
import type { Payment } from "../store/entities";
import { fail } from "./results";

/** A payment of the calling merchant; another merchant's payment is as unknown as a made-up id. */
export function findPayment(ctx: OperationContext, paymentId: string): Payment {
  const payment = ctx.store.get("payment", paymentId);
  if (!payment || payment.clientId !== ctx.merchant.clientId) {
    throw fail("ORDER_NOT_EXIST", "no payment with this paymentId");
  }
  return payment;
}

/** Escrow lifecycle operations exist for escrow payments only (spec: "Only escrow payments support void"). */
export function requireEscrow(payment: Payment): void {
  if (payment.flow !== "ESCROW") {
    throw fail("ORDER_UNSUPPORTED_OPERATION", "this operation applies to escrow payments only");
  }
}

export function money(value: bigint, currency: string) {
  return { currency, value: value.toString() };
}
