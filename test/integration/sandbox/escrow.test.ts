// Conformance: the escrow lifecycle exactly as the spec's table: merchantAccept, cancel, void
// (full and partial) and confirm, with each rejection reached by a real cause.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { startTestSandbox, type TestSandbox, uniqueId } from "@/test/support/sandbox";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";
import { ReachedCodes } from "./reached-codes";

let sandbox: TestSandbox;
const codes = new ReachedCodes("escrow", () => sandbox);

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  codes.save();
  await sandbox?.close();
});
restoreSandboxAfterEach(() => sandbox);

const AMOUNT = 100_000n;

async function escrowPayment(options: { paid?: boolean; accepted?: boolean; productCode?: string } = {}) {
  const customer = await sandbox.authorizeCustomer();
  const wallet = sandbox.client();
  const outcome = await wallet.pay({
    productCode: options.productCode ?? PRODUCT_CODES.ESCROW,
    paymentRequestId: uniqueId("escrow"),
    paymentAmount: { currency: "IQD", value: AMOUNT.toString() },
    order: { orderDescription: "Sofa, delivered", buyer: { referenceBuyerId: customer.customerId } },
  });
  expect(outcome.status).toBe("A");
  const paymentId = outcome.data?.paymentId as string;
  if (options.paid !== false) await sandbox.payAtCashier(paymentId);
  if (options.accepted) expect((await wallet.merchantAccept({ paymentId })).status).toBe("S");
  return { paymentId, userId: customer.userId, wallet };
}

async function balanceOf(userId: string): Promise<bigint> {
  return BigInt((await sandbox.control<{ balance: string }>("GET", `/sandbox/users/${userId}`)).balance);
}

async function transactionsOf(paymentId: string) {
  const outcome = await sandbox.client().inquiryPayment({ paymentId });
  return outcome.status === "S" ? (outcome.data.transactions ?? []) : [];
}

async function withLatency<T>(ms: number, work: () => Promise<T>): Promise<T> {
  await sandbox.settings({ operationLatencyMs: ms });
  try {
    return await work();
  } finally {
    await sandbox.settings({ operationLatencyMs: 0 });
  }
}

/** Starts `first`, waits until it holds the payment's lock, then runs `second` against it. */
async function overlapping<A, B>(
  paymentId: string,
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  return withLatency(2000, async () => {
    const running = first();
    await sandbox.waitForLock(paymentId);
    const overlapped = await second();
    return [await running, overlapped];
  });
}

describe("the happy path", () => {
  it("pay → cashier → merchantAccept → confirm → refund, visible in transactions", async () => {
    const { paymentId, wallet } = await escrowPayment();
    expect(await wallet.merchantAccept({ paymentId })).toMatchObject({ status: "S", resultCode: "SUCCESS" });
    const confirmed = await wallet.confirm({ paymentId, confirmRequestId: uniqueId("confirm") });
    expect(confirmed.status).toBe("S");
    expect(confirmed.data).toMatchObject({ confirmId: expect.any(String), confirmTime: expect.any(String) });
    const refund = await wallet.refund({
      refundRequestId: uniqueId("refund"),
      paymentId,
      refundAmount: { currency: "IQD", value: "40000" },
    });
    expect(refund).toMatchObject({ status: "U", resultCode: "REFUND_IN_PROCESS" });
    const inquiry = await wallet.inquiryPayment({ paymentId });
    expect(inquiry.status === "S" && inquiry.data.paymentStatus).toBe("SUCCESS");
    expect(
      (await transactionsOf(paymentId)).map((t) => `${t.transactionType}:${t.transactionStatus}`),
    ).toEqual(["PAY:SUCCESS", "ACCEPT:SUCCESS", "CONFIRM:SUCCESS", "REFUND:PROCESSING"]);
  });
});

