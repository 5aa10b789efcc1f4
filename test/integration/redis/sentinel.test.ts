// The app behind Sentinel (a primary, its replica and one sentinel, local redis-server processes):
// with REDIS_SENTINELS and REDIS_SENTINEL_NAME set, the connections ask the sentinel where the
// primary is — the failure budgets and the rate limiter count on the primary, readiness names the
// topology — and when the primary is killed mid-run, the sentinel promotes the replica and the
// refund poll job still runs to its end.

import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderAppMetrics } from "@/lib/http/app-metrics";
import { signInBudgets } from "@/lib/operators/sign-in/sign-in-failures";
import { resetEnvForTests } from "@/lib/platform/env";
import { reserveFailure } from "@/lib/platform/failure-budgets";
import { checkReadiness } from "@/lib/platform/health/app-health";
import { DEFAULT_JOB_SETTINGS } from "@/lib/platform/queue/settings";
import { enforceRateLimit } from "@/lib/platform/rate-limit";
import { getRedis } from "@/lib/platform/redis";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { type LocalSentinel, SENTINEL_PRIMARY_NAME, startRedisSentinel } from "@/test/support/redis-sentinel";
import { refundInProgress, refundStatusOf } from "@/test/support/refund-in-progress";
import { type RunningWorkers, startWorkers } from "@/workers/start";

let sentinel: LocalSentinel;
let merchant: MerchantHarness;
let workers: RunningWorkers;

/** A direct connection to the server that is the primary now, to look at what the app wrote. */
async function onPrimary<T>(look: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(await sentinel.primaryPort(), "127.0.0.1", { maxRetriesPerRequest: 1 });
  try {
    return await look(redis);
  } finally {
    redis.disconnect();
  }
}

beforeAll(async () => {
  [sentinel, merchant] = await Promise.all([
    startRedisSentinel(),
    startMerchant({ sandbox: { settings: { refundDelaySeconds: 4 } } }),
  ]);
  const [node] = sentinel.topology.sentinels;
  process.env.REDIS_SENTINELS = `${node?.host}:${node?.port}`;
  process.env.REDIS_SENTINEL_NAME = SENTINEL_PRIMARY_NAME;
  resetEnvForTests();
  workers = await startWorkers({
    ctx: merchant.ctx,
    redis: sentinel.topology,
    prefix: "bull",
    queues: ["refund-poll"],
    settings: DEFAULT_JOB_SETTINGS,
    concurrency: 2,
    lockDurationMs: 3_000,
    schedules: false,
    shutdownGraceMs: 5_000,
  });
}, 120_000);
afterAll(async () => {
  try {
    await workers?.close();
  } finally {
    getRedis().disconnect();
    await sentinel?.stop();
    await merchant?.close();
    delete process.env.REDIS_SENTINELS;
    delete process.env.REDIS_SENTINEL_NAME;
    resetEnvForTests();
  }
});

describe("behind Sentinel", () => {
  it("counts failure budgets and rate limits on the primary the sentinel names", async () => {
    for (const email of ["ops@example.com", "Owner+shop@example.org"]) {
      const { account, pair } = signInBudgets(email, "203.0.113.9");
      const budgets = [{ ...account, limit: 2 }, pair];
      for (let tries = 0; tries < 2; tries++) expect((await reserveFailure(budgets)).ok).toBe(true);
      expect((await reserveFailure(budgets)).ok).toBe(false);
      expect(await onPrimary((redis) => redis.get(account.key))).toBe("2");
    }
    const limit = { name: `sentinel-${Date.now()}`, points: 2, durationSeconds: 60 };
    for (const client of ["198.51.100.7", "2001:db8::7"]) {
      for (let tries = 0; tries < 2; tries++) await enforceRateLimit(limit, client);
      await expect(enforceRateLimit(limit, client)).rejects.toMatchObject({ code: "RATE_LIMITED" });
      // Two allowed and the refused one, all counted on the primary (not in the memory fallback).
      expect(Number(await onPrimary((redis) => redis.get(`rate:${limit.name}:${client}`)))).toBe(3);
    }
  });

  it("reports the topology in readiness and metrics", async () => {
    const { body } = await renderAppMetrics();
    expect(body).toContain('redis_ready{topology="sentinel"} 1');
    expect(body).not.toMatch(/^redis_cluster_primaries[{ ]/m);
    const report = await checkReadiness({ details: true });
    expect(report.checks.redis).toMatchObject({
      ok: true,
      detail: { topology: "sentinel", name: SENTINEL_PRIMARY_NAME },
    });
  });

  it("finishes a refund's polling when the primary dies and the replica is promoted", {
    timeout: 120_000,
  }, async () => {
    const refund = await refundInProgress(merchant, workers.ctx);
    // Replication is asynchronous: on a loaded machine the refund's poll job may not have reached
    // the replica when the primary dies, and a failover that loses it is left to the reconcile
    // scan, minutes later. This test is about the reconnection, so the kill waits until the
    // replica has acknowledged everything written so far (WAIT counts this connection's write,
    // which comes after all the others in the replication stream).
    const replicas = await onPrimary(async (redis) => {
      await redis.set("sentinel-test:replicated", String(Date.now()));
      return Number(await redis.call("WAIT", "1", "10000"));
    });
    expect(replicas).toBe(1);
    const doomed = await sentinel.primaryPort();
    await sentinel.kill(doomed);
    const killedAt = Date.now();
    await merchant.eventually(async () => (await sentinel.primaryPort()) !== doomed, 30_000);
    await merchant.eventually(
      async () => (await refundStatusOf(workers.ctx, refund.id)) === "SUCCESS",
      90_000,
    );
    console.info(
      `redis sentinel failover: refund polled to SUCCESS ${Date.now() - killedAt} ms after its primary was killed`,
    );
    const report = await checkReadiness({ details: true });
    expect(report.checks.redis).toMatchObject({ ok: true, detail: { topology: "sentinel" } });
  });
});
