// The wallet's notifications as they really arrive: duplicated, late, out of order, missing, forged
// or tampered — and what each does (or must not do) to our records.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receiveNotification } from "@/lib/payments/notifications/receive-notification";
import { createOrder } from "@/lib/payments/orders/create-order";
import { reconcileOrder } from "@/lib/payments/reconcile/reconcile-order";
import { formatWalletTime, signMessage } from "@/lib/wallet/signature";
import { loadOrCreateWalletKeys } from "@/sandbox/wallet-keys";
import { generateTestKeyPair } from "@/test/support/keys";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";

let merchant: MerchantHarness;
beforeAll(async () => {
  merchant = await startMerchant();
});
afterAll(() => merchant.close());
restoreSandboxAfterEach(() => merchant?.sandbox);

const PATH = "/api/wallet/notify/payment";

async function pendingOrder() {
  const { customerId } = await merchant.newCustomer();
  const { order } = await createOrder(merchant.ctx, customerId, {
    flow: "CASHIER",
    items: [{ sku: "TEA", quantity: 2 }],
    idempotencyKey: crypto.randomUUID(),
  });
  expect(order.status).toBe("PENDING");
  return order;
}

/** A notification signed as the wallet signs them (or with another key, for forgeries). */
function signedNotification(
  body: object,
  privateKey = loadOrCreateWalletKeys(merchant.sandbox.dataDir).privateKey,
) {
  const rawBody = JSON.stringify(body);
  const time = formatWalletTime();
  const headers = new Headers({
    "Content-Type": "application/json; charset=UTF-8",
    "Client-Id": merchant.ctx.clientId,
    "Request-Time": time,
    Signature: signMessage(
      { method: "POST", path: PATH, clientId: merchant.ctx.clientId, time, body: rawBody },
      privateKey,
      1,
    ),
  });
  return { kind: "PAYMENT" as const, path: PATH, rawBody, headers };
}

function paymentBody(
  order: { paymentId: string | null; paymentRequestId: string; amountFils: bigint },
  paymentStatus: string,
) {
  return {
    paymentId: order.paymentId,
    paymentRequestId: order.paymentRequestId,
    paymentAmount: { currency: "IQD", value: order.amountFils.toString() },
    paymentCreateTime: formatWalletTime(),
    ...(paymentStatus === "SUCCESS" ? { paymentTime: formatWalletTime() } : {}),
    paymentStatus,
    paymentResult: {
      resultCode: paymentStatus === "SUCCESS" ? "SUCCESS" : "PROCESS_FAIL",
      resultStatus: paymentStatus === "SUCCESS" ? "S" : "F",
      resultMessage: "",
    },
  };
}

const statusOf = async (id: string) =>
  (await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id } })).status;

