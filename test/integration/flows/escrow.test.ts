// The escrow lifecycle of the spec's table, driven through our services against the sandbox, and
// every illegal order of operations refused locally before the wallet is called.
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestEscrowOperation } from "@/lib/payments/escrow/escrow-operations";
import { applyVoidNotification } from "@/lib/payments/notifications/apply-notification";
import { createOrder } from "@/lib/payments/orders/create-order";
import { OrderTransitionError } from "@/lib/payments/orders/order-state";
import { requestRefund } from "@/lib/payments/refunds/request-refund";
import type { EscrowOperationType } from "@/lib/platform/db";
import { WalletRejectedError } from "@/lib/platform/errors/domain-errors";
import { waitUntilBlockedBy } from "@/test/support/database";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";

let merchant: MerchantHarness;
beforeAll(async () => {
  merchant = await startMerchant({ sandbox: { settings: { refundDelaySeconds: 0 } } });
});
afterAll(() => merchant.close());
restoreSandboxAfterEach(() => merchant?.sandbox);

const operator = "operator:test";

/** An operator's escrow operation on the order (a void of `amountFils`, or of everything held). */
const operate = (order: { id: string }, type: EscrowOperationType, amountFils?: bigint) =>
  requestEscrowOperation(merchant.ctx, order.id, { type, amountFils, requestedBy: operator });

async function paidEscrowOrder() {
  const { customerId } = await merchant.newCustomer();
  const { order } = await createOrder(merchant.ctx, customerId, {
    flow: "ESCROW",
    items: [{ sku: "MUG", quantity: 2 }],
    idempotencyKey: crypto.randomUUID(),
  });
  expect(order.status).toBe("PENDING");
  await merchant.sandbox.payAtCashier(order.paymentId as string);
  return merchant.eventually(async () => {
    const current = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    return current.status === "PAID" && current;
  });
}

const statusOf = async (id: string) =>
  (await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id } })).status;

describe("the lifecycle", () => {
  it("paid → accepted → confirmed → refunded", async () => {
    const order = await paidEscrowOrder();
    const accepted = await operate(order, "ACCEPT");
    expect(accepted).toMatchObject({ state: "DONE", order: { status: "ACCEPTED" } });
    const confirmed = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "CONFIRM",
      requestedBy: "customer:x",
    });
    expect(confirmed).toMatchObject({ state: "DONE", order: { status: "CONFIRMED" } });
    expect(confirmed.operation.walletOperationId).toBeTruthy();
    // The sandbox completes refunds at once here (refundDelaySeconds 0): the answer is final.
    const refund = await requestRefund(merchant.ctx, order.id, {
      amountFils: order.amountFils,
      requestedBy: operator,
    });
    expect(refund).toMatchObject({ status: "SUCCESS", amountFils: order.amountFils });
    const refunded = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(refunded).toMatchObject({ status: "CONFIRMED", refundedFils: order.amountFils });
    const [atWallet] = await merchant.sandbox.control<{ refundedAmount: string }[]>(
      "GET",
      `/sandbox/payments?paymentRequestId=${encodeURIComponent(order.paymentRequestId)}`,
    );
    expect(atWallet?.refundedAmount, "what the wallet gave back").toBe(order.amountFils.toString());
  });

  it("paid → cancelled returns everything", async () => {
    const order = await paidEscrowOrder();
    const cancelled = await operate(order, "CANCEL");
    expect(cancelled.order.status).toBe("CANCELLED");
  });

  it("accepted → partial void → void of the rest", async () => {
    const order = await paidEscrowOrder();
    await operate(order, "ACCEPT");
    const partial = await operate(order, "VOID", 10_000_000n);
    expect(partial.order).toMatchObject({ status: "ACCEPTED", voidedFils: 10_000_000n });
    const rest = await operate(order, "VOID");
    expect(rest.order).toMatchObject({ status: "VOIDED", voidedFils: order.amountFils });
    expect(rest.operation.amountFils).toBe(order.amountFils - 10_000_000n);
  });

  it("the cancel window is the wallet's to enforce: CANCEL_WINDOW_EXCEED is a clear refusal", async () => {
    const order = await paidEscrowOrder();
    await merchant.advanceClock(31 * 60);
    const error = await operate(order, "CANCEL").catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(WalletRejectedError);
    expect((error as WalletRejectedError).resultCode).toBe("CANCEL_WINDOW_EXCEED");
    expect(await statusOf(order.id)).toBe("PAID");
  });
});

