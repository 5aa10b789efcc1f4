// notifications: apply verified notifications that were stored but not applied inline (a crash
// between the insert and the apply). Applying is idempotent, as on the route.

import { applyStoredNotification } from "@/lib/notifications/receive-notification";
import { defineJob, enqueueAll } from "@/lib/queue/define-job";
import { findStuckNotifications } from "@/lib/reconcile/find-due-work";

export const processNotification = defineJob({
  queue: "notifications",
  handle: async (ctx, { notificationId }) => (await applyStoredNotification(ctx, notificationId)).status,
  async scan(ctx, settings) {
    const ids = await findStuckNotifications(ctx, { now: ctx.now(), limit: settings.scanMaxItems });
    return {
      enqueued: await enqueueAll(
        ctx,
        "notifications",
        ids.map((notificationId) => ({ notificationId })),
      ),
    };
  },
});