describe("duplicates and ordering", () => {
  it("a duplicated notification is applied once and both deliveries are acknowledged", async () => {
    const order = await pendingOrder();
    await merchant.sandbox.setFault("payment", "DUPLICATE_NOTIFICATION");
    await merchant.sandbox.payAtCashier(order.paymentId as string);
    await merchant.eventually(async () => {
      const [sent] = await merchant.sandbox.notifications({ paymentId: order.paymentId as string });
      return sent && sent.attempts.filter((attempt) => attempt.acknowledged).length >= 2;
    });
    expect(await statusOf(order.id)).toBe("PAID");
    const events = await merchant.ctx.prisma.orderEvent.count({
      where: { orderId: order.id, toStatus: "PAID" },
    });
    expect(events).toBe(1);
    expect(await merchant.ctx.prisma.notification.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("a late PROCESSING or FAIL after SUCCESS changes nothing and is acknowledged", async () => {
    const order = await pendingOrder();
    await merchant.sandbox.payAtCashier(order.paymentId as string);
    await merchant.eventually(async () => (await statusOf(order.id)) === "PAID");
    for (const status of ["PROCESSING", "FAIL"]) {
      const answer = await receiveNotification(merchant.ctx, signedNotification(paymentBody(order, status)));
      expect(answer.httpStatus).toBe(200);
    }
    expect(await statusOf(order.id)).toBe("PAID");
  });

  it("a SUCCESS that arrives before the pay answer was recorded still pays the order", async () => {
    const order = await pendingOrder();
    // Rewind our view: as if the notification overtook the pay answer.
    await merchant.ctx.prisma.order.update({
      where: { id: order.id },
      data: { status: "CREATED", paymentId: null },
    });
    await merchant.sandbox.payAtCashier(order.paymentId as string);
    await merchant.eventually(async () => (await statusOf(order.id)) === "PAID");
    const stored = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.paymentId).toBe(order.paymentId);
  });

  it("a dropped notification is made up for by reconciliation", async () => {
    const order = await pendingOrder();
    await merchant.sandbox.setFault("payment", "DROP_NOTIFICATION");
    await merchant.sandbox.payAtCashier(order.paymentId as string);
    expect(await statusOf(order.id)).toBe("PENDING");
    expect(await reconcileOrder(merchant.ctx, order.id)).toBe("settled");
    expect(await statusOf(order.id)).toBe("PAID");
  });
});

describe("authenticity", () => {
  it("a forged notification (another key) changes nothing and is answered with an error", async () => {
    const order = await pendingOrder();
    const forged = signedNotification(paymentBody(order, "SUCCESS"), generateTestKeyPair().privateKey);
    const answer = await receiveNotification(merchant.ctx, forged);
    expect(answer.httpStatus).toBe(401);
    expect(answer.body).toMatchObject({ result: { resultStatus: "F", resultCode: "INVALID_SIGNATURE" } });
    expect(await statusOf(order.id)).toBe("PENDING");
    // Counted, not stored as a notification: anyone can post these.
    expect(await merchant.ctx.prisma.notification.count({ where: { verified: false } })).toBe(0);
    const counted = await merchant.ctx.prisma.notificationRejection.findFirstOrThrow({
      where: { reason: "BAD_SIGNATURE", kind: "PAYMENT" },
    });
    expect(counted.count).toBeGreaterThanOrEqual(1);
    expect(counted.sampleBody).toContain(order.paymentRequestId);
  });

  it("a tampered body (signature of the original) changes nothing", async () => {
    const order = await pendingOrder();
    const genuine = signedNotification(paymentBody(order, "FAIL"));
    const tampered = { ...genuine, rawBody: genuine.rawBody.replace('"FAIL"', '"SUCCESS"') };
    const answer = await receiveNotification(merchant.ctx, tampered);
    expect(answer.httpStatus).toBe(401);
    expect(await statusOf(order.id)).toBe("PENDING");
  });

  it("a notification for another Client-Id or with a stale time is refused", async () => {
    const order = await pendingOrder();
    const other = signedNotification(paymentBody(order, "SUCCESS"));
    other.headers.set("Client-Id", "someone-else");
    expect((await receiveNotification(merchant.ctx, other)).httpStatus).toBe(401);
    const stale = signedNotification(paymentBody(order, "SUCCESS"));
    stale.headers.set("Request-Time", formatWalletTime(new Date(Date.now() - 10 * 60_000)));
    expect((await receiveNotification(merchant.ctx, stale)).httpStatus).toBe(401);
    expect(await statusOf(order.id)).toBe("PENDING");
  });

  it("a genuine notification whose amount does not match the order is rejected and the order flagged", async () => {
    const order = await pendingOrder();
    const body = { ...paymentBody(order, "SUCCESS"), paymentAmount: { currency: "IQD", value: "1" } };
    const answer = await receiveNotification(merchant.ctx, signedNotification(body));
    expect(answer.httpStatus).toBe(422);
    const stored = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored).toMatchObject({ status: "PENDING", needsAttention: true });
  });

  it("a malformed body is refused", async () => {
    const answer = await receiveNotification(merchant.ctx, signedNotification({ hello: "world" }));
    expect(answer.httpStatus).toBe(400);
  });
});