describe("illegal orders of operations are refused before the wallet is called", () => {
  const cases: [string, string[], "ACCEPT" | "CONFIRM" | "CANCEL" | "VOID"][] = [
    ["confirm before accept", [], "CONFIRM"],
    ["void before accept", [], "VOID"],
    ["cancel after accept", ["ACCEPT"], "CANCEL"],
    ["accept twice", ["ACCEPT"], "ACCEPT"],
    ["void after confirm", ["ACCEPT", "CONFIRM"], "VOID"],
    ["cancel after confirm", ["ACCEPT", "CONFIRM"], "CANCEL"],
    ["confirm twice", ["ACCEPT", "CONFIRM"], "CONFIRM"],
    ["accept after cancel", ["CANCEL"], "ACCEPT"],
    ["confirm after cancel", ["CANCEL"], "CONFIRM"],
    ["confirm after a full void", ["ACCEPT", "VOID"], "CONFIRM"],
    ["void after a full void", ["ACCEPT", "VOID"], "VOID"],
  ];

  it.each(cases)("%s", async (_name, before, operation) => {
    const order = await paidEscrowOrder();
    for (const step of before) {
      await requestEscrowOperation(merchant.ctx, order.id, { type: step as "ACCEPT", requestedBy: operator });
    }
    const calls = await merchant.ctx.prisma.walletCall.count({ where: { orderId: order.id } });
    const status = await statusOf(order.id);
    const error = await requestEscrowOperation(merchant.ctx, order.id, {
      type: operation,
      requestedBy: operator,
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(OrderTransitionError);
    expect(await merchant.ctx.prisma.walletCall.count({ where: { orderId: order.id } })).toBe(calls);
    expect(await statusOf(order.id)).toBe(status);
  });

  it("a cashier order has no escrow operations", async () => {
    const { customerId } = await merchant.newCustomer();
    const { order } = await createOrder(merchant.ctx, customerId, {
      flow: "CASHIER",
      items: [{ sku: "TEA", quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    });
    const error = await operate(order, "ACCEPT").catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: "ORDER_UNSUPPORTED_OPERATION" });
  });

  it("a void above what is held is refused", async () => {
    const order = await paidEscrowOrder();
    await operate(order, "ACCEPT");
    const error = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "VOID",
      amountFils: order.amountFils + 1n,
      requestedBy: operator,
    }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: "AMOUNT_EXCEEDS_REMAINING" });
  });

  it("an escrow refund before confirmation is refused", async () => {
    const order = await paidEscrowOrder();
    const error = await requestRefund(merchant.ctx, order.id, {
      amountFils: 1n,
      requestedBy: operator,
    }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: "ORDER_STATUS_INVALID" });
  });
});

describe("unknown and busy answers", () => {
  it("MUTEX_OPERATION_IN_PROCESSING is a retry later, not a failure", async () => {
    const order = await paidEscrowOrder();
    await operate(order, "ACCEPT");
    // Another system (or another instance of ours) is voiding the same payment at the wallet right now.
    // Held long enough that our CONFIRM reaches the wallet while the void holds the lock, however busy
    // the machine running the test.
    await merchant.sandbox.settings({ operationLatencyMs: 2_000 });
    const foreign = merchant.sandbox.client().void({
      paymentId: order.paymentId as string,
      voidRequestId: `void_foreign_${Date.now()}`,
      voidAmount: { currency: "IQD", value: "1000" },
    });
    await merchant.sandbox.waitForLock(order.paymentId as string);
    const result = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "CONFIRM",
      requestedBy: "customer:x",
    });
    await foreign;
    await merchant.sandbox.settings({ operationLatencyMs: 0 });
    expect(result.state).toBe("IN_PROGRESS");
    expect(result.operation).toMatchObject({ status: "RETRY", resultCode: "MUTEX_OPERATION_IN_PROCESSING" });
    expect(result.operation.nextCheckAt).toBeInstanceOf(Date);
    expect(await statusOf(order.id)).toBe("ACCEPTED");
  });

  it("a U leaves the operation UNKNOWN and blocks a second operation until settled", async () => {
    const order = await paidEscrowOrder();
    await merchant.sandbox.setFault("merchantAccept", "U");
    const result = await operate(order, "ACCEPT");
    expect(result).toMatchObject({ state: "IN_PROGRESS", operation: { status: "UNKNOWN" } });
    expect(await statusOf(order.id)).toBe("PAID");
    const error = await operate(order, "CANCEL").catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: "OPERATION_IN_PROGRESS" });
  });
});

