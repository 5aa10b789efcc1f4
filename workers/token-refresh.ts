// token-refresh: refresh access tokens before they expire, one customer per job. The scan finds
// tokens expiring within TOKEN_REFRESH_AHEAD_SECONDS; routes can enqueue a customer on demand.
import { refreshExpiringToken } from "@/lib/customers/refresh-expiring-token";
import { findExpiringTokens } from "@/lib/payments/reconcile/find-due-work";
import { defineJob, enqueueEach } from "@/lib/platform/queue/define-job";

export const processTokenRefresh = defineJob({
  queue: "token-refresh",
  handle: (ctx, { customerId }, settings) =>
    refreshExpiringToken(ctx, customerId, settings.tokenRefreshAheadMs),
  scan: enqueueEach(
    "token-refresh",
    (ctx, settings) =>
      findExpiringTokens(ctx, {
        now: ctx.now(),
        aheadMs: settings.tokenRefreshAheadMs,
        limit: settings.scanMaxItems,
      }),
    (customerId) => ({ customerId }),
  ),
});
