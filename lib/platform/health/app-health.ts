import "server-only";
import { getServiceContext } from "@/lib/platform/context/service-context";
// Health of this app instance, as a load balancer and an operator need it:
//   live   the process answers (no dependency is asked: a slow database must not get it restarted);
//   ready  it can serve: PostgreSQL and Redis answer. The wallet is reported but never decides it —
//          if a wallet outage took every instance out of rotation, its notifications would stop
//          being received too.
// Details (errors, the wallet's address, queue backlogs) are for operators: shown when the
// HEALTH_DETAILS setting is on (the default outside production) or asked for by the admin pages.
import { getPrisma } from "@/lib/platform/db/client";
import { getEnv } from "@/lib/platform/env";
import { getAppQueueMetrics } from "@/lib/platform/queue/metrics";
import { ensureRedisReady, getRedis } from "@/lib/platform/redis";
import { walletStateOf } from "@/lib/platform/wallet-check/judge-wallet";
import { probeWallet, walletSettingsOf } from "@/lib/platform/wallet-check/probe-wallet";
import { checkHealth, type HealthReport, ProbeFailure, type ProbeResult } from "./check-health";
import { probeRedis } from "./redis-probe";

/**
 * The wallet's probe: a signed call that changes nothing (lib/platform/wallet-check/probe-wallet.ts), so a
 * wallet that answers but refuses us — an unknown Client-Id, a key it does not hold — is reported
 * "misconfigured", not merely reachable. Readiness is polled often and the wallet is not ours to
 * load: an answer is reused for 30 s, silence for 5 s, and while this instance's circuit breaker is
 * open (its calls get no answer) nothing is sent at all.
 */
const REUSE_ANSWER_MS = 30_000;
const REUSE_SILENCE_MS = 5_000;
/** Under the health check's own 2 s, so a silent wallet is still reported with its detail. */
const PROBE_TIMEOUT_MS = 1_500;
let walletProbeCache: { until: number; result: Promise<Record<string, unknown>> } | undefined;

async function signedWalletProbe(): Promise<Record<string, unknown>> {
  const answer = await probeWallet(walletSettingsOf(getEnv()), "inquiryMerchantInfo", {
    timeoutMs: PROBE_TIMEOUT_MS,
  });
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

function cachedWalletProbe(breakerOpen: boolean): Promise<Record<string, unknown>> {
  if (breakerOpen) {
    const detail = { state: "unreachable" as const, checkedAt: new Date().toISOString() };
    return Promise.reject(
      new ProbeFailure("unreachable: the circuit breaker is open", "unreachable", detail),
    );
  }
  const now = Date.now();
  if (!walletProbeCache || now > walletProbeCache.until) {
    const result = signedWalletProbe();
    const entry = { until: now + REUSE_ANSWER_MS, result };
    walletProbeCache = entry;
    result.catch((error: unknown) => {
      if (!(error instanceof ProbeFailure) || error.state === "unreachable")
        entry.until = now + REUSE_SILENCE_MS;
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
      redis: () => probeRedis(getRedis(), env.redis),
      wallet: async () => {
        const where = {
          baseUrl: env.wallet.baseUrl,
          sandbox: env.wallet.usesSandbox,
          // This instance's view: open means its calls fail fast until a trial call is answered.
          circuitBreaker: getServiceContext().wallet.breaker?.state ?? "none",
        };
        try {
          return { ...(await cachedWalletProbe(where.circuitBreaker === "open")), ...where };
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
