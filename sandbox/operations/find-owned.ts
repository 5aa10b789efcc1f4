// Finding what an operation names. Another merchant's payment or refund is as unknown as a made-up
// id: a merchant learns nothing about ids that are not its own.
import type { OperationContext } from "../context";
import type { Payment, Refund } from "../store/entities";
import { fail } from "./results";

/**
 * A payment or refund by the wallet's id or, without one, by the merchant's request id (the
 * inquiries' rule: when both are sent, the wallet's id wins and the request id is ignored).
 */
export function findOwned<K extends "payment" | "refund">(
  ctx: OperationContext,
  kind: K,
  ids: { id?: string | undefined; requestId?: string | undefined },
): (K extends "payment" ? Payment : Refund) | undefined {
  const found: Payment | Refund | undefined = ids.id
    ? ctx.store.get(kind, ids.id)
    : ctx.store.findByRequestId(kind, ctx.merchant.clientId, ids.requestId ?? "");
  if (!found || found.clientId !== ctx.merchant.clientId) return undefined;
  return found as K extends "payment" ? Payment : Refund;
}

export function findPayment(ctx: OperationContext, paymentId: string): Payment {
  const payment = findOwned(ctx, "payment", { id: paymentId });
  if (!payment) throw fail("ORDER_NOT_EXIST", "no payment with this paymentId");
  return payment;
}

/** Escrow lifecycle operations exist for escrow payments only (spec: "Only escrow payments support void"). */
export function requireEscrow(payment: Payment): void {
  if (payment.flow !== "ESCROW") {
    throw fail("ORDER_UNSUPPORTED_OPERATION", "this operation applies to escrow payments only");
  }
}
