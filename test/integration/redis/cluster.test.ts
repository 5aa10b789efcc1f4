// The app on a real Redis Cluster (six local redis-server processes, three shards): with
// REDIS_CLUSTER_NODES set, every Redis user goes through the cluster client — the refund poll job
// runs to its end, each queue's keys share one slot and different queues use different slots, the
// failure budgets' script and the rate limiter count in the cluster (not in the in-memory fallback
// they keep for outages), readiness reports the cluster's state, and when the primary holding the
// refund poll queue is killed mid-run its replica takes over and the refund still completes.

import { Cluster } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderAppMetrics } from "@/lib/http/app-metrics";
import { forgetSignInFailures, signInBudgets } from "@/lib/operators/sign-in/sign-in-failures";
import { resetEnvForTests } from "@/lib/platform/env";
import { forgetFailuresStartingWith, reserveFailure } from "@/lib/platform/failure-budgets";
import { checkReadiness } from "@/lib/platform/health/app-health";
import { QUEUE_NAMES } from "@/lib/platform/queue/definitions";
import { DEFAULT_JOB_SETTINGS } from "@/lib/platform/queue/settings";
import { enforceRateLimit } from "@/lib/platform/rate-limit";
import { getRedis, readyRedis } from "@/lib/platform/redis";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { type LocalCluster, startRedisCluster } from "@/test/support/redis-cluster";
import { refundStatusOf, refundInProgress as startRefund } from "@/test/support/refund-in-progress";
import { type RunningWorkers, startWorkers } from "@/workers/start";

let cluster: LocalCluster;
let merchant: MerchantHarness;
let workers: RunningWorkers;
/** A client of our own, to look at what the app wrote. */
let inspector: Cluster;

beforeAll(async () => {
  [cluster, merchant] = await Promise.all([
    startRedisCluster(),
    // Refunds stay in process for a while, so the poll job has work to do across a failover.
    startMerchant({ sandbox: { settings: { refundDelaySeconds: 4 } } }),
  ]);
  process.env.REDIS_CLUSTER_NODES = cluster.topology.nodes
    .map((node) => `${node.host}:${node.port}`)
    .join(",");
  resetEnvForTests();
  inspector = new Cluster(cluster.topology.nodes, { redisOptions: { maxRetriesPerRequest: 3 } });
  workers = await startWorkers({
    ctx: merchant.ctx,
    redis: cluster.topology,
    prefix: "bull",
    queues: ["refund-poll", "reconcile", "maintenance"],
    settings: { ...DEFAULT_JOB_SETTINGS, scanEveryMs: 1_000 },
    concurrency: 2,
    lockDurationMs: 3_000,
    // Closing after a failover can wait on the dead primary (workers/start.ts): not for long here.
    shutdownGraceMs: 5_000,
  });
}, 120_000);
afterAll(async () => {
  try {
    await workers?.close();
  } finally {
    getRedis().disconnect();
    inspector?.disconnect();
    await cluster?.stop();
    await merchant?.close();
    delete process.env.REDIS_CLUSTER_NODES;
    resetEnvForTests();
  }
});

const refundInProgress = () => startRefund(merchant, workers.ctx);
const refundStatus = (id: string) => refundStatusOf(workers.ctx, id);

/** Every key of the cluster whose name starts with `prefix` (SCAN on each primary). */
async function keysStartingWith(prefix: string): Promise<string[]> {
  const found: string[] = [];
  for (const node of inspector.nodes("master")) {
    let cursor = "0";
    do {
      const [next, keys] = await node.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      found.push(...keys);
      cursor = next;
    } while (cursor !== "0");
  }
  return found;
}

const slotOf = async (key: string) => Number(await inspector.cluster("KEYSLOT", key));

