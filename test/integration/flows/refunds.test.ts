// Refunds against the sandbox: partial and full, never above what was captured (even under
// concurrency), pending refunds handed to polling, failures releasing their reservation.
// Jobs the services enqueue are not run here: the merchant harness records them in memory
// (test/support/job-recorder.ts, `merchant.jobs`), so a test checks the hand-over and runs what it needs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "@/lib/payments/orders/create-order";
import { requestRefund } from "@/lib/payments/refunds/request-refund";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";

let merchant: MerchantHarness;
beforeAll(async () => {
  merchant = await startMerchant({ sandbox: { settings: { refundDelaySeconds: 0 } } });
});
afterAll(() => merchant.close());
restoreSandboxAfterEach(() => merchant?.sandbox);

const operator = "operator:test";

/** An operator's refund of `amountFils` of the order. */
const refundOf = (order: { id: string }, amountFils: bigint) =>
  requestRefund(merchant.ctx, order.id, { amountFils, requestedBy: operator });

/** A paid cashier order of 11,000 IQD (11,000,000 fils). */
async function paidOrder() {
  const { customerId } = await merchant.newCustomer();
  const { order } = await createOrder(merchant.ctx, customerId, {
    flow: "CASHIER",
    items: [
      { sku: "COFFEE", quantity: 2 },
      { sku: "KLEICHA", quantity: 1 },
    ],
    idempotencyKey: crypto.randomUUID(),
  });
  await merchant.sandbox.payAtCashier(order.paymentId as string);
  return merchant.eventually(async () => {
    const current = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    return current.status === "PAID" && current;
  });
}

const orderRow = (id: string) => merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id } });

