// Orders and payments end to end against the sandbox: cashier, escrow and agreement flows,
// idempotency, failures, unknown outcomes and orders left behind between our insert and the wallet's
// answer (the real crash of the app process is test/e2e/crash.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bindAgreement, prepareAgreement } from "@/lib/payments/agreements/agreements";
import { createOrder } from "@/lib/payments/orders/create-order";
import { orderView } from "@/lib/payments/orders/order-view";
import { reconcileOrder } from "@/lib/payments/reconcile/reconcile-order";
import { DomainError } from "@/lib/platform/errors/domain-errors";
import { ERROR_STATUS } from "@/lib/platform/errors/http-errors";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { rejectionOf } from "@/test/support/expect-error";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";

let merchant: MerchantHarness;
beforeAll(async () => {
  merchant = await startMerchant();
});
afterAll(() => merchant.close());
restoreSandboxAfterEach(() => merchant?.sandbox);

/** The customer prepares an agreement, the wallet user `signerUserId` signs it, and it is bound. */
async function signAgreement(customerId: string, signerUserId: string) {
  const prepared = await prepareAgreement(merchant.ctx, customerId, { contractDescription: "Weekly coffee" });
  const { authCode } = await merchant.sandbox.control<{ authCode: string }>(
    "POST",
    "/sandbox/agreements/authorize",
    {
      authorizationUrl: prepared.authorizationUrl,
      userId: signerUserId,
    },
  );
  return { prepared, authCode };
}

async function bindNewAgreement(customerId: string, userId: string) {
  const { authCode } = await signAgreement(customerId, userId);
  return bindAgreement(merchant.ctx, customerId, { authCode });
}

const key = () => `order-${crypto.randomUUID()}`;
const basket = [
  { sku: "COFFEE", quantity: 2 },
  { sku: "KLEICHA", quantity: 1 },
];

/** The payments the wallet holds for a paymentRequestId. */
function walletPayments(paymentRequestId: string) {
  return merchant.sandbox.control<{ paymentRequestId: string }[]>(
    "GET",
    `/sandbox/payments?paymentRequestId=${encodeURIComponent(paymentRequestId)}`,
  );
}

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, DomainError);

describe("cashier", () => {
  it("A → pending with the cashier URL; the user pays; the notification makes it PAID", async () => {
    const { customerId } = await merchant.newCustomer();
    const { order, created } = await createOrder(merchant.ctx, customerId, {
      flow: "CASHIER",
      items: basket,
      idempotencyKey: key(),
    });
    expect(created).toBe(true);
    const view = orderView(order);
    expect(view).toMatchObject({ status: "PENDING", amount: { currency: "IQD", value: "11000000" } });
    expect(view.redirectionUrl).toMatch(/^http/);
    expect(order.paymentId).toBeTruthy();

    await merchant.sandbox.payAtCashier(order.paymentId as string);
    const paid = await merchant.eventually(async () => {
      const current = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
      return current.status === "PAID" && current;
    });
    expect(paid.paidAt).toBeInstanceOf(Date);
    const notification = await merchant.ctx.prisma.notification.findFirstOrThrow({
      where: { orderId: order.id },
    });
    expect(notification).toMatchObject({ verified: true, status: "APPLIED", kind: "PAYMENT" });
  });

  it("is paid under the auth-capture product code when the merchant's contract is auth capture", async () => {
    const { customerId } = await merchant.newCustomer();
    const ctx = { ...merchant.ctx, cashierProductCode: PRODUCT_CODES.AUTH_CAPTURE };
    const { order } = await createOrder(ctx, customerId, {
      flow: "CASHIER",
      items: basket,
      idempotencyKey: key(),
    });
    expect(order).toMatchObject({ status: "PENDING", productCode: PRODUCT_CODES.AUTH_CAPTURE });
    const pay = await merchant.ctx.prisma.walletCall.findFirstOrThrow({
      where: { orderId: order.id, operation: "pay" },
    });
    expect(pay.requestBody, "the pay request as sent").toMatchObject({
      productCode: PRODUCT_CODES.AUTH_CAPTURE,
    });
    await merchant.sandbox.payAtCashier(order.paymentId as string);
    await merchant.eventually(async () => {
      const current = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
      return current.status === "PAID";
    });
  });

  it("computes the amount from the catalog, never from the client", async () => {
    const { customerId } = await merchant.newCustomer();
    const { order } = await createOrder(merchant.ctx, customerId, {
      flow: "CASHIER",
      items: [
        { sku: "TEA", quantity: 3 },
        { sku: "TEA", quantity: 1 },
      ],
      idempotencyKey: key(),
    });
    expect(order.amountFils).toBe(4_000_000n);
    expect(order.items).toEqual([
      expect.objectContaining({ sku: "TEA", quantity: 4, unitPriceFils: 1_000_000n }),
    ]);
  });

  it("refuses unknown products before anything is stored or sent", async () => {
    const { customerId } = await merchant.newCustomer();
    const calls = await merchant.walletCalls("pay");
    const error = await rejection(
      createOrder(merchant.ctx, customerId, {
        flow: "CASHIER",
        items: [{ sku: "NOPE", quantity: 1 }],
        idempotencyKey: key(),
      }),
    );
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", details: { unknown: ["NOPE"] } });
    expect(await merchant.walletCalls("pay")).toBe(calls);
  });
});

