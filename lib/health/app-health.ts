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
import { walletStateOf } from "@/lib/wallet-check/judge-wallet";
import { probeWallet, walletSettingsOf } from "@/lib/wallet-check/probe-wallet";
import { checkHealth, type HealthReport, ProbeFailure, type ProbeResult } from "./check-health";

/**
 * The wallet's probe: a signed call that changes nothing (lib/wallet-check/probe-wallet.ts), so a
 * wallet that answers but refuses us — an unknown Client-Id, a key it does not hold — is reported
 * "misconfigured", not merely reachable. Its result is reused this long: readiness is polled often,
 * and the wallet is not ours to load.
 */
const WALLET_PROBE_CACHE_MS = 30_000;
let walletProbeCache: { at: number; result: Promise<Record<string, unknown>> } | undefined;

async function signedWalletProbe(): Promise<Record<string, unknown>> {
  const answer = await probeWallet(walletSettingsOf(getEnv()), "inquiryMerchantInfo", { timeoutMs: 2_000 });
  const { state, reason } = walletStateOf(answer);
  const detail = {
    state,
    ...(answer.result ? { resultCode: answer.result.resultCode } : {}),
    ...(answer.clockOffsetMs === undefined ? {} : { clockOffsetMs: answer.clockOffsetMs }),
    checkedAt: new Date().toISOString(),
  };
  if (state !== "ok") throw new ProbeFailure(`${state}: ${reason}`, state, detail);
  return detail;
}

function cachedWalletProbe(): Promise<Record<string, unknown>> {
  const now = Date.now();
  if (!walletProbeCache || now - walletProbeCache.at > WALLET_PROBE_CACHE_MS) {
    const result = signedWalletProbe();
    walletProbeCache = { at: now, result };
    // An unreachable wallet is not cached: the next check asks again. A misconfigured one is, as an
    // answer it is: settings change only with a restart.
    result.catch((error: unknown) => {
      if (!(error instanceof ProbeFailure) || error.state === "unreachable") walletProbeCache = undefined;
    });
  }
  return walletProbeCache.result;
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
      wallet: async () => {
        const where = {
          baseUrl: env.wallet.baseUrl,
          sandbox: env.wallet.usesSandbox,
          // This instance's view: open means its calls fail fast until a trial call is answered.
          circuitBreaker: getServiceContext().wallet.breaker?.state ?? "none",
        };
        try {
          return { ...(await cachedWalletProbe()), ...where };
        } catch (error) {
          if (error instanceof ProbeFailure) {
            throw new ProbeFailure(error.message, error.state, { ...error.detail, ...where });
          }
          throw error;
        }
      },
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
    checks[name] = {
      ok: result.ok,
      latencyMs: result.latencyMs,
      ...(result.state ? { state: result.state } : {}),
    };
  }
  return { ...report, checks };
}