describe("merchantAccept", () => {
  it("refuses an unknown paymentId with ORDER_NOT_EXIST", async () => {
    expect(await sandbox.client().merchantAccept({ paymentId: "pay_unknown" })).toMatchObject({
      status: "F",
      resultCode: "ORDER_NOT_EXIST",
    });
  });

  it("refuses an order the user has not paid yet with ORDER_STATUS_INVALID", async () => {
    const { paymentId, wallet } = await escrowPayment({ paid: false });
    expect(await wallet.merchantAccept({ paymentId })).toMatchObject({
      status: "F",
      resultCode: "ORDER_STATUS_INVALID",
    });
  });

  it("refuses a second accept with ORDER_IS_MERCHANT_ACCEPTED", async () => {
    const { paymentId, wallet } = await escrowPayment({ accepted: true });
    expect(await wallet.merchantAccept({ paymentId })).toMatchObject({
      status: "F",
      resultCode: "ORDER_IS_MERCHANT_ACCEPTED",
    });
  });

  it("refuses a cancelled order with ORDER_STATUS_INVALID", async () => {
    const { paymentId, wallet } = await escrowPayment();
    expect((await wallet.cancel({ paymentId })).status).toBe("S");
    expect(await wallet.merchantAccept({ paymentId })).toMatchObject({
      status: "F",
      resultCode: "ORDER_STATUS_INVALID",
    });
  });
});

describe("cancel", () => {
  it("cancels a paid, unaccepted order within the window and returns the full amount at once", async () => {
    const { paymentId, userId, wallet } = await escrowPayment();
    const before = await balanceOf(userId);
    const outcome = await wallet.cancel({ paymentId });
    expect(outcome).toMatchObject({ status: "S" });
    expect(outcome.data).toMatchObject({ paymentId, cancelTime: expect.any(String) });
    expect(await balanceOf(userId)).toBe(before + AMOUNT);
    const inquiry = await wallet.inquiryPayment({ paymentId });
    expect(inquiry.status === "S" && inquiry.data.paymentStatus).toBe("CANCELLED");
    // Cancelling again answers like the first time and returns nothing twice.
    expect((await wallet.cancel({ paymentId })).status).toBe("S");
    expect(await balanceOf(userId)).toBe(before + AMOUNT);
  });

  it("refuses after merchantAccept with CANCEL_WINDOW_EXCEED (void is used instead)", async () => {
    const { paymentId, wallet } = await escrowPayment({ accepted: true });
    expect(await wallet.cancel({ paymentId })).toMatchObject({
      status: "F",
      resultCode: "CANCEL_WINDOW_EXCEED",
    });
  });

  it("refuses after the 30-minute cancel window with CANCEL_WINDOW_EXCEED", async () => {
    const { paymentId, wallet } = await escrowPayment();
    await sandbox.advanceClock(30 * 60 + 1);
    expect(await wallet.cancel({ paymentId })).toMatchObject({
      status: "F",
      resultCode: "CANCEL_WINDOW_EXCEED",
    });
  });

  it("refuses a confirmed order with ORDER_HAS_BEEN_CAPTURED", async () => {
    const { paymentId, wallet } = await escrowPayment({ accepted: true });
    await wallet.confirm({ paymentId, confirmRequestId: uniqueId("confirm") });
    expect(await wallet.cancel({ paymentId })).toMatchObject({
      status: "F",
      resultCode: "ORDER_HAS_BEEN_CAPTURED",
    });
  });

  it("refuses a voided order with ORDER_HAS_BEEN_VOIDED", async () => {
    const { paymentId, wallet } = await escrowPayment({ accepted: true });
    await wallet.void({ voidRequestId: uniqueId("void"), paymentId });
    expect(await wallet.cancel({ paymentId })).toMatchObject({
      status: "F",
      resultCode: "ORDER_HAS_BEEN_VOIDED",
    });
  });

  it("withdraws an order nobody paid yet; the cashier can no longer be paid", async () => {
    const { paymentId, wallet } = await escrowPayment({ paid: false });
    expect((await wallet.cancel({ paymentId })).status).toBe("S");
    await expect(sandbox.payAtCashier(paymentId)).rejects.toMatchObject({ status: 409 });
  });
});