describe("races between the answer, the notification and re-sends", () => {
  it("a partial void whose answer was lost is counted once, however many times it is settled", async () => {
    const order = await paidEscrowOrder();
    await operate(order, "ACCEPT");
    await merchant.sandbox.settings({ timeoutHangMs: 2_500 });
    await merchant.sandbox.setFault("void", "TIMEOUT");
    const lost = await operate(order, "VOID", 10_000_000n);
    // The wallet did the void; its notification settles our record whether it came before or after.
    const settled = await merchant.eventually(async () => {
      const operation = await merchant.ctx.prisma.escrowOperation.findUniqueOrThrow({
        where: { id: lost.operation.id },
      });
      return operation.status === "SUCCESS" && operation;
    });
    // Reconciliation re-sends the same voidRequestId; the wallet replays its success.
    const { sendEscrowOperation } = await import("@/lib/payments/escrow/escrow-operations");
    const again = await sendEscrowOperation(merchant.ctx, settled);
    expect(again.state).toBe("DONE");
    const current = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(current).toMatchObject({ status: "ACCEPTED", voidedFils: 10_000_000n, needsAttention: false });
    const voided = await merchant.ctx.prisma.orderEvent.count({
      where: { orderId: order.id, type: "VOIDED" },
    });
    expect(voided).toBe(1);
  });

  it("a void FAIL notification racing the void's own SUCCESS never overwrites it, and is on the timeline", async () => {
    const order = await paidEscrowOrder();
    await operate(order, "ACCEPT");
    // A void whose answer is still out (UNKNOWN) when its notification arrives (our own copy below:
    // the wallet's is dropped).
    await merchant.sandbox.setFault("void", "U");
    await merchant.sandbox.setFault("void", "DROP_NOTIFICATION");
    const pending = await operate(order, "VOID", 5_000_000n);
    expect(pending.operation.status).toBe("UNKNOWN");
    const notification = {
      paymentId: order.paymentId as string,
      voidRequestId: pending.operation.requestId,
      voidResult: { resultCode: "ORDER_STATUS_INVALID", resultStatus: "F" as const, resultMessage: "no" },
    };

    // Another writer (the answer of a re-send) holds the row and records SUCCESS while the
    // notification, which read UNKNOWN, waits for it.
    const other = new Client({ connectionString: merchant.db.url });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT id FROM escrow_operations WHERE id = $1 FOR UPDATE", [pending.operation.id]);
      const holder = (await other.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid ?? 0;
      const applying = applyVoidNotification(merchant.ctx, notification);
      // The race happens only if the notification is really waiting for this row: confirm it is, or
      // fail here. The wrong implementation this catches: reading the status without the row lock
      // (tried by taking FOR UPDATE out of moveStatus: the notification read UNKNOWN, waited only at
      // its write, and wrote FAIL over SUCCESS: APPLIED instead of IGNORED below).
      await waitUntilBlockedBy(merchant.ctx.prisma, holder, "the notification to wait for the row's lock");
      await other.query("UPDATE escrow_operations SET status = 'SUCCESS' WHERE id = $1", [
        pending.operation.id,
      ]);
      await other.query("COMMIT");
      const result = await applying;
      expect(result).toMatchObject({ status: "IGNORED", note: "void already SUCCESS" });
    } finally {
      await other.end();
    }
    const operation = await merchant.ctx.prisma.escrowOperation.findUniqueOrThrow({
      where: { id: pending.operation.id },
    });
    expect(operation.status).toBe("SUCCESS");
    const flagged = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(flagged.needsAttention, "the order is flagged for an operator").toBe(true);
    expect(flagged.attentionReason).toContain("failed; we recorded it succeeded");
    const events = await merchant.ctx.prisma.orderEvent.findMany({
      where: { orderId: order.id },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((event) => event.type)).toContain("ATTENTION_FLAGGED");
  });

  it("a void FAIL notification for a void in flight fails it, with its event on the timeline", async () => {
    const order = await paidEscrowOrder();
    await operate(order, "ACCEPT");
    await merchant.sandbox.setFault("void", "U");
    await merchant.sandbox.setFault("void", "DROP_NOTIFICATION");
    const pending = await operate(order, "VOID", 5_000_000n);
    const result = await applyVoidNotification(merchant.ctx, {
      paymentId: order.paymentId as string,
      voidRequestId: pending.operation.requestId,
      voidResult: { resultCode: "ORDER_STATUS_INVALID", resultStatus: "F", resultMessage: "no" },
    });
    expect(result.status).toBe("APPLIED");
    const operation = await merchant.ctx.prisma.escrowOperation.findUniqueOrThrow({
      where: { id: pending.operation.id },
    });
    expect(operation).toMatchObject({
      status: "FAIL",
      resultCode: "ORDER_STATUS_INVALID",
      nextCheckAt: null,
    });
    const event = await merchant.ctx.prisma.orderEvent.findFirstOrThrow({
      where: { orderId: order.id, type: "VOID_FAIL" },
    });
    expect(event).toMatchObject({ actor: "wallet:notification" });
    expect(event.detail).toMatchObject({ operationId: operation.id, fromStatus: "UNKNOWN" });
    const current = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(current).toMatchObject({ status: "ACCEPTED", voidedFils: 0n });
  });
});