describe("refunds", () => {
  it("partial, then the rest: both succeed and the order is fully refunded", async () => {
    const order = await paidOrder();
    const first = await refundOf(order, 3_000_000n);
    expect(first.status).toBe("SUCCESS");
    expect(first.refundId).toBeTruthy();
    const second = await refundOf(order, 8_000_000n);
    expect(second.status).toBe("SUCCESS");
    expect((await orderRow(order.id)).refundedFils).toBe(11_000_000n);
  });

  it("a refund above what remains is refused before the wallet is called", async () => {
    const order = await paidOrder();
    await refundOf(order, 10_000_000n);
    const calls = await merchant.walletCalls("refund", order.id);
    const error = await refundOf(order, 1_000_001n).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: "AMOUNT_EXCEEDS_REMAINING" });
    expect(await merchant.walletCalls("refund", order.id)).toBe(calls);
  });

  it("two concurrent partial refunds that together exceed the captured amount: exactly one succeeds", async () => {
    const order = await paidOrder();
    const results = await Promise.allSettled([
      requestRefund(merchant.ctx, order.id, { amountFils: 6_000_000n, requestedBy: "operator:a" }),
      requestRefund(merchant.ctx, order.id, { amountFils: 6_000_000n, requestedBy: "operator:b" }),
    ]);
    const fulfilled = results.filter((result) => result.status === "fulfilled");
    const rejected = results.filter((result) => result.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({ code: "AMOUNT_EXCEEDS_REMAINING" });
    expect(await merchant.walletCalls("refund", order.id)).toBe(1);
    expect((await orderRow(order.id)).refundedFils).toBe(6_000_000n);
  });

  it("many concurrent small refunds never exceed the amount in total", async () => {
    const order = await paidOrder();
    const results = await Promise.allSettled(Array.from({ length: 15 }, () => refundOf(order, 1_000_000n)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(11);
    const refunds = await merchant.ctx.prisma.refund.aggregate({
      where: { orderId: order.id, status: "SUCCESS" },
      _sum: { amountFils: true },
    });
    expect(refunds._sum.amountFils).toBe(11_000_000n);
  });

  it("a failed refund releases its reservation so the amount can be refunded again", async () => {
    const order = await paidOrder();
    await merchant.sandbox.setFault("refund", "REFUND_FAIL");
    const failed = await refundOf(order, 11_000_000n);
    expect(failed.status).toBe("FAIL");
    expect((await orderRow(order.id)).refundedFils).toBe(0n);
    const retried = await refundOf(order, 11_000_000n);
    expect(retried.status).toBe("SUCCESS");
  });

  it("REFUND_IN_PROCESS: recorded as PROCESSING, handed to the refund poll, settled by the notification", async () => {
    await merchant.sandbox.settings({ refundDelaySeconds: 30 });
    try {
      const order = await paidOrder();
      const refund = await refundOf(order, 5_000_000n);
      expect(refund).toMatchObject({ status: "PROCESSING", resultCode: "REFUND_IN_PROCESS" });
      expect(refund.pollStartedAt).toBeInstanceOf(Date);
      expect(merchant.jobs.of("refund-poll")).toContainEqual(
        expect.objectContaining({ payload: { refundId: refund.id }, delayMs: 5_000 }),
      );
      await merchant.advanceClock(31);
      const settled = await merchant.eventually(async () => {
        const current = await merchant.ctx.prisma.refund.findUniqueOrThrow({ where: { id: refund.id } });
        return current.status === "SUCCESS" && current;
      });
      expect(settled.refundedAt).toBeInstanceOf(Date);
    } finally {
      await merchant.sandbox.settings({ refundDelaySeconds: 0 });
    }
  });

  it("an unknown refund outcome is handed to reconciliation, and the amount stays reserved", async () => {
    const order = await paidOrder();
    // The wallet refunds but its answer is lost. Its notification is dropped too: it could otherwise
    // arrive before the lost answer is handled and settle the refund first (it did, once in CI).
    await merchant.sandbox.setFault("refund", "U");
    await merchant.sandbox.setFault("refund", "DROP_NOTIFICATION");
    const refund = await refundOf(order, 2_000_000n);
    expect(refund.status).toBe("UNKNOWN");
    expect((await orderRow(order.id)).refundedFils).toBe(2_000_000n);
    expect(merchant.jobs.of("reconcile")).toContainEqual(
      expect.objectContaining({ payload: { kind: "refund", id: refund.id } }),
    );
  });
});

describe("refunds whose first answer was lost", () => {
  it("a refused re-send is no news: the refund stays unknown and its amount reserved", async () => {
    const order = await paidOrder();
    // The wallet refunds, but its answer is lost and its notification never comes.
    await merchant.sandbox.setFault("refund", "U");
    await merchant.sandbox.setFault("refund", "DROP_NOTIFICATION");
    const lost = await refundOf(order, 4_000_000n);
    expect(lost.status).toBe("UNKNOWN");
    // A re-send the wallet refuses — here REPEAT_REQ_INCONSISTENT, because the wallet holds the
    // refund already under this refundRequestId with other details — must not release the reservation.
    const { sendRefund } = await import("@/lib/payments/refunds/request-refund");
    const after = await sendRefund(merchant.ctx, { ...lost, amountFils: lost.amountFils + 1n });
    expect(after).toMatchObject({ status: "UNKNOWN", resultCode: "REPEAT_REQ_INCONSISTENT" });
    expect((await orderRow(order.id)).refundedFils).toBe(4_000_000n);
  });

  it("news contradicting a final refund flags the order instead of changing it", async () => {
    const order = await paidOrder();
    await merchant.sandbox.setFault("refund", "REFUND_FAIL");
    const failed = await refundOf(order, 1_000_000n);
    expect(failed.status).toBe("FAIL");
    const { applyRefundStatus } = await import("@/lib/payments/refunds/apply-refund-status");
    const unchanged = await applyRefundStatus(merchant.ctx, failed.id, { status: "SUCCESS" });
    expect(unchanged.status).toBe("FAIL");
    const flagged = await orderRow(order.id);
    expect(flagged).toMatchObject({ needsAttention: true, refundedFils: 0n });
    expect(flagged.attentionReason).toContain("SUCCESS");
  });
});
