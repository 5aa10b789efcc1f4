// Conformance: refund (REFUND_IN_PROCESS, then SUCCESS or FAIL after the configured delay; never
// above the captured amount in total) and inquiryRefund (either id, refundId precedence,
// REFUND_NOT_EXIST, one poll per 5 s per refund).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { RATE_LIMIT_CODE } from "@/sandbox/operations/refund";
import { startTestSandbox, type TestSandbox, uniqueId } from "@/test/support/sandbox";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";
import { ReachedCodes } from "./reached-codes";

let sandbox: TestSandbox;
const codes = new ReachedCodes("refunds", () => sandbox);

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  codes.save();
  await sandbox?.close();
});
restoreSandboxAfterEach(() => sandbox);

async function paidPayment(amount = "100000", persona?: string) {
  const customer = await sandbox.authorizeCustomer(["USER_ID"], persona ? { persona } : {});
  const wallet = sandbox.client();
  const outcome = await wallet.pay({
    productCode: PRODUCT_CODES.CASHIER,
    paymentRequestId: uniqueId("payreq"),
    paymentAmount: { currency: "IQD", value: amount },
    order: { orderDescription: "Shoes", buyer: { referenceBuyerId: customer.customerId } },
  });
  const paymentId = outcome.data?.paymentId as string;
  await sandbox.payAtCashier(paymentId);
  return { paymentId, userId: customer.userId, wallet };
}

function refundOf(paymentId: string, value: string, refundRequestId = uniqueId("refund")) {
  return { refundRequestId, paymentId, refundAmount: { currency: "IQD", value } };
}

async function balanceOf(userId: string): Promise<bigint> {
  return BigInt((await sandbox.control<{ balance: string }>("GET", `/sandbox/users/${userId}`)).balance);
}

describe("refund", () => {
  it("answers REFUND_IN_PROCESS, stays PROCESSING for 15 s of sandbox time, then SUCCESS", async () => {
    const { paymentId, userId, wallet } = await paidPayment();
    const before = await balanceOf(userId);
    const request = refundOf(paymentId, "40000");
    const outcome = await wallet.refund(request);
    expect(outcome).toMatchObject({ status: "U", resultCode: "REFUND_IN_PROCESS" });
    const refundId = outcome.data?.refundId as string;
    expect(refundId).toBeTruthy();

    const pending = await wallet.inquiryRefund({ refundId });
    expect(pending.status === "S" && pending.data.refundStatus).toBe("PROCESSING");
    await sandbox.advanceClock(15);
    const done = await wallet.inquiryRefund({ refundRequestId: request.refundRequestId });
    expect(done.status).toBe("S");
    if (done.status !== "S") return;
    expect(done.data).toMatchObject({
      refundId,
      refundStatus: "SUCCESS",
      refundAmount: { currency: "IQD", value: "40000" },
    });
    expect(done.data.refundTime).toBeDefined();
    expect(await balanceOf(userId)).toBe(before + 40_000n);
    // The same request again reports the refund's state now.
    expect(await wallet.refund(request)).toMatchObject({
      status: "S",
      data: expect.objectContaining({ refundId }),
    });
  });

  it("completes at once with S when refundDelaySeconds is 0", async () => {
    await sandbox.settings({ refundDelaySeconds: 0 });
    try {
      const { paymentId, wallet } = await paidPayment();
      const outcome = await wallet.refund(refundOf(paymentId, "100000"));
      expect(outcome).toMatchObject({ status: "S", resultCode: "SUCCESS" });
      expect(outcome.data?.refundTime).toBeDefined();
    } finally {
      await sandbox.settings({ refundDelaySeconds: 15 });
    }
  });

  it("never refunds more than captured in total, counting refunds still processing", async () => {
    const { paymentId, wallet } = await paidPayment("100000");
    expect((await wallet.refund(refundOf(paymentId, "60000"))).resultCode).toBe("REFUND_IN_PROCESS");
    expect(await wallet.refund(refundOf(paymentId, "40001"))).toMatchObject({
      status: "F",
      resultCode: "REFUND_AMOUNT_EXCEED",
    });
    expect((await wallet.refund(refundOf(paymentId, "40000"))).resultCode).toBe("REFUND_IN_PROCESS");
    expect(await wallet.refund(refundOf(paymentId, "1"))).toMatchObject({
      status: "F",
      resultCode: "REFUND_AMOUNT_EXCEED",
    });
  });

  it("fails after the delay when the wallet rejects it (REFUND_FAIL fault) and frees the amount again", async () => {
    const { paymentId, wallet } = await paidPayment("50000");
    await sandbox.setFault("refund", "REFUND_FAIL");
    const outcome = await wallet.refund(refundOf(paymentId, "50000"));
    await sandbox.advanceClock(15);
    const failed = await wallet.inquiryRefund({ refundId: outcome.data?.refundId as string });
    expect(failed.status === "S" && failed.data).toMatchObject({
      refundStatus: "FAIL",
      refundFailReason: expect.any(String),
    });
    expect((await wallet.refund(refundOf(paymentId, "50000"))).resultCode).toBe("REFUND_IN_PROCESS");
  });

  it("fails when the user's account is restricted by the time the refund completes", async () => {
    const { paymentId, userId, wallet } = await paidPayment();
    const outcome = await wallet.refund(refundOf(paymentId, "1000"));
    await sandbox.createUser({ userId, persona: "restricted" });
    await sandbox.advanceClock(15);
    const failed = await wallet.inquiryRefund({ refundId: outcome.data?.refundId as string });
    expect(failed.status === "S" && failed.data.refundStatus).toBe("FAIL");
  });

  it("refuses a refundRequestId reused with another amount: REPEAT_REQ_INCONSISTENT", async () => {
    const { paymentId, wallet } = await paidPayment();
    const request = refundOf(paymentId, "1000");
    await wallet.refund(request);
    expect(
      await wallet.refund({ ...request, refundAmount: { currency: "IQD", value: "2000" } }),
    ).toMatchObject({
      resultCode: "REPEAT_REQ_INCONSISTENT",
    });
  });

  it("refuses an unpaid payment (ORDER_STATUS_INVALID) and an unknown one (ORDER_NOT_EXIST)", async () => {
    const customer = await sandbox.authorizeCustomer();
    const wallet = sandbox.client();
    const unpaid = await wallet.pay({
      productCode: PRODUCT_CODES.CASHIER,
      paymentRequestId: uniqueId("payreq"),
      paymentAmount: { currency: "IQD", value: "1000" },
      order: { orderDescription: "x", buyer: { referenceBuyerId: customer.customerId } },
    });
    expect(await wallet.refund(refundOf(unpaid.data?.paymentId as string, "1000"))).toMatchObject({
      resultCode: "ORDER_STATUS_INVALID",
    });
    expect(await wallet.refund(refundOf("pay_unknown", "1000"))).toMatchObject({
      resultCode: "ORDER_NOT_EXIST",
    });
  });

  it("accepts refundReason, refundNotifyUrl and extendInfo and reports the reason", async () => {
    const { paymentId, wallet } = await paidPayment();
    const outcome = await wallet.refund({
      ...refundOf(paymentId, "1000"),
      refundReason: "damaged",
      extendInfo: '{"a":1}',
    });
    const found = await wallet.inquiryRefund({ refundId: outcome.data?.refundId as string });
    expect(found.status === "S" && found.data).toMatchObject({
      refundReason: "damaged",
      extendInfo: '{"a":1}',
    });
  });
});

