// Flags behave like a to-do list, on a real database and the wallet sandbox: a flag resolved with a
// note stays resolved while reconciliation keeps finding the same unsettled payment; only a new fact
// raises it again — the deadline passing again since the resolution, or a new report from the
// wallet — and the flag says which; a flag whose cause has gone (the wallet settled the payment or
// the refund) clears itself with a line on the order's timeline.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import { requestEscrowOperation } from "@/lib/payments/escrow/escrow-operations";
import { createOrder } from "@/lib/payments/orders/create-order";
import { flagOrder } from "@/lib/payments/orders/flag-order";
import { resolveOrderFlag } from "@/lib/payments/orders/resolve-flag";
import { reconcileEscrowOperation } from "@/lib/payments/reconcile/reconcile-escrow-operation";
import { reconcileOrder } from "@/lib/payments/reconcile/reconcile-order";
import { reconcileRefund } from "@/lib/payments/reconcile/reconcile-refund";
import { requestRefund } from "@/lib/payments/refunds/request-refund";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { createTestOperator, identityOf } from "@/test/support/operators";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";

// Short enough to stay inside the payment's expiry window at the cashier.
const FLAG_AFTER_MS = 5 * 60_000;
const settings = { flagAfterMs: FLAG_AFTER_MS, refundPollIntervalMs: 5_000, refundPollWindowMs: 60_000 };

let merchant: MerchantHarness;
let operator: OperatorIdentity;
beforeAll(async () => {
  merchant = await startMerchant();
  // No sign-in here: any secret signs the unused session token.
  const created = await createTestOperator(merchant.db.prisma, "ADMIN", "flags-to-do-test-secret-0123456789");
  operator = identityOf(created, "ADMIN");
});
afterAll(() => merchant.close());
restoreSandboxAfterEach(() => merchant?.sandbox);

const order = (id: string) => merchant.db.prisma.order.findUniqueOrThrow({ where: { id } });
const events = (orderId: string, type: string) =>
  merchant.db.prisma.orderEvent.findMany({ where: { orderId, type }, orderBy: { createdAt: "asc" } });

/** A cashier order whose pay answered U, and whose inquiries keep answering U. */
async function unknownPayment() {
  const { customerId } = await merchant.newCustomer();
  await merchant.sandbox.setFault("pay", "U");
  const created = await createOrder(merchant.ctx, customerId, {
    flow: "CASHIER",
    items: [{ sku: "TEA", quantity: 1 }],
    idempotencyKey: crypto.randomUUID(),
  });
  expect(created.order.status).toBe("UNKNOWN");
  await merchant.sandbox.setFault("inquiryPayment", "U", 50);
  return created.order.id;
}

describe("a flag on an unsettled payment", () => {
  it("stays resolved at every later pass; the deadline passing again since then raises it again, saying so", async () => {
    const id = await unknownPayment();
    await merchant.advanceClock(FLAG_AFTER_MS / 1000 + 1);
    expect(await reconcileOrder(merchant.ctx, id, settings)).toBe("flagged");
    expect(await order(id)).toMatchObject({
      needsAttention: true,
      attentionFlag: { kind: "PAYMENT_UNSETTLED" },
    });

    await resolveOrderFlag(merchant.ctx, operator, id, "Asked the wallet's support: they are checking.");
    // Passes within five minutes of the resolution: the same old fact, never a new flag.
    for (let pass = 0; pass < 3; pass++) {
      await merchant.advanceClock(60);
      await reconcileOrder(merchant.ctx, id, settings);
      expect((await order(id)).needsAttention, `pass ${pass}`).toBe(false);
    }
    expect(await events(id, "ATTENTION_FLAGGED")).toHaveLength(1);

    // Five minutes after the resolution, still unsettled: a new deadline passed.
    await merchant.advanceClock(121);
    await reconcileOrder(merchant.ctx, id, settings);
    const again = await order(id);
    expect(again).toMatchObject({
      needsAttention: true,
      attentionFlag: { kind: "PAYMENT_UNSETTLED", raisedAgain: { because: "NEW_DEADLINE" } },
    });
    expect(again.attentionReason).toContain("raised again after it was resolved: a new deadline passed");
    const flagged = await events(id, "ATTENTION_FLAGGED");
    expect(flagged).toHaveLength(2);
    expect(flagged[1]?.detail).toMatchObject({ raisedAgain: { because: "NEW_DEADLINE" } });
  });

  it("a new report from the wallet after the resolution raises it again as a new report", async () => {
    const id = await unknownPayment();
    await merchant.advanceClock(FLAG_AFTER_MS / 1000 + 1);
    await reconcileOrder(merchant.ctx, id, settings);
    await resolveOrderFlag(merchant.ctx, operator, id, "Known: the wallet is slow today.");
    const raised = await flagOrder(merchant.db.prisma, id, {
      kind: "AMOUNT_MISMATCH",
      notification: "payment",
      amount: "999 IQD",
    });
    expect(raised).toBe(true);
    expect(await order(id)).toMatchObject({
      needsAttention: true,
      attentionFlag: { kind: "AMOUNT_MISMATCH", raisedAgain: { because: "NEW_REPORT" } },
    });
  });

  it("clears itself with a timeline line once the wallet settles the payment", async () => {
    const id = await unknownPayment();
    await merchant.advanceClock(FLAG_AFTER_MS / 1000 + 1);
    await reconcileOrder(merchant.ctx, id, settings);
    expect((await order(id)).needsAttention).toBe(true);

    // The wallet answers again: the payment is waiting at the cashier (still unsettled), then paid.
    await merchant.sandbox.control("DELETE", "/sandbox/faults");
    await reconcileOrder(merchant.ctx, id, settings);
    const pending = await order(id);
    expect(pending.status).toBe("PENDING");
    expect(pending.needsAttention).toBe(true);
    await merchant.sandbox.payAtCashier(pending.paymentId as string);
    const paid = await merchant.eventually(async () => {
      const row = await order(id);
      return row.status === "PAID" && row;
    });
    expect(paid).toMatchObject({ needsAttention: false, attentionReason: null, attentionFlag: null });
    const [cleared] = await events(id, "ATTENTION_CLEARED");
    expect(cleared?.detail).toMatchObject({
      because: "PAYMENT_SETTLED",
      status: "PAID",
      flag: { kind: "PAYMENT_UNSETTLED" },
    });
  });
});

