// A restart of the sandbox keeps payments, tokens, refunds, the clock, the wallet key and
// undelivered notifications (which are retried after the restart).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { type NotifyReceiver, startNotifyReceiver } from "@/test/support/notify-receiver";
import {
  type SandboxNotification,
  startTestSandbox,
  type TestSandbox,
  uniqueId,
} from "@/test/support/sandbox";

let sandbox: TestSandbox;
let receiver: NotifyReceiver;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  receiver = await startNotifyReceiver("fail");
});
afterAll(async () => {
  await receiver?.close();
  await sandbox?.close();
});

describe("restart", () => {
  it("keeps payments, tokens, refunds, settings, the clock and pending notifications", async () => {
    const customer = await sandbox.authorizeCustomer(["USER_ID", "USER_NAME"]);
    const wallet = sandbox.client();
    const paid = await wallet.pay({
      productCode: PRODUCT_CODES.CASHIER,
      paymentRequestId: uniqueId("payreq"),
      paymentAmount: { currency: "IQD", value: "30000" },
      order: { orderDescription: "Kettle", buyer: { referenceBuyerId: customer.customerId } },
      paymentNotifyUrl: receiver.url("/notify/payment"),
    });
    const paidId = paid.data?.paymentId as string;
    await sandbox.payAtCashier(paidId);
    const waitingRequest = {
      productCode: PRODUCT_CODES.CASHIER,
      paymentRequestId: uniqueId("payreq"),
      paymentAmount: { currency: "IQD", value: "1000" },
      order: { orderDescription: "Cup", buyer: { referenceBuyerId: customer.customerId } },
    };
    const waiting = await wallet.pay(waitingRequest);
    const refund = await wallet.refund({
      refundRequestId: uniqueId("refund"),
      paymentId: paidId,
      refundAmount: { currency: "IQD", value: "1000" },
    });
    await sandbox.settings({ cancelWindowSeconds: 77 });
    await sandbox.advanceClock(10);
    await sandbox.tick();
    const [before] = await sandbox.notifications({ paymentId: paidId });
    expect(before).toMatchObject({ status: "PENDING", sends: 1 });
    const walletKey = sandbox.walletPublicKeyPem;

    await sandbox.restart();

    const after = sandbox.client();
    // An inquiry is safe to repeat; a merchant retries one that met a connection closed by the restart.
    const paidAfter = await after.inquiryPayment({ paymentId: paidId }, { attempts: 2 });
    expect(paidAfter.status === "S" && paidAfter.data.paymentStatus).toBe("SUCCESS");
    const waitingAfter = await after.pay(waitingRequest);
    expect(waitingAfter).toMatchObject({
      status: "A",
      data: expect.objectContaining({ paymentId: waiting.data?.paymentId }),
    });
    expect((await after.inquiryUserInfo({ accessToken: customer.accessToken })).status).toBe("S");
    expect(
      (await after.applyToken({ grantType: "REFRESH_TOKEN", refreshToken: customer.refreshToken })).status,
    ).toBe("S");
    const refundAfter = await after.inquiryRefund({ refundId: refund.data?.refundId as string });
    expect(refundAfter.status === "S" && refundAfter.data.refundStatus).toBe("PROCESSING");
    const settings = await sandbox.control<{ cancelWindowSeconds: number }>("GET", "/sandbox/settings");
    expect(settings.cancelWindowSeconds).toBe(77);
    const clock = await sandbox.control<{ offsetSeconds: number }>("GET", "/sandbox/clock");
    expect(clock.offsetSeconds).toBe(10);
    const registration = await sandbox.control<{ walletPublicKeyPem: string }>("POST", "/sandbox/merchants", {
      clientId: sandbox.merchant.clientId,
      publicKeyPem: sandbox.merchant.publicKeyPem,
    });
    expect(registration.walletPublicKeyPem).toBe(walletKey);

    // The undelivered notification is retried on schedule after the restart.
    receiver.mode = "ack";
    await sandbox.advanceClock(120);
    const [delivered] = await sandbox.control<SandboxNotification[]>(
      "GET",
      `/sandbox/notifications?paymentId=${paidId}`,
    );
    expect(delivered).toMatchObject({ status: "DELIVERED", sends: 2 });
    expect(receiver.received.filter((n) => n.json.paymentId === paidId)).toHaveLength(2);
  });
});
