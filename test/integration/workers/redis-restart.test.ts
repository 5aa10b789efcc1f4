// Redis restarted during work (our own redis-server, without persistence, so it comes back empty):
// the worker process reconnects, puts its job schedulers back, the scans find the unfinished work in
// the database again, and every order is settled exactly once.

import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createOrder } from "@/lib/payments/orders/create-order";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { waitUntil } from "@/test/support/wait";
import {
  type PrivateRedis,
  spawnWorkerProcess,
  startPrivateRedis,
  uniquePrefix,
  type WorkerProcess,
  waitForStart,
  workerEnv,
} from "@/test/support/workers";

let merchant: MerchantHarness;
let redis: PrivateRedis;
let worker: WorkerProcess | undefined;

beforeAll(async () => {
  [merchant, redis] = await Promise.all([
    startMerchant({ sandbox: { settings: { refundDelaySeconds: 0 } } }),
    startPrivateRedis(),
  ]);
});
afterAll(async () => {
  if (worker) {
    worker.kill("SIGKILL");
    await worker.exited;
  }
  await redis?.stop();
  await merchant?.close();
});

it("workers reconnect after a Redis restart and finish the work", { timeout: 90_000 }, async () => {
  const count = 16;
  const { customerId } = await merchant.newCustomer();
  await merchant.sandbox.setFault("pay", "U", count);
  await merchant.sandbox.setFault("payment", "DROP_NOTIFICATION", count);
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const { order } = await createOrder(merchant.ctx, customerId, {
      flow: "CASHIER",
      items: [{ sku: "COFFEE", quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    });
    const [payment] = await merchant.sandbox.control<{ paymentId: string }[]>(
      "GET",
      `/sandbox/payments?paymentRequestId=${order.paymentRequestId}`,
    );
    await merchant.sandbox.payAtCashier((payment as { paymentId: string }).paymentId);
    ids.push(order.id);
  }
  await merchant.ctx.prisma.order.updateMany({
    where: { id: { in: ids } },
    data: { nextReconcileAt: new Date(Date.now() - 1_000) },
  });
  const paid = () => merchant.ctx.prisma.order.count({ where: { id: { in: ids }, status: "PAID" } });

  // Slow wallet answers, so that the restart lands in the middle of the work.
  await merchant.sandbox.settings({ operationLatencyMs: 400 });
  const prefix = uniquePrefix();
  worker = spawnWorkerProcess(
    workerEnv(merchant, {
      redisUrl: redis.url,
      prefix,
      extra: { WORKER_SCAN_EVERY_SECONDS: "1", WORKER_CONCURRENCY: "2", WORKER_LOCK_DURATION_MS: "2000" },
    }),
    ["reconcile"],
  );
  await waitForStart(worker);
  await waitUntil(async () => (await paid()) >= 2, { timeoutMs: 30_000, what: "the first orders settled" });

  await redis.restart(1_000);
  const paidAtRestart = await paid();
  expect(paidAtRestart).toBeLessThan(count);

  await waitUntil(async () => (await paid()) === count, {
    timeoutMs: 45_000,
    what: "every order settled after the restart",
  });
  expect(worker.child.exitCode).toBeNull();
  for (const id of ids) {
    expect(
      await merchant.ctx.prisma.orderEvent.count({ where: { orderId: id, type: "PAY_SUCCEEDED" } }),
    ).toBe(1);
  }
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  try {
    const queue = new Queue("reconcile", { connection, prefix });
    expect(await queue.getJobSchedulersCount()).toBe(1);
    await queue.close();
  } finally {
    connection.disconnect();
  }
  await merchant.sandbox.settings({ operationLatencyMs: 0 });
  console.info(
    `redis restart: ${paidAtRestart}/${count} orders settled before the restart, all ${count} after`,
  );
});
