// Conformance: payment, void and refund notifications (docs/wallet-interface.md,
// "Notifications"): signed by the wallet over the raw body, retried on the sandbox clock at +0 s, 2 min,
// 10 min, 10 min, 1 h, 2 h, 6 h, 15 h until acknowledged, every attempt recorded; and the
// DROP/DUPLICATE/DELAY faults.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OperationRequest } from "@/lib/wallet/operations";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import {
  type NotifyReceiver,
  startNotifyReceiver,
  verifyReceivedNotification,
} from "@/test/support/notify-receiver";
import {
  type SandboxNotification,
  startTestSandbox,
  type TestSandbox,
  uniqueId,
} from "@/test/support/sandbox";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";

let sandbox: TestSandbox;
let receiver: NotifyReceiver;

beforeAll(async () => {
  sandbox = await startTestSandbox({ settings: { notificationTimeoutMs: 500 } });
  receiver = await startNotifyReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await sandbox?.close();
});
restoreSandboxAfterEach(() => sandbox);
beforeEach(() => {
  receiver.mode = "ack";
});

async function cashierPayment(options: { productCode?: string; notifyPath?: string } = {}) {
  const customer = await sandbox.authorizeCustomer();
  const request: OperationRequest<"pay"> = {
    productCode: options.productCode ?? PRODUCT_CODES.CASHIER,
    paymentRequestId: uniqueId("payreq"),
    paymentAmount: { currency: "IQD", value: "75000" },
    order: { orderDescription: "Lamp", buyer: { referenceBuyerId: customer.customerId } },
    paymentNotifyUrl: receiver.url(options.notifyPath ?? `/notify/payment/${uniqueId("n")}`),
    voidNotifyUrl: receiver.url(`/notify/void/${uniqueId("n")}`),
  };
  const outcome = await sandbox.client().pay(request);
  return { paymentId: outcome.data?.paymentId as string, request, customer };
}

async function notificationOf(paymentId: string, kind = "payment"): Promise<SandboxNotification> {
  await sandbox.tick(); // waits for deliveries in flight
  const [notification] = await sandbox.notifications({ paymentId, kind });
  if (!notification) throw new Error(`no ${kind} notification for ${paymentId}`);
  return notification;
}

const forPayment = (paymentId: string) => (n: { json: Record<string, unknown> }) =>
  n.json.paymentId === paymentId;

