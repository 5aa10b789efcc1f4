// Soak: the spec's inquiryRefund limit in real time with the spec's defaults (5 s, 1 minute). A refund
// the sandbox holds in process is polled by the refund-poll worker never sooner than 5 s apart, never
// after its minute, and reconciliation then settles it. It takes ~75 s (the sandbox enforces the 5 s on
// its own clock, so time cannot be skipped honestly while polling), which is why it lives here and not
// in `npm test`. How many polls fit in the minute depends on how busy the machine is: printed, never
// asserted (about 11 on an idle machine). The poll logic itself is tested without waiting, in
// test/integration/workers/processors.test.ts.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createOrder } from "@/lib/payments/orders/create-order";
import { requestRefund } from "@/lib/payments/refunds/request-refund";
import { DEFAULT_JOB_SETTINGS } from "@/lib/platform/queue/settings";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { deletePrefix, SHARED_REDIS_URL, uniquePrefix } from "@/test/support/workers";
import { type RunningWorkers, startWorkers } from "@/workers/start";

let merchant: MerchantHarness;
let workers: RunningWorkers;
const prefix = uniquePrefix();

beforeAll(async () => {
  merchant = await startMerchant({ sandbox: { settings: { refundDelaySeconds: 600 } } });
  workers = await startWorkers({
    ctx: merchant.ctx,
    redis: SHARED_REDIS_URL,
    prefix,
    queues: ["refund-poll", "reconcile"],
    settings: DEFAULT_JOB_SETTINGS,
    concurrency: 4,
  });
});
afterAll(async () => {
  await workers?.close();
  await deletePrefix(SHARED_REDIS_URL, prefix);
  await merchant?.close();
});

it("polls a refund in process ≥ 5 s apart for at most a minute, then reconciliation settles it", {
  timeout: 150_000,
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

  // No refund notification: only our own inquiries can learn the outcome.
  await merchant.sandbox.setFault("refund", "DROP_NOTIFICATION");
  const requestedAt = Date.now();
  const refund = await requestRefund(ctx, order.id, { amountFils: 3_000_000n, requestedBy: "operator:test" });
  expect(refund.status).toBe("PROCESSING");

  await merchant.eventually(
    async () =>
      merchant.logLines.some((line) => line.includes("handed to reconciliation") && line.includes(refund.id)),
    90_000,
  );
  const polls = await ctx.prisma.walletCall.findMany({
    where: { operation: "inquiryRefund", refundId: refund.id },
    orderBy: { createdAt: "asc" },
  });
  // The wallet finishes the refund now (sandbox clock); reconciliation, 10 s after the hand-over, learns it.
  await merchant.advanceClock(601);
  const settled = await merchant.eventually(async () => {
    const current = await ctx.prisma.refund.findUniqueOrThrow({ where: { id: refund.id } });
    return current.status === "SUCCESS" && current;
  }, 40_000);

  const times = polls.map((call) => call.createdAt.getTime());
  const intervals = times.slice(1).map((time, index) => time - (times[index] as number));
  console.info(
    `refund polls: ${polls.length}; first ${((times[0] as number) - requestedAt) / 1000} s after the request; ` +
      `intervals (s): ${intervals.map((ms) => (ms / 1000).toFixed(2)).join(", ")}; ` +
      `last − first: ${(((times.at(-1) as number) - (times[0] as number)) / 1000).toFixed(2)} s`,
  );
  // A busy machine polls less often, never more often: at least one poll, at most one per 5 s.
  expect(polls.length, "polls of the refund in process").toBeGreaterThanOrEqual(1);
  expect(polls.length, "polls of the refund in process").toBeLessThanOrEqual(12);
  // No poll after the minute that started when the wallet said REFUND_IN_PROCESS.
  const pollStartedAt = (refund.pollStartedAt as Date).getTime();
  expect((times.at(-1) as number) - pollStartedAt).toBeLessThanOrEqual(60_000);
  for (const interval of intervals) expect(interval, "ms between two polls").toBeGreaterThanOrEqual(5_000);
  expect((times.at(-1) as number) - (times[0] as number)).toBeLessThanOrEqual(60_000);
  expect(
    polls.map((call) => call.resultCode),
    "the wallet never refused a poll as too soon",
  ).not.toContain("REQUEST_TRAFFIC_EXCEED_LIMIT");

  const all = await ctx.prisma.walletCall.findMany({
    where: { operation: "inquiryRefund", refundId: refund.id },
    orderBy: { createdAt: "asc" },
  });
  const reconcileCalls = all.slice(polls.length);
  expect(reconcileCalls.length, "inquiries by reconciliation after the polls").toBeGreaterThanOrEqual(1);
  expect(
    (reconcileCalls[0] as { createdAt: Date }).createdAt.getTime() - (times.at(-1) as number),
  ).toBeGreaterThanOrEqual(5_000);
  expect(settled.refundedAt).toBeInstanceOf(Date);
  expect(await ctx.prisma.orderEvent.count({ where: { orderId: order.id, type: "REFUND_SUCCESS" } })).toBe(1);
  expect((await ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedFils).toBe(
    3_000_000n,
  );
});
