// expiry: orders past paymentExpiryTime are closed once the wallet confirms it (lib/orders/expire-order).
import { expireOrder } from "@/lib/orders/expire-order";
import { defineJob, enqueueEach } from "@/lib/queue/define-job";
import { findExpiredOrders } from "@/lib/reconcile/find-due-work";

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
