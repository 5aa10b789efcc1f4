import "server-only";
import { countReconcileBacklog } from "@/lib/payments/reconcile/count-backlog";
import { getServiceContext } from "@/lib/platform/context/service-context";
import { renderMetrics } from "@/lib/platform/observability/metrics";
import { registerScrapeCollectors } from "@/lib/platform/observability/scrape-collectors";
// The app's metrics page: this instance's registry plus the gauges read at scrape time from the
// deployment's Redis (queues) and PostgreSQL (reconciliation backlog, orders needing attention).
import { getAppQueueMetrics } from "@/lib/platform/queue/metrics";
import { ensureRedisReady, getRedis } from "@/lib/platform/redis";

export async function renderAppMetrics(): Promise<{ body: string; contentType: string }> {
  registerScrapeCollectors({
    queues: async () => {
      await ensureRedisReady(getRedis());
      return getAppQueueMetrics();
    },
    backlog: () => countReconcileBacklog(getServiceContext()),
  });
  return renderMetrics();
}
