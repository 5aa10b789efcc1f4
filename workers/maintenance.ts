// maintenance: housekeeping of our own tables. Its scan (every WORKER_SCAN_EVERY_SECONDS) applies the
// retention periods: old wallet-call and notification bodies emptied, old rejection counts deleted,
// a bounded number of rows per run (lib/platform/retention).

import type { ServiceContext } from "@/lib/platform/context/service-context";
import { defineJob } from "@/lib/platform/queue/define-job";
import type { JobSettings } from "@/lib/platform/queue/settings";
import { pruneOldRecords } from "@/lib/platform/retention/prune-old-records";

function applyRetention(ctx: ServiceContext, settings: JobSettings) {
  return pruneOldRecords(ctx, {
    bodyMaxAgeMs: settings.retentionBodyMs,
    rejectionMaxAgeMs: settings.retentionRejectionMs,
    batch: settings.retentionBatch,
    maxBatches: settings.retentionMaxBatches,
  });
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
