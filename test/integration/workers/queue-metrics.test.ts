// The producer side on real Redis: deterministic job ids deduplicate unfinished work only, payloads
// are validated before they reach Redis, and the per-queue metrics operators see.
import { Worker } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BullJobQueue } from "@/lib/platform/queue/bullmq-queue";
import { getQueueMetrics } from "@/lib/platform/queue/metrics";
import { deletePrefix, SHARED_REDIS_URL, uniquePrefix } from "@/test/support/workers";

const prefix = uniquePrefix();
let connection: Redis;
let jobs: BullJobQueue;

beforeAll(() => {
  connection = new Redis(SHARED_REDIS_URL, { maxRetriesPerRequest: 1 });
  jobs = new BullJobQueue(() => connection, prefix);
});
afterAll(async () => {
  await jobs.close();
  await connection.quit();
  await deletePrefix(SHARED_REDIS_URL, prefix);
});

describe("job queue", () => {
  it("enqueueing the same work twice while it is pending adds one job; once done, it can be enqueued again", async () => {
    await jobs.enqueue("expiry", { orderId: "order-1" });
    await jobs.enqueue("expiry", { orderId: "order-1" });
    await jobs.enqueue("expiry", { orderId: "order-2" });
    expect(await jobs.queue("expiry").getWaitingCount()).toBe(2);

    const workerConnection = new Redis(SHARED_REDIS_URL, { maxRetriesPerRequest: null });
    const worker = new Worker("expiry", async () => "done", { connection: workerConnection, prefix });
    await new Promise<void>((resolve) => {
      let completed = 0;
      worker.on("completed", () => {
        if (++completed === 2) resolve();
      });
    });
    await worker.close();
    await workerConnection.quit();
    await jobs.enqueue("expiry", { orderId: "order-1" });
    expect(await jobs.queue("expiry").getWaitingCount()).toBe(1);
  });

  it("refund polls are numbered, so the next poll is a new job while the current one runs", async () => {
    await jobs.enqueue("refund-poll", { refundId: "r1" });
    await jobs.enqueue("refund-poll", { refundId: "r1", poll: 1 }, { delayMs: 5_000 });
    await jobs.enqueue("refund-poll", { refundId: "r1", poll: 0 });
    const queue = jobs.queue("refund-poll");
    expect(await queue.getWaitingCount()).toBe(1);
    expect(await queue.getDelayedCount()).toBe(1);
  });

  it("a payload that breaks its schema never reaches Redis", async () => {
    await expect(jobs.enqueue("reconcile", { kind: "invoice", id: "x" } as never)).rejects.toThrow();
    expect(await jobs.queue("reconcile").count()).toBe(0);
  });
});

describe("queue metrics", () => {
  it("counts waiting, delayed and failed jobs per queue and ages the oldest waiting one", async () => {
    await jobs.enqueue("push", { pushMessageId: "p1" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await jobs.enqueue("push", { pushMessageId: "p2" });
    await jobs.enqueue("push", { pushMessageId: "p3" }, { delayMs: 60_000 });
    await jobs.queue("notifications").add("notifications", { notificationId: "n1" }, { attempts: 1 });
    const workerConnection = new Redis(SHARED_REDIS_URL, { maxRetriesPerRequest: null });
    const worker = new Worker(
      "notifications",
      async () => {
        throw new Error("boom");
      },
      { connection: workerConnection, prefix },
    );
    await new Promise((resolve) => worker.once("failed", resolve));
    await worker.close();
    await workerConnection.quit();

    const metrics = await getQueueMetrics(
      (name) => jobs.queue(name),
      ["push", "notifications", "token-refresh"],
    );
    const byQueue = Object.fromEntries(metrics.map((metric) => [metric.queue, metric]));
    expect(byQueue.push).toMatchObject({ waiting: 2, delayed: 1, active: 0, failed: 0 });
    expect(byQueue.push?.oldestWaitingAgeMs).toBeGreaterThanOrEqual(50);
    expect(byQueue.notifications).toMatchObject({ waiting: 0, failed: 1, oldestWaitingAgeMs: null });
    expect(byQueue["token-refresh"]).toMatchObject({ waiting: 0, active: 0, delayed: 0, failed: 0 });
  });
});