describe("void", () => {
  it("voids in full and returns the funds", async () => {
    const { paymentId, userId, wallet } = await escrowPayment({ accepted: true });
    const before = await balanceOf(userId);
    const voidRequestId = uniqueId("void");
    const outcome = await wallet.void({ voidRequestId, paymentId });
    expect(outcome).toMatchObject({ status: "S" });
    expect(outcome.data).toMatchObject({ voidRequestId, voidId: expect.any(String) });
    expect(await balanceOf(userId)).toBe(before + AMOUNT);
    // The same request again is replayed, not voided twice.
    const again = await wallet.void({ voidRequestId, paymentId });
    expect(again.data?.voidId).toBe(outcome.data?.voidId);
    expect(await balanceOf(userId)).toBe(before + AMOUNT);
    expect(await wallet.void({ voidRequestId: uniqueId("void"), paymentId })).toMatchObject({
      status: "F",
      resultCode: "ORDER_STATUS_INVALID",
    });
  });

  it("voids in part, never above what is still held: VOID_AMOUNT_EXCEEDS_AUTH_LIMIT", async () => {
    const { paymentId, wallet } = await escrowPayment({ accepted: true });
    const part = (value: string) =>
      wallet.void({ voidRequestId: uniqueId("void"), paymentId, voidAmount: { currency: "IQD", value } });
    expect(await part("100001")).toMatchObject({ status: "F", resultCode: "VOID_AMOUNT_EXCEEDS_AUTH_LIMIT" });
    expect((await part("30000")).status).toBe("S");
    expect(await part("70001")).toMatchObject({ status: "F", resultCode: "VOID_AMOUNT_EXCEEDS_AUTH_LIMIT" });
    expect((await part("70000")).status).toBe("S");
    const voids = (await transactionsOf(paymentId)).filter((t) => t.transactionType === "VOID");
    expect(voids.map((t) => t.transactionAmount?.value)).toEqual(["30000", "70000"]);
  });

  it("confirms what is left after a partial void", async () => {
    const { paymentId, wallet } = await escrowPayment({ accepted: true });
    await wallet.void({
      voidRequestId: uniqueId("void"),
      paymentId,
      voidAmount: { currency: "IQD", value: "25000" },
    });
    expect((await wallet.confirm({ paymentId, confirmRequestId: uniqueId("confirm") })).status).toBe("S");
    const confirm = (await transactionsOf(paymentId)).find((t) => t.transactionType === "CONFIRM");
    expect(confirm?.transactionAmount?.value).toBe("75000");
  });

  it("refuses a void before merchantAccept, and after confirm, with ORDER_STATUS_INVALID", async () => {
    const paid = await escrowPayment();
    expect(
      await paid.wallet.void({ voidRequestId: uniqueId("void"), paymentId: paid.paymentId }),
    ).toMatchObject({
      resultCode: "ORDER_STATUS_INVALID",
    });
    const confirmed = await escrowPayment({ accepted: true });
    await confirmed.wallet.confirm({ paymentId: confirmed.paymentId, confirmRequestId: uniqueId("confirm") });
    expect(
      await confirmed.wallet.void({ voidRequestId: uniqueId("void"), paymentId: confirmed.paymentId }),
    ).toMatchObject({
      resultCode: "ORDER_STATUS_INVALID",
    });
  });

  it("refuses a cashier payment with ORDER_UNSUPPORTED_OPERATION", async () => {
    const { paymentId, wallet } = await escrowPayment({ productCode: PRODUCT_CODES.CASHIER });
    expect(await wallet.void({ voidRequestId: uniqueId("void"), paymentId })).toMatchObject({
      status: "F",
      resultCode: "ORDER_UNSUPPORTED_OPERATION",
    });
  });

  it("refuses a voidRequestId reused with another amount: REPEAT_REQ_INCONSISTENT", async () => {
    const { paymentId, wallet } = await escrowPayment({ accepted: true });
    const voidRequestId = uniqueId("void");
    await wallet.void({ voidRequestId, paymentId, voidAmount: { currency: "IQD", value: "1000" } });
    expect(
      await wallet.void({ voidRequestId, paymentId, voidAmount: { currency: "IQD", value: "2000" } }),
    ).toMatchObject({
      resultCode: "REPEAT_REQ_INCONSISTENT",
    });
  });

  it("refuses a void while a confirm of the same payment is processing: MUTEX_OPERATION_IN_PROCESSING", async () => {
    const { paymentId, wallet } = await escrowPayment({ accepted: true });
    const [confirmed, voided] = await overlapping(
      paymentId,
      () => wallet.confirm({ paymentId, confirmRequestId: uniqueId("confirm") }),
      () => wallet.void({ voidRequestId: uniqueId("void"), paymentId }),
    );
    expect(confirmed.status).toBe("S");
    expect(voided).toMatchObject({ status: "F", resultCode: "MUTEX_OPERATION_IN_PROCESSING" });
  });
});