describe("inquiryRefund", () => {
  it("refuses unknown ids and other merchants' refunds with REFUND_NOT_EXIST", async () => {
    const wallet = sandbox.client();
    expect(await wallet.inquiryRefund({ refundId: "rfd_unknown" })).toMatchObject({
      status: "F",
      resultCode: "REFUND_NOT_EXIST",
    });
    expect(await wallet.inquiryRefund({ refundRequestId: "unknown" })).toMatchObject({
      resultCode: "REFUND_NOT_EXIST",
    });
    const { paymentId } = await paidPayment();
    const outcome = await wallet.refund(refundOf(paymentId, "1000"));
    const other = await sandbox.registerMerchant();
    const otherClient = sandbox.client({ clientId: other.clientId, privateKey: other.privateKey });
    expect(await otherClient.inquiryRefund({ refundId: outcome.data?.refundId as string })).toMatchObject({
      resultCode: "REFUND_NOT_EXIST",
    });
  });

  it("gives refundId precedence over refundRequestId", async () => {
    const { paymentId, wallet } = await paidPayment();
    const request = refundOf(paymentId, "1000");
    const outcome = await wallet.refund(request);
    const refundId = outcome.data?.refundId as string;
    const found = await wallet.inquiryRefund({ refundId, refundRequestId: "something-else" });
    expect(found.status === "S" && found.data.refundId).toBe(refundId);
    expect(
      await wallet.inquiryRefund({ refundId: "rfd_unknown", refundRequestId: request.refundRequestId }),
    ).toMatchObject({
      resultCode: "REFUND_NOT_EXIST",
    });
  });

  it(`limits polling to one per 5 s per refund (U/${RATE_LIMIT_CODE})`, async () => {
    const { paymentId, wallet } = await paidPayment();
    const outcome = await wallet.refund(refundOf(paymentId, "1000"));
    const refundId = outcome.data?.refundId as string;
    expect((await wallet.inquiryRefund({ refundId })).status).toBe("S");
    expect(await wallet.inquiryRefund({ refundId })).toMatchObject({
      status: "U",
      resultCode: RATE_LIMIT_CODE,
    });
    await sandbox.advanceClock(5);
    expect((await wallet.inquiryRefund({ refundId })).status).toBe("S");
  });

  it("answers PARAM_ILLEGAL when neither id is given", async () => {
    const answer = await sandbox.sendRaw("/v1/payments/inquiryRefund", {});
    expect((answer.json as { result: unknown }).result).toMatchObject({ resultCode: "PARAM_ILLEGAL" });
  });
});

describe("the spec's refund codes", () => {
  it("were all reached by a real cause", () => {
    expect(codes.missing(["refund", "inquiryRefund"])).toEqual([]);
  });
});
