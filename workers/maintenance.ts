// maintenance: housekeeping of our own tables. Its scan (every WORKER_SCAN_EVERY_SECONDS) applies the
// retention periods: old wallet-call bodies emptied, old rejection counts deleted, a bounded number
// of rows per run (lib/platform/retention); and it keeps the wallet-call log's monthly partitions
// created ahead and drops the months past their period whose orders are settled; the same for the
// outbox, whose months go once nothing in them is pending, and for the notifications, whose months
// go once past RETENTION_BODY_DAYS with every notification in them applied.

import { UNSETTLED_ORDER_STATUSES } from "@/lib/payments/orders/order-state";
import { REFUND_IN_FLIGHT_STATUSES } from "@/lib/payments/refunds/refund-state";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { defineJob } from "@/lib/platform/queue/define-job";
import type { JobSettings } from "@/lib/platform/queue/settings";
import { expireNotifications } from "@/lib/platform/retention/expire-notifications";
import { expireOutbox } from "@/lib/platform/retention/expire-outbox";
import { expireWalletCalls } from "@/lib/platform/retention/expire-wallet-calls";
import { pruneOldRecords } from "@/lib/platform/retention/prune-old-records";

async function applyRetention(ctx: ServiceContext, settings: JobSettings) {
  const pruned = await pruneOldRecords(ctx, {
    bodyMaxAgeMs: settings.retentionBodyMs,
    rejectionMaxAgeMs: settings.retentionRejectionMs,
    batch: settings.retentionBatch,
    maxBatches: settings.retentionMaxBatches,
  });
  const expired = await expireWalletCalls(ctx, {
    maxAgeMs: settings.retentionWalletCallMs,
    unsettledOrderStatuses: UNSETTLED_ORDER_STATUSES,
    unsettledRefundStatuses: REFUND_IN_FLIGHT_STATUSES,
    batch: settings.retentionBatch,
  });
  const outbox = await expireOutbox(ctx, { maxAgeMs: settings.retentionEventMs });
  const notifications = await expireNotifications(ctx, { maxAgeMs: settings.retentionBodyMs });
  return { ...pruned, ...expired, ...outbox, ...notifications };
}

export const processMaintenance = defineJob({
  queue: "maintenance",
  handle: (ctx, { task }, settings) => {
    switch (task) {
      case "retention":
        return applyRetention(ctx, settings);
    }
  },
  scan: applyRetention,
});
