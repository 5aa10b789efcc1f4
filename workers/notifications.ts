// notifications: apply verified notifications that were stored but not applied inline (a crash
// between the insert and the apply). Applying is idempotent, as on the route.
import { applyStoredNotification } from "@/lib/payments/notifications/receive-notification";
import { findStuckNotifications } from "@/lib/payments/reconcile/find-due-work";
import { defineJob, enqueueEach } from "@/lib/platform/queue/define-job";

export const processNotification = defineJob({
  queue: "notifications",
  handle: async (ctx, { notificationId }) => (await applyStoredNotification(ctx, notificationId)).status,
  scan: enqueueEach(
    "notifications",
    (ctx, settings) => findStuckNotifications(ctx, { now: ctx.now(), limit: settings.scanMaxItems }),
    (notificationId) => ({ notificationId }),
  ),
});
