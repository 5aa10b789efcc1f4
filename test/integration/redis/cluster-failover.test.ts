// A Redis Cluster primary killed while its replica is slow to take over (held back for 12 s: a loaded
// host, or production's 15 s `cluster-node-timeout`). Meanwhile every node answers CLUSTERDOWN, so
// the events worker's queue is unusable even on a shard that is alive. Afterwards the events scan
// must run again on its own: before lib/platform/redis.ts gave the workers' cluster clients no ready
// check and a retry budget longer than a takeover, the worker either never fetched a job again (its
// blocking connection's reset awaited an ioredis connect() that never settles) or left the scan job
// active, unscheduled, until its 30 s lock and the stalled check let it go. And the routes' Redis
// calls meanwhile: an enqueue that cannot be made is a 503 with Retry-After (the client re-sends),
// a rate limit falls back to the process's memory.

import type { Job } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponse } from "@/lib/http/error-response";
import { resetEnvForTests } from "@/lib/platform/env";
import { SCAN_JOB } from "@/lib/platform/queue/definitions";
import { enforceRateLimit } from "@/lib/platform/rate-limit";
import { getRedis } from "@/lib/platform/redis";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { type LocalCluster, startRedisCluster } from "@/test/support/redis-cluster";
import { type RunningWorkers, startWorkers } from "@/workers/start";

const TAKEOVER_HELD_MS = 12_000;

let cluster: LocalCluster;
let merchant: MerchantHarness;
let workers: RunningWorkers;
/** When each events scan completed, and every error the events worker reported. */
const scans: number[] = [];
const workerErrors: string[] = [];

beforeAll(async () => {
  [cluster, merchant] = await Promise.all([startRedisCluster(), startMerchant()]);
  process.env.REDIS_CLUSTER_NODES = cluster.topology.nodes
    .map((node) => `${node.host}:${node.port}`)
    .join(",");
  resetEnvForTests();
  // The production lock (30 s): a scan job left active is noticed only when it expires.
  workers = await startWorkers({
    ctx: merchant.ctx,
    redis: cluster.topology,
    prefix: "bull",
    queues: ["events"],
    shutdownGraceMs: 5_000,
  });
  const events = workers.workers[0];
  events?.on("completed", (job: Job) => {
    if (job.name === SCAN_JOB) scans.push(Date.now());
  });
  events?.on("error", (error) => workerErrors.push(error.message));
}, 120_000);
afterAll(async () => {
  try {
    await workers?.close();
  } finally {
    getRedis().disconnect();
    await cluster?.stop();
    await merchant?.close();
    delete process.env.REDIS_CLUSTER_NODES;
    resetEnvForTests();
  }
});

const scansSince = (at: number) => scans.filter((completed) => completed > at).length;

/** Kills the primary on `port`, holds its replica back for TAKEOVER_HELD_MS, running `meanwhile`. */
async function killWithSlowTakeover(port: number, meanwhile: () => Promise<void> = async () => {}) {
  const release = await cluster.holdTakeover(port);
  await cluster.kill(port);
  await Promise.all([meanwhile(), new Promise((resolve) => setTimeout(resolve, TAKEOVER_HELD_MS))]);
  await release();
  await cluster.waitUntilTakenOver(port);
  return Date.now();
}

describe("a Redis Cluster primary dies and its replica is slow to take over", () => {
  it("the events scan runs again, on a shard that stayed up; the routes' calls meanwhile are 503s or fall back", {
    timeout: 120_000,
  }, async () => {
    await merchant.eventually(async () => scansSince(0) > 0);
    const doomed = await cluster.primaryPortOf("{bull-refund-poll}");
    expect(await cluster.primaryPortOf("{bull-events}")).not.toBe(doomed);

    const takenOverAt = await killWithSlowTakeover(doomed, async () => {
      // Wait for the cluster to be marked down, then what a refund route and a rate limit do.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const enqueue = await workers.ctx.jobs.enqueue("refund-poll", { refundId: "held" }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(enqueue, "an enqueue on a shard without a primary").toBeInstanceOf(Error);
      const answer = errorResponse(enqueue);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("Retry-After")).toBeTruthy();
      await enforceRateLimit(
        { name: `takeover-${Date.now()}`, points: 5, durationSeconds: 60 },
        "198.51.100.9",
      );
    });

    await merchant.eventually(async () => scansSince(takenOverAt) > 0, 30_000);
    expect(workerErrors.filter((message) => /next iteration/.test(message))).toEqual([]);
  });

  it("the events scan runs again when the primary of its own queue dies", { timeout: 120_000 }, async () => {
    const doomed = await cluster.primaryPortOf("{bull-events}");
    const takenOverAt = await killWithSlowTakeover(doomed);
    expect(await cluster.primaryPortOf("{bull-events}")).not.toBe(doomed);
    await merchant.eventually(async () => scansSince(takenOverAt) > 0, 30_000);
    expect(workerErrors.filter((message) => /next iteration/.test(message))).toEqual([]);
  });
});
