// Closing orders whose payment window is over (expiry queue). We never close an order on our own
// clock: the wallet is asked (inquiryPayment, through reconcileOrder) and its answer moves the order —
// CLOSED, or PAID if the customer paid at the last moment. If the wallet has not closed the payment
// yet, reconciliation keeps asking with backoff.

import { type ReconcileResult, reconcileOrder } from "@/lib/payments/reconcile/reconcile-order";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { UNSETTLED_ORDER_STATUSES } from "./order-state";

export async function expireOrder(
  ctx: ServiceContext,
  orderId: string,
  options: { graceMs: number; flagAfterMs?: number },
): Promise<ReconcileResult> {
  const order = await ctx.prisma.order.findUnique({ where: { id: orderId } });
  if (!order?.paymentExpiresAt || !UNSETTLED_ORDER_STATUSES.includes(order.status)) return "nothing-to-do";
  if (order.paymentExpiresAt.getTime() + options.graceMs > ctx.now().getTime()) return "nothing-to-do";
  const result = await reconcileOrder(ctx, orderId, { flagAfterMs: options.flagAfterMs });
  await ctx.prisma.order.update({ where: { id: orderId }, data: { expiryCheckedAt: ctx.now() } });
  return result;
}
