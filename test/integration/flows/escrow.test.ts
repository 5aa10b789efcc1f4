// The escrow lifecycle of the spec's table, driven through our services against the sandbox, and
// every illegal order of operations refused locally before the wallet is called.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestEscrowOperation } from "@/lib/escrow/escrow-operations";
import { ApiError } from "@/lib/http/api-error";
import { createOrder } from "@/lib/orders/create-order";
import { OrderTransitionError } from "@/lib/orders/order-state";
import { requestRefund } from "@/lib/refunds/request-refund";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";

let merchant: MerchantHarness;
beforeAll(async () => {
  merchant = await startMerchant({ sandbox: { settings: { refundDelaySeconds: 0 } } });
});
afterAll(() => merchant.close());

const operator = "operator:test";

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
    const accepted = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "ACCEPT",
      requestedBy: operator,
    });
    expect(accepted).toMatchObject({ state: "DONE", order: { status: "ACCEPTED" } });
    const confirmed = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "CONFIRM",
      requestedBy: "customer:x",
    });
    expect(confirmed).toMatchObject({ state: "DONE", order: { status: "CONFIRMED" } });
    expect(confirmed.operation.walletOperationId).toBeTruthy();
    const refund = await requestRefund(merchant.ctx, order.id, {
      amountFils: order.amountFils,
      requestedBy: operator,
    });
    expect(["SUCCESS", "PROCESSING"]).toContain(refund.status);
  });

  it("paid → cancelled returns everything", async () => {
    const order = await paidEscrowOrder();
    const cancelled = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "CANCEL",
      requestedBy: operator,
    });
    expect(cancelled.order.status).toBe("CANCELLED");
  });

  it("accepted → partial void → void of the rest", async () => {
    const order = await paidEscrowOrder();
    await requestEscrowOperation(merchant.ctx, order.id, { type: "ACCEPT", requestedBy: operator });
    const partial = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "VOID",
      amountFils: 10_000_000n,
      requestedBy: operator,
    });
    expect(partial.order).toMatchObject({ status: "ACCEPTED", voidedFils: 10_000_000n });
    const rest = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "VOID",
      requestedBy: operator,
    });
    expect(rest.order).toMatchObject({ status: "VOIDED", voidedFils: order.amountFils });
    expect(rest.operation.amountFils).toBe(order.amountFils - 10_000_000n);
  });

  it("the cancel window is the wallet's to enforce: CANCEL_WINDOW_EXCEED is a clear refusal", async () => {
    const order = await paidEscrowOrder();
    await merchant.advanceClock(31 * 60);
    const error = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "CANCEL",
      requestedBy: operator,
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).details).toMatchObject({ resultCode: "CANCEL_WINDOW_EXCEED" });
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
    const error = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "ACCEPT",
      requestedBy: operator,
    }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: "ORDER_UNSUPPORTED_OPERATION" });
  });

  it("a void above what is held is refused", async () => {
    const order = await paidEscrowOrder();
    await requestEscrowOperation(merchant.ctx, order.id, { type: "ACCEPT", requestedBy: operator });
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
    await requestEscrowOperation(merchant.ctx, order.id, { type: "ACCEPT", requestedBy: operator });
    // Another system (or another instance of ours) is voiding the same payment at the wallet right now.
    await merchant.sandbox.settings({ operationLatencyMs: 600 });
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
    const result = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "ACCEPT",
      requestedBy: operator,
    });
    expect(result).toMatchObject({ state: "IN_PROGRESS", operation: { status: "UNKNOWN" } });
    expect(await statusOf(order.id)).toBe("PAID");
    const error = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "CANCEL",
      requestedBy: operator,
    }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: "OPERATION_IN_PROGRESS" });
  });
});

describe("races between the answer, the notification and re-sends", () => {
  it("a partial void whose answer was lost is counted once, however many times it is settled", async () => {
    const order = await paidEscrowOrder();
    await requestEscrowOperation(merchant.ctx, order.id, { type: "ACCEPT", requestedBy: operator });
    await merchant.sandbox.settings({ timeoutHangMs: 2_500 });
    await merchant.sandbox.setFault("void", "TIMEOUT");
    const lost = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "VOID",
      amountFils: 10_000_000n,
      requestedBy: operator,
    });
    // The wallet did the void; its notification settles our record whether it came before or after.
    const settled = await merchant.eventually(async () => {
      const operation = await merchant.ctx.prisma.escrowOperation.findUniqueOrThrow({
        where: { id: lost.operation.id },
      });
      return operation.status === "SUCCESS" && operation;
    });
    // Reconciliation re-sends the same voidRequestId; the wallet replays its success.
    const { sendEscrowOperation } = await import("@/lib/escrow/escrow-operations");
    const again = await sendEscrowOperation(merchant.ctx, settled);
    expect(again.state).toBe("DONE");
    const current = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(current).toMatchObject({ status: "ACCEPTED", voidedFils: 10_000_000n, needsAttention: false });
    const voided = await merchant.ctx.prisma.orderEvent.count({
      where: { orderId: order.id, type: "VOIDED" },
    });
    expect(voided).toBe(1);
  });
});
