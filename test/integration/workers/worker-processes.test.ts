// Worker processes as they run in production (`tsx workers/main.ts`), on real Redis and PostgreSQL,
// killed and stopped by PID: two processes never refresh one customer twice, a process killed with
// SIGKILL mid-job leaves its jobs to be retried without applying anything twice, and SIGTERM lets the
// job in hand finish.

import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "@/lib/payments/orders/create-order";
import { QUEUE_NAMES, SCANNED_QUEUES } from "@/lib/platform/queue/definitions";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { waitUntil } from "@/test/support/wait";
import {
  deletePrefix,
  SHARED_REDIS_URL,
  spawnWorkerProcess,
  uniquePrefix,
  type WorkerProcess,
  waitForStart,
  workerEnv,
} from "@/test/support/workers";

let merchant: MerchantHarness;
const prefixes: string[] = [];
const processes: WorkerProcess[] = [];
const connections: Redis[] = [];
// For the tests that slow the wallet on purpose (1.2–1.5 s an answer): the workers' usual 2 s
// inquiry timeout would leave a loaded machine too little margin, and a timed-out inquiry is retried
// with a back-off that the test would then wait out.
const SLOW_WALLET_TIMEOUTS = { WALLET_TIMEOUT_INQUIRY_MS: "6000", WALLET_TIMEOUT_DEFAULT_MS: "6000" };

beforeAll(async () => {
  merchant = await startMerchant({ sandbox: { settings: { refundDelaySeconds: 0 } } });
});
afterEach(async () => {
  for (const worker of processes.splice(0)) {
    worker.kill("SIGKILL");
    await worker.exited;
  }
});
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.quit()));
  await Promise.all(prefixes.map((prefix) => deletePrefix(SHARED_REDIS_URL, prefix)));
  await merchant?.close();
});

function newPrefix() {
  const prefix = uniquePrefix();
  prefixes.push(prefix);
  return prefix;
}

function queueOn(prefix: string, name: string) {
  const connection = new Redis(SHARED_REDIS_URL, { maxRetriesPerRequest: null });
  connections.push(connection);
  return new Queue(name, { connection, prefix });
}

function start(prefix: string, extra: Record<string, string>, queues: string[] = []) {
  const worker = spawnWorkerProcess(
    workerEnv(merchant, {
      redisUrl: SHARED_REDIS_URL,
      prefix,
      extra: { WORKER_SCAN_EVERY_SECONDS: "1", WORKER_LOCK_DURATION_MS: "2000", ...extra },
    }),
    queues,
  );
  processes.push(worker);
  return worker;
}

