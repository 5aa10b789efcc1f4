import "server-only";
import { countReconcileBacklog } from "@/lib/payments/reconcile/count-backlog";
import { getServiceContext } from "@/lib/platform/context/service-context";
import { replicaLagSeconds } from "@/lib/platform/db/read-model";
import { getEnv } from "@/lib/platform/env";
import { ProbeFailure } from "@/lib/platform/health/check-health";
import { probeRedis } from "@/lib/platform/health/redis-probe";
import { renderMetrics } from "@/lib/platform/observability/metrics";
import type { RedisState } from "@/lib/platform/observability/scrape-collectors";
import { registerScrapeCollectors } from "@/lib/platform/observability/scrape-collectors";
// The app's metrics page: this instance's registry plus the gauges read at scrape time from the
// deployment's Redis (queues) and PostgreSQL (reconciliation backlog, orders needing attention).
import { getAppQueueMetrics } from "@/lib/platform/queue/metrics";
import { ensureRedisReady, getRedis } from "@/lib/platform/redis";

/** Redis as readiness probes it; a probe that fails is a state (not ready), not a failed source. */
async function redisState(): Promise<RedisState> {
  const topology = getEnv().redis;
  try {
    const detail = await probeRedis(getRedis(), topology);
    return { topology: topology.kind, ready: true, primaries: detail.primaries as number | undefined };
  } catch (error) {
    const primaries = error instanceof ProbeFailure ? (error.detail.primaries as number) : undefined;
    return { topology: topology.kind, ready: false, ...(primaries === undefined ? {} : { primaries }) };
  }
}

export async function renderAppMetrics(): Promise<{ body: string; contentType: string }> {
  registerScrapeCollectors({
    queues: async () => {
      await ensureRedisReady(getRedis());
      return getAppQueueMetrics();
    },
    // Counts to look at, so they read the console's read model (the replica, when there is one).
    backlog: () => countReconcileBacklog({ prisma: getServiceContext().readModel }),
    redis: redisState,
    // Null on the primary itself (no replica configured): the gauge is then left out.
    replicaLag: () => replicaLagSeconds(getServiceContext().readModel),
  });
  return renderMetrics();
}
