// expiry: orders past paymentExpiryTime are closed once the wallet confirms it (lib/payments/orders/expire-order).
import { expireOrder } from "@/lib/payments/orders/expire-order";
import { findExpiredOrders } from "@/lib/payments/reconcile/find-due-work";
import { defineJob, enqueueEach } from "@/lib/platform/queue/define-job";

export const processExpiry = defineJob({
  queue: "expiry",
  handle: (ctx, { orderId }, settings) =>
    expireOrder(ctx, orderId, { graceMs: settings.expiryGraceMs, flagAfterMs: settings.flagAfterMs }),
  scan: enqueueEach(
    "expiry",
    (ctx, settings) =>
      findExpiredOrders(ctx, {
        now: ctx.now(),
        graceMs: settings.expiryGraceMs,
        limit: settings.scanMaxItems,
      }),
    (orderId) => ({ orderId }),
  ),
});