describe("confirm", () => {
  it("refuses before merchantAccept with ORDER_STATUS_INVALID", async () => {
    const { paymentId, wallet } = await escrowPayment();
    expect(await wallet.confirm({ paymentId, confirmRequestId: uniqueId("confirm") })).toMatchObject({
      status: "F",
      resultCode: "ORDER_STATUS_INVALID",
    });
  });

  it("refuses an unknown paymentId with ORDER_NOT_EXIST", async () => {
    expect(
      await sandbox.client().confirm({ paymentId: "pay_unknown", confirmRequestId: uniqueId("confirm") }),
    ).toMatchObject({
      status: "F",
      resultCode: "ORDER_NOT_EXIST",
    });
  });

  it("replays a repeated confirmRequestId with the same confirmId", async () => {
    const { paymentId, wallet } = await escrowPayment({ accepted: true });
    const confirmRequestId = uniqueId("confirm");
    const first = await wallet.confirm({ paymentId, confirmRequestId });
    const again = await wallet.confirm({ paymentId, confirmRequestId });
    expect(again.data?.confirmId).toBe(first.data?.confirmId);
    expect(await wallet.confirm({ paymentId, confirmRequestId: uniqueId("confirm") })).toMatchObject({
      resultCode: "ORDER_STATUS_INVALID",
    });
  });

  it("refuses a confirm while a void of the same payment is processing: MUTEX_OPERATION_IN_PROCESSING", async () => {
    const { paymentId, wallet } = await escrowPayment({ accepted: true });
    const [voided, confirmed] = await overlapping(
      paymentId,
      () =>
        wallet.void({
          voidRequestId: uniqueId("void"),
          paymentId,
          voidAmount: { currency: "IQD", value: "1000" },
        }),
      () => wallet.confirm({ paymentId, confirmRequestId: uniqueId("confirm") }),
    );
    expect(voided.status).toBe("S");
    expect(confirmed).toMatchObject({ status: "F", resultCode: "MUTEX_OPERATION_IN_PROCESSING" });
  });
});

describe("refund of escrow payments", () => {
  it("is refused before confirm (ORDER_STATUS_INVALID) and capped at the confirmed amount after", async () => {
    const { paymentId, wallet } = await escrowPayment({ accepted: true });
    const refund = (value: string) =>
      wallet.refund({
        refundRequestId: uniqueId("refund"),
        paymentId,
        refundAmount: { currency: "IQD", value },
      });
    expect(await refund("1000")).toMatchObject({ status: "F", resultCode: "ORDER_STATUS_INVALID" });
    await wallet.void({
      voidRequestId: uniqueId("void"),
      paymentId,
      voidAmount: { currency: "IQD", value: "40000" },
    });
    await wallet.confirm({ paymentId, confirmRequestId: uniqueId("confirm") });
    expect(await refund("60001")).toMatchObject({ status: "F", resultCode: "REFUND_AMOUNT_EXCEED" });
    expect(await refund("60000")).toMatchObject({ status: "U", resultCode: "REFUND_IN_PROCESS" });
  });
});

describe("the spec's escrow codes", () => {
  it("were all reached by a real cause", () => {
    expect(codes.missing(["merchantAccept", "cancel", "void", "confirm"])).toEqual([]);
  });
});
