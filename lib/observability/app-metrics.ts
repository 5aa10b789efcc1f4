import "server-only";
import { getServiceContext } from "@/lib/context/service-context";
// The app's metrics page: this instance's registry plus the gauges read at scrape time from the
// deployment's Redis (queues) and PostgreSQL (reconciliation backlog, orders needing attention).
import { getAppQueueMetrics } from "@/lib/queue/metrics";
import { countReconcileBacklog } from "@/lib/reconcile/count-backlog";
import { ensureRedisReady, getRedis } from "@/lib/redis";
import { renderMetrics } from "./metrics";
import { registerScrapeCollectors } from "./scrape-collectors";

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