describe("a flag on an unsettled refund", () => {
  async function unknownRefund() {
    const { customerId } = await merchant.newCustomer();
    const { order: created } = await createOrder(merchant.ctx, customerId, {
      flow: "CASHIER",
      items: [{ sku: "DATES", quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    });
    await merchant.sandbox.payAtCashier(created.paymentId as string);
    await merchant.eventually(async () => (await order(created.id)).status === "PAID");
    await merchant.sandbox.settings({ refundDelaySeconds: 10 * 3600 });
    await merchant.sandbox.setFault("refund", "U");
    const refund = await requestRefund(merchant.ctx, created.id, {
      amountFils: 2_000_000n,
      requestedBy: "operator:test",
    });
    expect(refund.status).toBe("UNKNOWN");
    await merchant.sandbox.setFault("inquiryRefund", "U", 50);
    return { orderId: created.id, refundId: refund.id };
  }
  const refundRow = (id: string) => merchant.db.prisma.refund.findUniqueOrThrow({ where: { id } });

  it("stays resolved while still unknown, comes back a deadline later, and clears when settled", async () => {
    const { orderId, refundId } = await unknownRefund();
    await merchant.advanceClock(FLAG_AFTER_MS / 1000 + 1);
    await reconcileRefund(merchant.ctx, refundId, settings);
    expect(await refundRow(refundId)).toMatchObject({ needsAttention: true });

    await resolveOrderFlag(merchant.ctx, operator, orderId, "Told the customer it takes a day.");
    for (let pass = 0; pass < 3; pass++) {
      await merchant.advanceClock(60);
      await reconcileRefund(merchant.ctx, refundId, settings);
      expect((await refundRow(refundId)).needsAttention, `pass ${pass}`).toBe(false);
    }
    await merchant.advanceClock(121);
    await reconcileRefund(merchant.ctx, refundId, settings);
    expect(await refundRow(refundId)).toMatchObject({
      needsAttention: true,
      attentionFlag: { kind: "OPERATION_UNSETTLED", raisedAgain: { because: "NEW_DEADLINE" } },
    });

    // The wallet finishes the refund: the flag's cause is gone.
    await merchant.sandbox.control("DELETE", "/sandbox/faults");
    await merchant.advanceClock(10 * 3600);
    await merchant.eventually(async () => {
      await reconcileRefund(merchant.ctx, refundId, settings);
      return (await refundRow(refundId)).status === "SUCCESS";
    });
    expect(await refundRow(refundId)).toMatchObject({ needsAttention: false, attentionFlag: null });
    const [cleared] = await events(orderId, "ATTENTION_CLEARED");
    expect(cleared?.detail).toMatchObject({ because: "REFUND_SETTLED", status: "SUCCESS", refundId });
    expect((await order(orderId)).confirmedRefundFils).toBe(2_000_000n);
  });
});

describe("a flag on an unsettled escrow step", () => {
  it("clears itself with a timeline line once the wallet settles the accept", async () => {
    const { customerId } = await merchant.newCustomer();
    const { order: created } = await createOrder(merchant.ctx, customerId, {
      flow: "ESCROW",
      items: [{ sku: "MUG", quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    });
    await merchant.sandbox.payAtCashier(created.paymentId as string);
    await merchant.eventually(async () => (await order(created.id)).status === "PAID");
    await merchant.sandbox.setFault("merchantAccept", "U");
    const sent = await requestEscrowOperation(merchant.ctx, created.id, {
      type: "ACCEPT",
      requestedBy: "operator:test",
    });
    expect(sent.operation.status).toBe("UNKNOWN");
    await merchant.sandbox.setFault("inquiryPayment", "U", 50);
    await merchant.advanceClock(FLAG_AFTER_MS / 1000 + 1);
    await reconcileEscrowOperation(merchant.ctx, sent.operation.id, settings);
    expect(await order(created.id)).toMatchObject({
      needsAttention: true,
      attentionFlag: { kind: "OPERATION_UNSETTLED", operation: "accept" },
    });

    await merchant.sandbox.control("DELETE", "/sandbox/faults");
    await reconcileEscrowOperation(merchant.ctx, sent.operation.id, settings);
    expect(await order(created.id)).toMatchObject({
      status: "ACCEPTED",
      needsAttention: false,
      attentionFlag: null,
    });
    const [cleared] = await events(created.id, "ATTENTION_CLEARED");
    expect(cleared?.detail).toMatchObject({ because: "OPERATION_SETTLED", status: "SUCCESS" });
  });
});