/** Cashier orders whose `pay` answered U, paid by the user, with the payment notification lost. */
async function unknownPaidOrders(count: number) {
  const { customerId } = await merchant.newCustomer();
  await merchant.sandbox.setFault("pay", "U", count);
  await merchant.sandbox.setFault("payment", "DROP_NOTIFICATION", count);
  const orders = [];
  for (let index = 0; index < count; index++) {
    const { order } = await createOrder(merchant.ctx, customerId, {
      flow: "CASHIER",
      items: [{ sku: "COFFEE", quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    });
    expect(order.status).toBe("UNKNOWN");
    const [payment] = await merchant.sandbox.control<{ paymentId: string }[]>(
      "GET",
      `/sandbox/payments?paymentRequestId=${order.paymentRequestId}`,
    );
    await merchant.sandbox.payAtCashier((payment as { paymentId: string }).paymentId);
    orders.push(order);
  }
  // Due for reconciliation now.
  await merchant.ctx.prisma.order.updateMany({
    where: { id: { in: orders.map((order) => order.id) } },
    data: { nextReconcileAt: new Date(Date.now() - 1_000) },
  });
  return orders;
}

const paidCount = (ids: string[]) =>
  merchant.ctx.prisma.order.count({ where: { id: { in: ids }, status: "PAID" } });

describe("worker processes", () => {
  it("two processes refreshing the same customers: each customer is refreshed exactly once", {
    timeout: 90_000,
  }, async () => {
    // Tokens that expire in 2 minutes (inside the 5-minute refresh-ahead window) ...
    await merchant.sandbox.settings({ accessTokenTtlSeconds: 120 });
    const customers: string[] = [];
    for (let index = 0; index < 10; index++) customers.push((await merchant.newCustomer()).customerId);
    // ... refreshed into tokens of an hour, which are not due again.
    await merchant.sandbox.settings({ accessTokenTtlSeconds: 3600 });
    const before = await merchant.ctx.prisma.walletCall.count({ where: { operation: "applyToken" } });

    const prefix = newPrefix();
    // Besides both processes' scans, three extra jobs per customer without deduplication: the two
    // processes work on the same customers at the same moment.
    const queue = queueOn(prefix, "token-refresh");
    await queue.addBulk(
      customers.flatMap((customerId) =>
        [1, 2, 3].map((copy) => ({
          name: "token-refresh",
          data: { customerId },
          opts: { jobId: `dup-${customerId}-${copy}`, attempts: 3 },
        })),
      ),
    );
    const first = start(prefix, { WORKER_CONCURRENCY: "6" }, ["token-refresh"]);
    const second = start(prefix, { WORKER_CONCURRENCY: "6" }, ["token-refresh"]);
    await Promise.all([waitForStart(first), waitForStart(second)]);

    await waitUntil(
      async () => {
        const refreshed = await merchant.ctx.prisma.walletToken.count({
          where: { customerId: { in: customers }, version: { gte: 1 } },
        });
        const counts = await queue.getJobCounts("waiting", "active");
        // (The scheduler keeps its next scan delayed: only waiting and active jobs count.)
        return refreshed === customers.length && (counts.waiting ?? 0) + (counts.active ?? 0) === 0;
      },
      { timeoutMs: 45_000, what: "every token refreshed and the queue drained" },
    );
    // Let a few more scans run: the refreshed tokens are not due.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const refreshes = await merchant.ctx.prisma.walletCall.findMany({
      where: { operation: "applyToken" },
      orderBy: { id: "asc" },
      skip: before,
    });
    expect(refreshes).toHaveLength(customers.length);
    expect(
      refreshes.map((call) => call.outcome),
      "outcomes of the refreshes",
    ).toEqual(refreshes.map(() => "S"));
    const tokens = await merchant.ctx.prisma.walletToken.findMany({
      where: { customerId: { in: customers } },
    });
    expect(tokens.map((token) => token.version)).toEqual(customers.map(() => 1));
    expect(
      await merchant.ctx.prisma.customer.count({
        where: { id: { in: customers }, needsReauthorization: true },
      }),
    ).toBe(0);
    const completed = await queue.getJobs(["completed"], 0, -1);
    const processedBy = new Set(completed.map((job) => job.processedBy).filter(Boolean));
    expect(processedBy.size).toBe(2);
  });

  it("a process killed with SIGKILL mid-job: its jobs are retried by another and nothing is applied twice", {
    timeout: 90_000,
  }, async () => {
    const orders = await unknownPaidOrders(12);
    const ids = orders.map((order) => order.id);
    // Every wallet answer takes 1.5 s, so jobs are in hand when the process dies.
    await merchant.sandbox.settings({ operationLatencyMs: 1_500 });
    try {
      const prefix = newPrefix();
      const queue = queueOn(prefix, "reconcile");
      const doomed = start(prefix, { WORKER_CONCURRENCY: "3", ...SLOW_WALLET_TIMEOUTS }, ["reconcile"]);
      await waitForStart(doomed);
      const inHand = await waitUntil(
        async () => {
          const active = await queue.getJobs(["active"]);
          return (await paidCount(ids)) >= 1 && active.length >= 1 && active;
        },
        { timeoutMs: 30_000, what: "jobs in hand after some were done" },
      );
      doomed.kill("SIGKILL");
      expect(await doomed.exited).toBe("SIGKILL");
      const paidAtKill = await paidCount(ids);
      expect(paidAtKill).toBeLessThan(ids.length);

      const successor = start(prefix, { WORKER_CONCURRENCY: "3", ...SLOW_WALLET_TIMEOUTS }, ["reconcile"]);
      await waitForStart(successor);
      await waitUntil(async () => (await paidCount(ids)) === ids.length, {
        timeoutMs: 45_000,
        what: "every order paid",
      });

      // The jobs the killed process held were retried (stalled → waiting) and completed.
      for (const job of inHand) {
        const after = await waitUntil(
          async () => {
            const current = await queue.getJob(job.id as string);
            return current?.finishedOn ? current : undefined;
          },
          { timeoutMs: 20_000, what: `job ${job.id} finished` },
        );
        expect(after.failedReason ?? null).toBeNull();
      }
      for (const id of ids) {
        expect(
          await merchant.ctx.prisma.orderEvent.count({ where: { orderId: id, type: "PAY_SUCCEEDED" } }),
        ).toBe(1);
      }
    } finally {
      await merchant.sandbox.settings({ operationLatencyMs: 0 });
    }
  });

  it("`npm run workers` serves every queue with its scans; SIGTERM finishes the job in hand, then exits 0", {
    timeout: 60_000,
  }, async () => {
    const orders = await unknownPaidOrders(2);
    const ids = orders.map((order) => order.id);
    // (Well below the inquiry timeout these workers get, so the answer counts.)
    await merchant.sandbox.settings({ operationLatencyMs: 1_200 });
    try {
      const prefix = newPrefix();
      const worker = start(prefix, { WORKER_CONCURRENCY: "2", ...SLOW_WALLET_TIMEOUTS });
      await waitForStart(worker);
      for (const name of SCANNED_QUEUES) {
        expect(await queueOn(prefix, name).getJobSchedulersCount()).toBe(1);
      }
      expect(worker.output.join("\n")).toContain(JSON.stringify([...QUEUE_NAMES]).slice(1, -1));

      const queue = queueOn(prefix, "reconcile");
      const [inHand] = await waitUntil(
        async () => {
          const active = (await queue.getJobs(["active"])).filter((job) => job.name === "reconcile");
          return active.length > 0 && active;
        },
        { timeoutMs: 20_000, what: "a reconcile job in hand" },
      );
      worker.kill("SIGTERM");
      expect(await worker.exited).toBe(0);
      const finished = await queue.getJob((inHand as { id: string }).id);
      expect(finished?.finishedOn).toBeTruthy();
      expect(finished?.failedReason ?? null).toBeNull();
      expect(worker.output.join("\n")).toContain("workers stopped");
      expect(await paidCount(ids)).toBeGreaterThanOrEqual(1);
    } finally {
      await merchant.sandbox.settings({ operationLatencyMs: 0 });
    }
  });
});
