import "server-only";
// Health of this app instance, as a load balancer and an operator need it:
//   live   the process answers (no dependency is asked: a slow database must not get it restarted);
//   ready  it can serve: PostgreSQL and Redis answer. The wallet is reported but never decides it —
//          if a wallet outage took every instance out of rotation, its notifications would stop
//          being received too.
// Details (errors, the wallet's address, queue backlogs) are for operators: shown when the
// HEALTH_DETAILS setting is on (the default outside production) or asked for by the admin pages.
import { getPrisma } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { getAppQueueMetrics } from "@/lib/queue/metrics";
import { ensureRedisReady, getRedis } from "@/lib/redis";
import { getServiceContext } from "@/lib/services/context";
import { checkHealth, type HealthReport, type ProbeResult, walletProbe } from "./check-health";

/** A wallet probe result is reused this long: readiness is polled often, the wallet is not ours. */
const WALLET_PROBE_CACHE_MS = 30_000;
let walletProbeCache: { at: number; result: Promise<Record<string, unknown> | undefined> } | undefined;

function cachedWalletProbe(baseUrl: string) {
  return () => {
    const now = Date.now();
    if (!walletProbeCache || now - walletProbeCache.at > WALLET_PROBE_CACHE_MS) {
      const result = walletProbe(baseUrl)();
      walletProbeCache = { at: now, result };
      // A failed probe is not cached: the next check asks again.
      result.catch(() => {
        walletProbeCache = undefined;
      });
    }
    return walletProbeCache.result;
  };
}

export async function checkReadiness(options: { details?: boolean; queues?: boolean } = {}) {
  const env = getEnv();
  const report = await checkHealth(
    {
      database: async () => {
        await getPrisma().$queryRaw`SELECT 1`;
      },
      redis: async () => {
        const redis = getRedis();
        await ensureRedisReady(redis);
        await redis.ping();
      },
      wallet: async () => ({
        ...(await cachedWalletProbe(env.wallet.baseUrl)()),
        baseUrl: env.wallet.baseUrl,
        sandbox: env.wallet.usesSandbox,
        // This instance's view: open means its calls fail fast until a trial call is answered.
        circuitBreaker: getServiceContext().wallet.breaker?.state ?? "none",
      }),
      // Backlog per queue: waiting/active/delayed/failed, oldest age. Operators only.
      ...(options.queues
        ? {
            queues: async () => {
              await ensureRedisReady(getRedis());
              return { queues: await getAppQueueMetrics() };
            },
          }
        : {}),
    },
    2_000,
    ["database", "redis"],
  );
  return (options.details ?? env.healthDetails) ? report : summarize(report);
}

/** Only whether each dependency answered and how fast: nothing about where it lives or why it failed. */
function summarize(report: HealthReport): HealthReport {
  const checks: Record<string, ProbeResult> = {};
  for (const [name, result] of Object.entries(report.checks)) {
    checks[name] = { ok: result.ok, latencyMs: result.latencyMs };
  }
  return { ...report, checks };
}