describe("on a Redis Cluster", () => {
  it("polls a payment's refund to its end", { timeout: 60_000 }, async () => {
    const refund = await refundInProgress();
    await merchant.eventually(async () => (await refundStatus(refund.id)) === "SUCCESS", 45_000);
    const polls = await workers.ctx.prisma.walletCall.count({
      where: { operation: "inquiryRefund", refundId: refund.id },
    });
    expect(polls).toBeGreaterThan(0);
  });

  it("keeps each queue's keys in one slot, and different queues in different slots", async () => {
    const slotsByQueue = new Map<string, Set<number>>();
    for (const name of ["refund-poll", "reconcile", "maintenance"]) {
      const keys = await keysStartingWith(`{bull-${name}}:${name}:`);
      expect(keys.length, `keys of ${name}`).toBeGreaterThan(0);
      slotsByQueue.set(name, new Set(await Promise.all(keys.map(slotOf))));
    }
    for (const [name, slots] of slotsByQueue) expect(slots.size, name).toBe(1);
    const slots = [...slotsByQueue.values()].map((set) => [...set][0]);
    expect(new Set(slots).size).toBe(slots.length);
    // And the tags of all the queues spread over more than one shard.
    const owners = new Set(
      await Promise.all(QUEUE_NAMES.map((name) => cluster.primaryPortOf(`{bull-${name}}`))),
    );
    expect(owners.size).toBeGreaterThan(1);
    // Nothing was written under the untagged prefix a single server would use.
    expect(await keysStartingWith("bull:")).toEqual([]);
  });

  it("counts failure budgets in the cluster, in one script per sign-in", async () => {
    const emails = ["ops@example.com", "Owner+shop@example.org", `someone-${Date.now()}@example.net`];
    for (const email of emails) {
      const { account, pair } = signInBudgets(email, "203.0.113.7");
      const budgets = [{ ...account, limit: 3 }, pair];
      for (let tries = 0; tries < 3; tries++) expect((await reserveFailure(budgets)).ok).toBe(true);
      const refused = await reserveFailure(budgets);
      expect(refused).toMatchObject({ ok: false, budget: { key: account.key } });
      // Counted in Redis (the in-memory fallback would leave these keys absent).
      expect(await inspector.get(account.key)).toBe("3");
      expect(await inspector.get(pair.key)).toBe("3");
      await forgetSignInFailures(email);
      expect(await inspector.exists(account.key, pair.key)).toBe(0);
      expect((await reserveFailure(budgets)).ok).toBe(true);
    }
  });

  it("forgets failures under a prefix on every shard (an unlock), key by key", async () => {
    const prefix = `unlock-${Date.now()}-`;
    // Keys of many slots under one prefix: they land on every primary.
    const keys = Array.from({ length: 24 }, (_, index) => `${prefix}{${index}}`);
    for (const key of keys) await reserveFailure([{ key, limit: 5, windowMs: 60_000 }]);
    const shards = new Set(await Promise.all(keys.map((key) => cluster.primaryPortOf(key))));
    expect(shards.size).toBe(3);
    expect(await keysStartingWith(prefix)).toHaveLength(keys.length);
    await forgetFailuresStartingWith(prefix, readyRedis);
    expect(await keysStartingWith(prefix)).toEqual([]);
  });

  it("refuses a script over keys of different slots, which is why every budget shares a tag", async () => {
    const apart = [
      { key: `budget-a-${Date.now()}`, limit: 3, windowMs: 60_000 },
      { key: `budget-b-${Date.now()}`, limit: 3, windowMs: 60_000 },
    ];
    expect(await slotOf(apart[0]?.key as string)).not.toBe(await slotOf(apart[1]?.key as string));
    await expect(reserveFailure(apart)).rejects.toThrow(/CROSSSLOT/);
  });

  it("rate-limits through the cluster", async () => {
    const limit = { name: `cluster-${Date.now()}`, points: 3, durationSeconds: 60 };
    for (const client of ["198.51.100.1", "2001:db8::1", "198.51.100.2"]) {
      for (let tries = 0; tries < 3; tries++) await enforceRateLimit(limit, client);
      await expect(enforceRateLimit(limit, client)).rejects.toMatchObject({ code: "RATE_LIMITED" });
      expect(Number(await inspector.get(`rate:${limit.name}:${client}`))).toBeGreaterThanOrEqual(3);
    }
  });

  it("reports the cluster's state in readiness and metrics", async () => {
    const { body } = await renderAppMetrics();
    expect(body).toContain('redis_ready{topology="cluster"} 1');
    expect(body).toContain(`redis_cluster_primaries{topology="cluster"} 3`);
    const report = await checkReadiness({ details: true });
    expect(report.checks.redis).toMatchObject({
      ok: true,
      detail: { topology: "cluster", clusterState: "ok", slotsOk: 16_384, primaries: 3, knownNodes: 6 },
    });
  });

  it("finishes a refund's polling when the primary holding its queue dies mid-run", {
    timeout: 90_000,
  }, async () => {
    const refund = await refundInProgress();
    const doomed = await cluster.primaryPortOf("{bull-refund-poll}");
    await cluster.kill(doomed);
    const killedAt = Date.now();
    await cluster.waitUntilTakenOver(doomed);
    const promoted = await cluster.primaryPortOf("{bull-refund-poll}");
    expect(promoted).not.toBe(doomed);
    await merchant.eventually(async () => (await refundStatus(refund.id)) === "SUCCESS", 60_000);
    console.info(
      `redis cluster failover: refund polled to SUCCESS ${Date.now() - killedAt} ms after its primary was killed`,
    );
    const report = await checkReadiness({ details: true });
    expect(report.checks.redis).toMatchObject({ ok: true, detail: { clusterState: "ok", primaries: 3 } });
  });
});