describe("payment notifications", () => {
  it("POSTs the signed result to paymentNotifyUrl once the user pays, and stops at the acknowledgement", async () => {
    const { paymentId, request } = await cashierPayment();
    await sandbox.payAtCashier(paymentId);
    const [received] = await receiver.waitFor(forPayment(paymentId));
    if (!received) throw new Error("no notification");
    expect(received.path).toBe(new URL(request.paymentNotifyUrl as string).pathname);
    expect(received.headers["content-type"]).toBe("application/json; charset=UTF-8");
    expect(received.headers["client-id"]).toBe(sandbox.merchant.clientId);
    expect(verifyReceivedNotification(received, sandbox.walletPublicKeyPem)).toEqual({ ok: true });
    expect(received.json).toEqual({
      paymentId,
      paymentRequestId: request.paymentRequestId,
      paymentAmount: { currency: "IQD", value: "75000" },
      paymentCreateTime: expect.any(String),
      paymentTime: expect.any(String),
      paymentStatus: "SUCCESS",
      paymentResult: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
    });
    const notification = await notificationOf(paymentId);
    expect(notification.status).toBe("DELIVERED");
    expect(notification.attempts).toEqual([
      expect.objectContaining({ attempt: 1, httpStatus: 200, acknowledged: true }),
    ]);
  });

  it("notifies agreement payments answered S, and closed and cancelled cashier payments", async () => {
    const agreement = await sandbox.signAgreement();
    const outcome = await sandbox.client().pay({
      productCode: PRODUCT_CODES.AGREEMENT,
      paymentRequestId: uniqueId("agr"),
      paymentAuthCode: agreement.agreementToken,
      paymentAmount: { currency: "IQD", value: "1000" },
      order: { orderDescription: "Plan" },
      paymentNotifyUrl: receiver.url("/notify/agreement"),
    });
    const [agreementNote] = await receiver.waitFor(forPayment(outcome.data?.paymentId as string));
    expect(agreementNote?.json.paymentStatus).toBe("SUCCESS");

    const cancelled = await cashierPayment();
    await sandbox.cancelAtCashier(cancelled.paymentId);
    const [cancelNote] = await receiver.waitFor(forPayment(cancelled.paymentId));
    expect(cancelNote?.json).toMatchObject({
      paymentStatus: "CANCELLED",
      paymentResult: { resultStatus: "F" },
    });

    const expiring = await cashierPayment();
    await sandbox.advanceClock(15 * 60 + 1);
    const [closedNote] = await receiver.waitFor(forPayment(expiring.paymentId));
    expect(closedNote?.json).toMatchObject({ paymentStatus: "CLOSED", paymentResult: { resultStatus: "F" } });
  });

  it("retries on the schedule +0 s, 2 min, 10 min, 10 min, 1 h, 2 h, 6 h, 15 h, then gives up", async () => {
    receiver.mode = "fail";
    const { paymentId } = await cashierPayment();
    await sandbox.payAtCashier(paymentId);
    expect((await notificationOf(paymentId)).sends).toBe(1);
    await sandbox.advanceClock(119);
    expect((await notificationOf(paymentId)).sends).toBe(1);
    const waits = [1, 600, 600, 3600, 7200, 21_600, 54_000];
    for (const [index, wait] of waits.entries()) {
      await sandbox.advanceClock(wait);
      expect((await notificationOf(paymentId)).sends).toBe(index + 2);
    }
    const exhausted = await notificationOf(paymentId);
    expect(exhausted.status).toBe("FAILED");
    expect(exhausted.attempts).toHaveLength(8);
    expect(exhausted.attempts.every((attempt) => attempt.httpStatus === 500 && !attempt.acknowledged)).toBe(
      true,
    );
    await sandbox.advanceClock(24 * 3600);
    expect((await notificationOf(paymentId)).sends).toBe(8);
    // Every retry carried the very same body bytes.
    const bodies = new Set(receiver.received.filter(forPayment(paymentId)).map((n) => n.bodyText));
    expect(bodies.size).toBe(1);
  });

  it("treats a 200 without the SUCCESS body, or no answer within the timeout, as not acknowledged", async () => {
    receiver.mode = "wrong-body";
    const first = await cashierPayment();
    await sandbox.payAtCashier(first.paymentId);
    const wrongBody = await notificationOf(first.paymentId);
    expect(wrongBody).toMatchObject({ status: "PENDING", sends: 1 });
    expect(wrongBody.attempts[0]).toMatchObject({ httpStatus: 200, acknowledged: false });

    receiver.mode = "hang";
    const second = await cashierPayment();
    await sandbox.payAtCashier(second.paymentId);
    const hung = await notificationOf(second.paymentId);
    expect(hung.attempts[0]).toMatchObject({ acknowledged: false, error: "no answer within the timeout" });

    receiver.mode = "ack";
    await sandbox.advanceClock(120);
    expect((await notificationOf(first.paymentId)).status).toBe("DELIVERED");
    expect((await notificationOf(second.paymentId)).status).toBe("DELIVERED");
  });
});