describe("idempotency", () => {
  it("the same Idempotency-Key sent 20 times concurrently makes one order and one wallet payment", async () => {
    const { customerId } = await merchant.newCustomer();
    const idempotencyKey = key();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        createOrder(merchant.ctx, customerId, { flow: "CASHIER", items: basket, idempotencyKey }),
      ),
    );
    const ids = new Set(results.map((result) => result.order.id));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const [orderId] = [...ids];
    expect(await merchant.walletCalls("pay", orderId)).toBe(1);
    const order = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(await walletPayments(order.paymentRequestId)).toHaveLength(1);
  });

  it("a retried request returns the same order without calling the wallet again", async () => {
    const { customerId } = await merchant.newCustomer();
    const idempotencyKey = key();
    const first = await createOrder(merchant.ctx, customerId, {
      flow: "CASHIER",
      items: basket,
      idempotencyKey,
    });
    const again = await createOrder(merchant.ctx, customerId, {
      flow: "CASHIER",
      items: [...basket].reverse(),
      idempotencyKey,
    });
    expect(again).toMatchObject({ created: false, order: { id: first.order.id } });
    expect(await merchant.walletCalls("pay", first.order.id)).toBe(1);
  });

  it("the same key with a different basket is refused (422)", async () => {
    const { customerId } = await merchant.newCustomer();
    const idempotencyKey = key();
    await createOrder(merchant.ctx, customerId, { flow: "CASHIER", items: basket, idempotencyKey });
    const error = await rejection(
      createOrder(merchant.ctx, customerId, {
        flow: "CASHIER",
        items: [{ sku: "TEA", quantity: 1 }],
        idempotencyKey,
      }),
    );
    expect(error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(ERROR_STATUS[error.code]).toBe(422);
  });

  it("keys are per customer: two customers may use the same key", async () => {
    const idempotencyKey = key();
    const a = await merchant.newCustomer();
    const b = await merchant.newCustomer();
    const first = await createOrder(merchant.ctx, a.customerId, {
      flow: "CASHIER",
      items: basket,
      idempotencyKey,
    });
    const second = await createOrder(merchant.ctx, b.customerId, {
      flow: "CASHIER",
      items: basket,
      idempotencyKey,
    });
    expect(first.order.id).not.toBe(second.order.id);
  });
});

describe("failures", () => {
  it.each([
    ["low_balance", "USER_BALANCE_NOT_ENOUGH", "balance is not enough"],
    ["restricted", "USER_STATUS_ABNORMAL", "restricted"],
    ["risk", "RISK_REJECT", "declined"],
  ])("a %s user: F %s is FAILED with a clear message", async (persona, resultCode, message) => {
    const { customerId, userId } = await merchant.newCustomer({ persona });
    // Cashier payments fail when the user pays; agreement payments fail at once. Use agreement.
    await bindNewAgreement(customerId, userId);
    const { order } = await createOrder(merchant.ctx, customerId, {
      flow: "AGREEMENT",
      items: basket,
      idempotencyKey: key(),
    });
    const view = orderView(order);
    expect(view.status).toBe("FAILED");
    expect(view.failure).toMatchObject({ code: resultCode });
    expect(view.failure?.message).toContain(message);
  });
});

describe("agreement", () => {
  it("prepare → sign → bind → pay completes synchronously (S → PAID)", async () => {
    const { customerId, userId } = await merchant.newCustomer();
    const { prepared, authCode } = await signAgreement(customerId, userId);
    expect(prepared.authorizationUrl).toMatch(/^http/);
    const bound = await bindAgreement(merchant.ctx, customerId, { authCode });
    expect(bound.status).toBe("ACTIVE");
    const { order } = await createOrder(merchant.ctx, customerId, {
      flow: "AGREEMENT",
      items: [{ sku: "DATES", quantity: 1 }],
      idempotencyKey: key(),
    });
    expect(order.status).toBe("PAID");
    expect(order.redirectionUrl).toBeNull();
  });

  it("an agreement signed by another wallet user cannot be bound to this session", async () => {
    const me = await merchant.newCustomer();
    const other = await merchant.newCustomer();
    const { authCode } = await signAgreement(me.customerId, other.userId);
    const error = await rejection(bindAgreement(merchant.ctx, me.customerId, { authCode }));
    expect(error.code).toBe("FORBIDDEN");
  });

  it("agreement pay without a bound agreement is refused locally", async () => {
    const { customerId } = await merchant.newCustomer();
    const error = await rejection(
      createOrder(merchant.ctx, customerId, { flow: "AGREEMENT", items: basket, idempotencyKey: key() }),
    );
    expect(error.code).toBe("ORDER_STATUS_INVALID");
  });
});

