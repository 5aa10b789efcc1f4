// A paid order and a refund of part of it whose result only the refund poll job will learn (the
// sandbox drops the refund's notification): for tests that need background work in flight.
import { expect } from "vitest";
import { createOrder } from "@/lib/payments/orders/create-order";
import { requestRefund } from "@/lib/payments/refunds/request-refund";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { MerchantHarness } from "./merchant";

export async function refundInProgress(merchant: MerchantHarness, ctx: ServiceContext) {
  const { customerId } = await merchant.newCustomer();
  const { order } = await createOrder(ctx, customerId, {
    flow: "CASHIER",
    items: [{ sku: "COFFEE", quantity: 2 }],
    idempotencyKey: crypto.randomUUID(),
  });
  await merchant.sandbox.payAtCashier(order.paymentId as string);
  await merchant.eventually(
    async () => (await ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status === "PAID",
  );
  await merchant.sandbox.setFault("refund", "DROP_NOTIFICATION");
  const refund = await requestRefund(ctx, order.id, { amountFils: 1_000_000n, requestedBy: "operator:test" });
  expect(refund.status).toBe("PROCESSING");
  return refund;
}

/** The refund's status now. */
export async function refundStatusOf(ctx: ServiceContext, id: string) {
  return (await ctx.prisma.refund.findUniqueOrThrow({ where: { id } })).status;
}
