// A request's id follows the work it causes into the background: a job enqueued while a request is
// served carries the id (beside its payload, not in its job id), the worker runs the job under it —
// its log lines and its wallet calls name it, with the job's own id and queue — and the jobs that
// job enqueues carry it on. Scheduled scans, which no request caused, run under their job's id.
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "@/lib/payments/orders/create-order";
import { requestRefund } from "@/lib/payments/refunds/request-refund";
import { runWithRequestContext } from "@/lib/platform/observability/request-context";
import { JOB_ORIGIN_KEY, SCAN_JOB } from "@/lib/platform/queue/definitions";
import { DEFAULT_JOB_SETTINGS } from "@/lib/platform/queue/settings";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";
import { deletePrefix, SHARED_REDIS_URL, uniquePrefix } from "@/test/support/workers";
import { type RunningWorkers, startWorkers } from "@/workers/start";

let merchant: MerchantHarness;
let workers: RunningWorkers;
const prefix = uniquePrefix();

beforeAll(async () => {
  // Refunds stay in process for a few seconds, so the refund poll job has work to do.
  merchant = await startMerchant({ sandbox: { settings: { refundDelaySeconds: 3 } } });
  workers = await startWorkers({
    ctx: merchant.ctx,
    redis: SHARED_REDIS_URL,
    prefix,
    queues: ["refund-poll", "reconcile", "maintenance"],
    settings: { ...DEFAULT_JOB_SETTINGS, scanEveryMs: 1_000 },
    concurrency: 2,
  });
});
afterAll(async () => {
  await workers?.close();
  await deletePrefix(SHARED_REDIS_URL, prefix);
  await merchant?.close();
});
restoreSandboxAfterEach(() => merchant?.sandbox);

const logged = () => merchant.logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("request ids in background work", () => {
  it("carries the id of the request that asked for a refund into the poll jobs, their log lines and wallet calls", {
    timeout: 60_000,
  }, async () => {
    const { ctx } = workers;
    const { customerId } = await merchant.newCustomer();
    const { order } = await createOrder(ctx, customerId, {
      flow: "CASHIER",
      items: [{ sku: "COFFEE", quantity: 2 }],
      idempotencyKey: crypto.randomUUID(),
    });
    await merchant.sandbox.payAtCashier(order.paymentId as string);
    await merchant.eventually(
      async () => (await ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status === "PAID",
    );

    // No refund notification: the poll job has to ask the wallet.
    await merchant.sandbox.setFault("refund", "DROP_NOTIFICATION");
    const requestId = `operator-${crypto.randomUUID()}`;
    const refund = await runWithRequestContext({ requestId }, () =>
      requestRefund(ctx, order.id, { amountFils: 1_000_000n, requestedBy: "operator:test" }),
    );
    expect(refund.status).toBe("PROCESSING");

    // The poll job's data: its payload, and beside it the request it came from.
    const connection = new Redis(SHARED_REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue("refund-poll", { connection, prefix });
    const [job] = await queue.getJobs(["delayed", "waiting"]);
    expect(job?.data).toEqual({ refundId: refund.id, poll: 0, [JOB_ORIGIN_KEY]: { requestId } });
    await queue.close();
    await connection.quit();

    const polls = await merchant.eventually(async () => {
      const calls = await ctx.prisma.walletCall.findMany({
        where: { operation: "inquiryRefund", refundId: refund.id },
      });
      return calls.length > 0 && calls;
    }, 30_000);
    // The refund call made in the request, and every poll made by the jobs, name the request.
    const calls = await ctx.prisma.walletCall.findMany({ where: { refundId: refund.id } });
    expect(calls.map((call) => call.requestId)).toEqual(calls.map(() => requestId));
    expect(polls.length).toBeGreaterThan(0);

    const jobLines = logged().filter((line) => line.queue === "refund-poll");
    expect(jobLines.length).toBeGreaterThan(0);
    for (const line of jobLines) {
      expect(line).toMatchObject({ requestId, jobId: expect.stringMatching(/^refund-poll-/) });
    }
  });

  it("files the work of a scheduled scan, which no request caused, under the scan job's id", {
    timeout: 90_000,
  }, async () => {
    const { ctx } = workers;
    const { customerId } = await merchant.newCustomer();
    await merchant.sandbox.setFault("pay", "U", 1);
    const { order } = await createOrder(ctx, customerId, {
      flow: "CASHIER",
      items: [{ sku: "COFFEE", quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    });
    expect(order.status).toBe("UNKNOWN");
    await ctx.prisma.order.update({ where: { id: order.id }, data: { nextReconcileAt: new Date(0) } });

    // The reconcile scan claims the order and enqueues its item job; that job's inquiry is filed
    // under the scan's job id, and the item job logs it beside its own job id. The scan is started
    // here, as its scheduler would: on a busy machine the scheduler's next tick may be late.
    const connection = new Redis(SHARED_REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue("reconcile", { connection, prefix });
    await queue.add(SCAN_JOB, {});
    await queue.close();
    await connection.quit();
    const inquiry = await merchant.eventually(async () => {
      const call = await ctx.prisma.walletCall.findFirst({
        where: { operation: "inquiryPayment", orderId: order.id },
      });
      return call ?? undefined;
    }, 60_000);
    // This scan, or a scheduled one that came first: either way a scan job, which no request caused.
    expect(inquiry.requestId).toMatch(/^job-/);
    const itemLines = logged().filter(
      (line) => line.queue === "reconcile" && line.requestId === inquiry.requestId,
    );
    expect(itemLines.length).toBeGreaterThan(0);
    for (const line of itemLines) expect(`job-${line.jobId}`).not.toBe(inquiry.requestId);
  });
});