describe("unknown outcomes and crashes", () => {
  it.each(["U", "TIMEOUT"])(
    "a %s answer leaves the order UNKNOWN, shown as PROCESSING, until reconciliation",
    async (fault) => {
      const { customerId } = await merchant.newCustomer();
      await merchant.sandbox.setFault("pay", fault);
      const { order } = await createOrder(merchant.ctx, customerId, {
        flow: "CASHIER",
        items: basket,
        idempotencyKey: key(),
      });
      expect(order.status).toBe("UNKNOWN");
      expect(orderView(order).status).toBe("PROCESSING");
      expect(order.nextReconcileAt).toBeInstanceOf(Date);

      // Reconciliation asks the wallet (by paymentRequestId: we never saw a paymentId) and settles.
      const result = await reconcileOrder(merchant.ctx, order.id);
      expect(["resent", "settled", "waiting"]).toContain(result);
      const settled = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
      expect(settled.status).toBe("PENDING");
      expect(settled.redirectionUrl).toMatch(/^http/);
      // Still exactly one payment at the wallet for this paymentRequestId.
      expect(await walletPayments(order.paymentRequestId)).toHaveLength(1);
    },
  );

  it("an order left CREATED without a pay ever sent is found and sent by reconciliation under its own id", async () => {
    const { customerId } = await merchant.newCustomer();
    // The order is committed and then the pay is never sent (its call throws before sending). A real
    // crash of the app process, with the pay already at the wallet, is test/e2e/crash.test.ts.
    const crashing = {
      ...merchant.ctx,
      wallet: { ...merchant.ctx.wallet, pay: () => Promise.reject(new Error("process killed")) },
    };
    const idempotencyKey = key();
    await expect(
      createOrder(crashing, customerId, { flow: "CASHIER", items: basket, idempotencyKey }),
    ).rejects.toThrow("process killed");
    const stranded = await merchant.ctx.prisma.order.findFirstOrThrow({
      where: { customerId, idempotencyKey },
    });
    expect(stranded.status).toBe("CREATED");
    expect(stranded.nextReconcileAt).toBeInstanceOf(Date);

    expect(await reconcileOrder(merchant.ctx, stranded.id)).toBe("resent");
    const settled = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: stranded.id } });
    expect(settled.status).toBe("PENDING");
    expect(settled.paymentRequestId).toBe(stranded.paymentRequestId);
  });

  it("a stranded agreement order whose agreement is gone is flagged for an operator, not guessed", async () => {
    const { customerId, userId } = await merchant.newCustomer();
    await bindNewAgreement(customerId, userId);
    const crashing = {
      ...merchant.ctx,
      wallet: { ...merchant.ctx.wallet, pay: () => Promise.reject(new Error("process killed")) },
    };
    const idempotencyKey = key();
    await expect(
      createOrder(crashing, customerId, { flow: "AGREEMENT", items: basket, idempotencyKey }),
    ).rejects.toThrow();
    const stranded = await merchant.ctx.prisma.order.findFirstOrThrow({
      where: { customerId, idempotencyKey },
    });
    // The customer's agreement was revoked meanwhile: the pay request can no longer be rebuilt.
    await merchant.ctx.prisma.agreement.updateMany({
      where: { customerId },
      data: { status: "REVOKED", paymentAuthCodeCipher: null },
    });
    expect(await reconcileOrder(merchant.ctx, stranded.id)).toBe("waiting");
    const flagged = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: stranded.id } });
    expect(flagged).toMatchObject({ status: "CREATED", needsAttention: true });
    expect(flagged.attentionReason).toContain("cannot re-send pay");
    expect(flagged.attentionFlag).toMatchObject({ kind: "CANNOT_RESEND" });
    // Announced once, in the flag's transaction: the next scan keeps the earlier flag and says nothing.
    await reconcileOrder(merchant.ctx, stranded.id);
    const announced = await merchant.ctx.prisma.outboxEvent.findMany({
      where: { orderId: stranded.id, type: "order.flagged" },
    });
    expect(announced).toHaveLength(1);
    expect(announced[0]?.payload).toMatchObject({
      orderId: stranded.id,
      flag: { kind: "CANNOT_RESEND" },
      reason: flagged.attentionReason,
      actor: "worker:reconcile",
    });
  });

  it("an unknown agreement payment that the wallet completed settles as PAID", async () => {
    const { customerId, userId } = await merchant.newCustomer();
    await bindNewAgreement(customerId, userId);
    await merchant.sandbox.setFault("pay", "PAYMENT_IN_PROCESS");
    const { order } = await createOrder(merchant.ctx, customerId, {
      flow: "AGREEMENT",
      items: basket,
      idempotencyKey: key(),
    });
    expect(order.status).toBe("UNKNOWN");
    await merchant.sandbox.advanceClock(120);
    await merchant.eventually(async () => {
      await reconcileOrder(merchant.ctx, order.id);
      const current = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
      return current.status !== "UNKNOWN" && current.status !== "PENDING" && current;
    });
    const settled = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(settled.status).toBe("PAID");
  });
});