describe("void and refund notifications", () => {
  it("POSTs void results to voidNotifyUrl", async () => {
    const customer = await sandbox.authorizeCustomer();
    const wallet = sandbox.client();
    const pay = await wallet.pay({
      productCode: PRODUCT_CODES.ESCROW,
      paymentRequestId: uniqueId("escrow"),
      paymentAmount: { currency: "IQD", value: "9000" },
      order: { orderDescription: "Chair", buyer: { referenceBuyerId: customer.customerId } },
      voidNotifyUrl: receiver.url("/notify/void"),
    });
    const paymentId = pay.data?.paymentId as string;
    await sandbox.payAtCashier(paymentId);
    await wallet.merchantAccept({ paymentId });
    const voidRequestId = uniqueId("void");
    const voided = await wallet.void({
      voidRequestId,
      paymentId,
      voidAmount: { currency: "IQD", value: "4000" },
    });
    const [received] = await receiver.waitFor((n) => n.json.voidRequestId === voidRequestId);
    if (!received) throw new Error("no void notification");
    expect(verifyReceivedNotification(received, sandbox.walletPublicKeyPem)).toEqual({ ok: true });
    expect(received.json).toEqual({
      paymentId,
      voidRequestId,
      voidId: voided.data?.voidId,
      voidAmount: { currency: "IQD", value: "4000" },
      voidTime: expect.any(String),
      voidResult: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
    });
  });

  it("POSTs refund results to the refund's refundNotifyUrl when the refund completes", async () => {
    const { paymentId } = await cashierPayment();
    await sandbox.payAtCashier(paymentId);
    const refundRequestId = uniqueId("refund");
    const refund = await sandbox.client().refund({
      refundRequestId,
      paymentId,
      refundAmount: { currency: "IQD", value: "5000" },
      refundNotifyUrl: receiver.url("/notify/refund"),
    });
    expect(receiver.received.some((n) => n.json.refundRequestId === refundRequestId)).toBe(false);
    await sandbox.advanceClock(15);
    const [received] = await receiver.waitFor((n) => n.json.refundRequestId === refundRequestId);
    if (!received) throw new Error("no refund notification");
    expect(verifyReceivedNotification(received, sandbox.walletPublicKeyPem)).toEqual({ ok: true });
    expect(received.json).toEqual({
      paymentId,
      refundRequestId,
      refundId: refund.data?.refundId,
      refundAmount: { currency: "IQD", value: "5000" },
      refundStatus: "SUCCESS",
      refundTime: expect.any(String),
      refundResult: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
    });
  });
});

describe("notification faults", () => {
  it("DROP_NOTIFICATION records the notification but never sends it; inquiry still tells the result", async () => {
    await sandbox.setFault("payment", "DROP_NOTIFICATION");
    const { paymentId } = await cashierPayment();
    await sandbox.payAtCashier(paymentId);
    await sandbox.advanceClock(3600);
    const dropped = await notificationOf(paymentId);
    expect(dropped).toMatchObject({ status: "DROPPED", sends: 0, attempts: [] });
    expect(receiver.received.filter(forPayment(paymentId))).toHaveLength(0);
    const inquiry = await sandbox.client().inquiryPayment({ paymentId });
    expect(inquiry.status === "S" && inquiry.data.paymentStatus).toBe("SUCCESS");
  });

  it("DUPLICATE_NOTIFICATION sends every delivery twice, with the same body", async () => {
    await sandbox.setFault("payment", "DUPLICATE_NOTIFICATION");
    const { paymentId } = await cashierPayment();
    await sandbox.payAtCashier(paymentId);
    const copies = await receiver.waitFor(forPayment(paymentId), { count: 2 });
    expect(copies[0]?.bodyText).toBe(copies[1]?.bodyText);
    expect((await notificationOf(paymentId)).attempts.map((a) => a.copy)).toEqual([1, 2]);
  });

  it("DELAY_NOTIFICATION holds the first send, so a later notification arrives first (out of order)", async () => {
    await sandbox.setFault("payment", "DELAY_NOTIFICATION");
    const delayed = await cashierPayment();
    await sandbox.payAtCashier(delayed.paymentId);
    const prompt = await cashierPayment();
    await sandbox.payAtCashier(prompt.paymentId);
    await receiver.waitFor(forPayment(prompt.paymentId));
    await sandbox.tick();
    expect(receiver.received.filter(forPayment(delayed.paymentId))).toHaveLength(0);
    await sandbox.advanceClock(5 * 60);
    await receiver.waitFor(forPayment(delayed.paymentId));
    const order = receiver.received
      .filter((n) => n.json.paymentId === delayed.paymentId || n.json.paymentId === prompt.paymentId)
      .map((n) => n.json.paymentId);
    expect(order).toEqual([prompt.paymentId, delayed.paymentId]);
  });
});

describe("GET /sandbox/notifications", () => {
  it("lists what was sent with every attempt, filterable by payment and kind", async () => {
    const { paymentId } = await cashierPayment();
    await sandbox.payAtCashier(paymentId);
    const [notification] = await sandbox.notifications({ paymentId });
    expect(notification).toMatchObject({ kind: "payment", paymentId, clientId: sandbox.merchant.clientId });
    expect(JSON.parse(notification?.body ?? "{}")).toEqual(notification?.payload);
  });
});
