// Conformance: pay for the cashier, auth-capture, escrow and agreement product codes, its
// idempotency rules and every pay error of the spec, each reached by a real cause (personas,
// merchant status, limits, faults, the clock).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperationRequest } from "@/lib/wallet/operations";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { formatWalletTime } from "@/lib/wallet/signature";
import { startTestSandbox, type TestSandbox, uniqueId } from "@/test/support/sandbox";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";
import { ReachedCodes } from "./reached-codes";

let sandbox: TestSandbox;
const codes = new ReachedCodes("pay", () => sandbox);

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  codes.save();
  await sandbox?.close();
});
restoreSandboxAfterEach(() => sandbox);

type PayRequest = OperationRequest<"pay">;

function cashierPay(customerId: string, overrides: Partial<PayRequest> = {}): PayRequest {
  return {
    productCode: PRODUCT_CODES.CASHIER,
    paymentRequestId: uniqueId("payreq"),
    paymentAmount: { currency: "IQD", value: "25000" },
    order: { orderDescription: "2 x Coffee", buyer: { referenceBuyerId: customerId } },
    ...overrides,
  };
}

function agreementPay(agreementToken: string, overrides: Partial<PayRequest> = {}): PayRequest {
  return {
    productCode: PRODUCT_CODES.AGREEMENT,
    paymentRequestId: uniqueId("agrreq"),
    paymentAuthCode: agreementToken,
    paymentAmount: { currency: "IQD", value: "25000" },
    order: { orderDescription: "Monthly plan" },
    ...overrides,
  };
}

async function balanceOf(userId: string): Promise<bigint> {
  const user = await sandbox.control<{ balance: string }>("GET", `/sandbox/users/${userId}`);
  return BigInt(user.balance);
}

describe("cashier payment", () => {
  it("answers A/ACCEPT with the cashier URL and succeeds once the user pays there", async () => {
    const customer = await sandbox.authorizeCustomer();
    const before = await balanceOf(customer.userId);
    const wallet = sandbox.client();
    const outcome = await wallet.pay(cashierPay(customer.customerId));
    expect(outcome).toMatchObject({ status: "A", resultCode: "ACCEPT" });
    if (outcome.status !== "A") return;
    const paymentId = outcome.data.paymentId ?? "";
    expect(outcome.data.redirectActionForm?.redirectionUrl).toBe(`${sandbox.url}/cashier/${paymentId}`);
    expect(outcome.data.paymentTime).toBeUndefined();

    const waiting = await wallet.inquiryPayment({ paymentId });
    expect(waiting.status === "S" && waiting.data.paymentStatus).toBe("PROCESSING");

    await sandbox.payAtCashier(paymentId);
    const paid = await wallet.inquiryPayment({ paymentId });
    expect(paid.status).toBe("S");
    if (paid.status !== "S") return;
    expect(paid.data.paymentStatus).toBe("SUCCESS");
    expect(paid.data.paymentTime).toBeDefined();
    expect(paid.data.transactions).toEqual([
      expect.objectContaining({
        transactionType: "PAY",
        transactionStatus: "SUCCESS",
        transactionAmount: { currency: "IQD", value: "25000" },
      }),
    ]);
    expect(await balanceOf(customer.userId)).toBe(before - 25_000n);
  });

  it("treats the auth-capture product code like the cashier", async () => {
    const customer = await sandbox.authorizeCustomer();
    const outcome = await sandbox
      .client()
      .pay(cashierPay(customer.customerId, { productCode: PRODUCT_CODES.AUTH_CAPTURE }));
    expect(outcome).toMatchObject({ status: "A", resultCode: "ACCEPT" });
  });

  it("finds a payment by paymentRequestId as well as by paymentId", async () => {
    const customer = await sandbox.authorizeCustomer();
    const request = cashierPay(customer.customerId);
    const outcome = await sandbox.client().pay(request);
    const byRequest = await sandbox.client().inquiryPayment({ paymentRequestId: request.paymentRequestId });
    expect(byRequest.status === "S" && byRequest.data.paymentId).toBe(outcome.data?.paymentId);
  });

  it("replays a repeated pay: the same A while waiting, S once paid", async () => {
    const customer = await sandbox.authorizeCustomer();
    const wallet = sandbox.client();
    const request = cashierPay(customer.customerId);
    const first = await wallet.pay(request);
    const again = await wallet.pay(request);
    expect(again).toMatchObject({ status: "A" });
    expect(again.data?.paymentId).toBe(first.data?.paymentId);
    await sandbox.payAtCashier(first.data?.paymentId as string);
    const afterPaying = await wallet.pay(request);
    expect(afterPaying).toMatchObject({ status: "S", resultCode: "SUCCESS" });
    expect(afterPaying.data?.paymentTime).toBeDefined();
  });

  it("refuses the same paymentRequestId with a different payload: REPEAT_REQ_INCONSISTENT", async () => {
    const customer = await sandbox.authorizeCustomer();
    const wallet = sandbox.client();
    const request = cashierPay(customer.customerId);
    await wallet.pay(request);
    const changed = await wallet.pay({ ...request, paymentAmount: { currency: "IQD", value: "26000" } });
    expect(changed).toMatchObject({ status: "F", resultCode: "REPEAT_REQ_INCONSISTENT" });
  });

  it("refuses a referenceBuyerId that is no customer of this merchant: USER_NOT_EXIST", async () => {
    const wallet = sandbox.client();
    expect(await wallet.pay(cashierPay("2160nobody"))).toMatchObject({
      status: "F",
      resultCode: "USER_NOT_EXIST",
    });
    // A real wallet user who never authorized this mini program is no customer either.
    const { userId } = await sandbox.createUser();
    expect(await wallet.pay(cashierPay(userId))).toMatchObject({ status: "F", resultCode: "USER_NOT_EXIST" });
  });

  it("refuses a restricted buyer with USER_STATUS_ABNORMAL and a risky one with RISK_REJECT", async () => {
    const restricted = await sandbox.authorizeCustomer(["USER_ID"], { persona: "restricted" });
    const risky = await sandbox.authorizeCustomer(["USER_ID"], { persona: "risk" });
    const wallet = sandbox.client();
    expect(await wallet.pay(cashierPay(restricted.customerId))).toMatchObject({
      status: "F",
      resultCode: "USER_STATUS_ABNORMAL",
    });
    expect(await wallet.pay(cashierPay(risky.customerId))).toMatchObject({
      status: "F",
      resultCode: "RISK_REJECT",
    });
  });

  it("refuses an unsupported currency with CURRENCY_NOT_SUPPORT", async () => {
    const customer = await sandbox.authorizeCustomer();
    const outcome = await sandbox
      .client()
      .pay(cashierPay(customer.customerId, { paymentAmount: { currency: "USD", value: "100" } }));
    expect(outcome).toMatchObject({ status: "F", resultCode: "CURRENCY_NOT_SUPPORT" });
  });

  it("refuses an amount above the 5,000,000,000 fils product limit with PAYMENT_AMOUNT_EXCEED_LIMIT", async () => {
    const customer = await sandbox.authorizeCustomer();
    const wallet = sandbox.client();
    const atLimit = await wallet.pay(
      cashierPay(customer.customerId, { paymentAmount: { currency: "IQD", value: "5000000000" } }),
    );
    expect(atLimit.status).toBe("A");
    const above = await wallet.pay(
      cashierPay(customer.customerId, { paymentAmount: { currency: "IQD", value: "5000000001" } }),
    );
    expect(above).toMatchObject({ status: "F", resultCode: "PAYMENT_AMOUNT_EXCEED_LIMIT" });
  });

  it("replays a final F to a repeated request, even after its cause is gone", async () => {
    const merchant = await sandbox.registerMerchant({ status: "RESTRICTED" });
    const wallet = sandbox.client({ clientId: merchant.clientId, privateKey: merchant.privateKey });
    const request = cashierPay("anyone");
    expect(await wallet.pay(request)).toMatchObject({ status: "F", resultCode: "PARTNER_STATUS_ABNORMAL" });
    await sandbox.control("POST", "/sandbox/merchants", {
      clientId: merchant.clientId,
      publicKeyPem: merchant.publicKeyPem,
      status: "NORMAL",
    });
    expect(await wallet.pay(request)).toMatchObject({ status: "F", resultCode: "PARTNER_STATUS_ABNORMAL" });
    const inquiry = await wallet.inquiryPayment({ paymentRequestId: request.paymentRequestId });
    expect(inquiry.status === "S" && inquiry.data.paymentStatus).toBe("FAIL");
  });

  it("refuses payments of a CLOSED merchant with PARTNER_NOT_EXIST (its key still verifies)", async () => {
    const merchant = await sandbox.registerMerchant({ status: "CLOSED" });
    const wallet = sandbox.client({ clientId: merchant.clientId, privateKey: merchant.privateKey });
    expect(await wallet.pay(cashierPay("anyone"))).toMatchObject({
      status: "F",
      resultCode: "PARTNER_NOT_EXIST",
    });
  });

  it("closes an unpaid order at its paymentExpiryTime; a repeated pay then gets ORDER_STATUS_INVALID", async () => {
    const customer = await sandbox.authorizeCustomer();
    const wallet = sandbox.client();
    const request = cashierPay(customer.customerId, {
      paymentExpiryTime: formatWalletTime(new Date(Date.now() + 60_000)),
    });
    const outcome = await wallet.pay(request);
    const paymentId = outcome.data?.paymentId as string;
    await sandbox.advanceClock(61);
    const closed = await wallet.inquiryPayment({ paymentId });
    expect(closed.status === "S" && closed.data.paymentStatus).toBe("CLOSED");
    expect(await wallet.pay(request)).toMatchObject({ status: "F", resultCode: "ORDER_STATUS_INVALID" });
    await expect(sandbox.payAtCashier(paymentId)).rejects.toMatchObject({ status: 409 });
  });

  it("closes an order without paymentExpiryTime after the wallet's own 15 minutes", async () => {
    const customer = await sandbox.authorizeCustomer();
    const outcome = await sandbox.client().pay(cashierPay(customer.customerId));
    await sandbox.advanceClock(15 * 60 + 1);
    const closed = await sandbox.client().inquiryPayment({ paymentId: outcome.data?.paymentId as string });
    expect(closed.status === "S" && closed.data.paymentStatus).toBe("CLOSED");
  });

  it("marks an order the user cancelled at the cashier CANCELLED; a repeated pay gets ORDER_STATUS_INVALID", async () => {
    const customer = await sandbox.authorizeCustomer();
    const wallet = sandbox.client();
    const request = cashierPay(customer.customerId);
    const outcome = await wallet.pay(request);
    await sandbox.cancelAtCashier(outcome.data?.paymentId as string);
    const inquiry = await wallet.inquiryPayment({ paymentId: outcome.data?.paymentId as string });
    expect(inquiry.status === "S" && inquiry.data.paymentStatus).toBe("CANCELLED");
    expect(await wallet.pay(request)).toMatchObject({ status: "F", resultCode: "ORDER_STATUS_INVALID" });
  });

  it("keeps a cashier payment waiting when the buyer's balance is short (the cashier shows it)", async () => {
    const customer = await sandbox.authorizeCustomer(["USER_ID"], { persona: "low_balance" });
    const outcome = await sandbox.client().pay(cashierPay(customer.customerId));
    await expect(sandbox.payAtCashier(outcome.data?.paymentId as string)).rejects.toMatchObject({
      code: "USER_BALANCE_NOT_ENOUGH",
    });
    const inquiry = await sandbox.client().inquiryPayment({ paymentId: outcome.data?.paymentId as string });
    expect(inquiry.status === "S" && inquiry.data.paymentStatus).toBe("PROCESSING");
  });
});

describe("agreement payment", () => {
  it("charges the agreement holder synchronously: S with paymentTime, no redirect", async () => {
    const agreement = await sandbox.signAgreement();
    const before = await balanceOf(agreement.userId);
    const outcome = await sandbox.client().pay(agreementPay(agreement.agreementToken));
    expect(outcome).toMatchObject({ status: "S", resultCode: "SUCCESS" });
    expect(outcome.data?.paymentTime).toBeDefined();
    expect(outcome.data && "redirectActionForm" in outcome.data).toBe(false);
    expect(await balanceOf(agreement.userId)).toBe(before - 25_000n);
  });

  it("accepts a matching referenceBuyerId and refuses another buyer's: INVALID_ACCESS_TOKEN", async () => {
    const agreement = await sandbox.signAgreement();
    const wallet = sandbox.client();
    const matching = await wallet.pay(
      agreementPay(agreement.agreementToken, {
        order: { orderDescription: "x", buyer: { referenceBuyerId: agreement.customerId } },
      }),
    );
    expect(matching.status).toBe("S");
    const other = await sandbox.authorizeCustomer();
    const mismatch = await wallet.pay(
      agreementPay(agreement.agreementToken, {
        order: { orderDescription: "x", buyer: { referenceBuyerId: other.customerId } },
      }),
    );
    expect(mismatch).toMatchObject({ status: "F", resultCode: "INVALID_ACCESS_TOKEN" });
  });

  it("refuses an access token not issued by agreement signing: INVALID_ACCESS_TOKEN", async () => {
    const customer = await sandbox.authorizeCustomer();
    expect(await sandbox.client().pay(agreementPay(customer.accessToken))).toMatchObject({
      status: "F",
      resultCode: "INVALID_ACCESS_TOKEN",
    });
  });

  it("refuses an unknown paymentAuthCode with INVALID_CODE", async () => {
    expect(await sandbox.client().pay(agreementPay("made-up-code"))).toMatchObject({
      status: "F",
      resultCode: "INVALID_CODE",
    });
  });

  it("refuses the agreement's auth code once exchanged by applyToken: AUTH_CODE_ALREADY_USED", async () => {
    const { userId } = await sandbox.createUser();
    const wallet = sandbox.client();
    const prepared = await wallet.prepare({ scopes: "AGREEMENT_PAY" });
    const { authCode } = await sandbox.control<{ authCode: string }>(
      "POST",
      "/sandbox/agreements/authorize",
      {
        authorizationUrl: prepared.data?.authorizationUrl,
        userId,
      },
    );
    expect((await wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode })).status).toBe("S");
    expect(await wallet.pay(agreementPay(authCode))).toMatchObject({
      status: "F",
      resultCode: "AUTH_CODE_ALREADY_USED",
    });
  });

  it("refuses a short balance with USER_BALANCE_NOT_ENOUGH (low_balance persona)", async () => {
    const agreement = await sandbox.signAgreement({ persona: "low_balance" });
    expect(await sandbox.client().pay(agreementPay(agreement.agreementToken))).toMatchObject({
      status: "F",
      resultCode: "USER_BALANCE_NOT_ENOUGH",
    });
  });

  it("refuses spending past 100,000 fils a day with USER_AMOUNT_EXCEED_LIMIT (daily_limit persona)", async () => {
    const agreement = await sandbox.signAgreement({ persona: "daily_limit" });
    const wallet = sandbox.client();
    const amount = { currency: "IQD", value: "60000" };
    expect((await wallet.pay(agreementPay(agreement.agreementToken, { paymentAmount: amount }))).status).toBe(
      "S",
    );
    expect(await wallet.pay(agreementPay(agreement.agreementToken, { paymentAmount: amount }))).toMatchObject(
      {
        status: "F",
        resultCode: "USER_AMOUNT_EXCEED_LIMIT",
      },
    );
  });

  it("refuses restricted and risky agreement holders", async () => {
    const restricted = await sandbox.signAgreement({ persona: "restricted" });
    const risky = await sandbox.signAgreement({ persona: "risk" });
    const wallet = sandbox.client();
    expect(await wallet.pay(agreementPay(restricted.agreementToken))).toMatchObject({
      resultCode: "USER_STATUS_ABNORMAL",
    });
    expect(await wallet.pay(agreementPay(risky.agreementToken))).toMatchObject({ resultCode: "RISK_REJECT" });
  });

  it("refuses an expired agreement token with INVALID_ACCESS_TOKEN", async () => {
    const agreement = await sandbox.signAgreement();
    await sandbox.advanceClock(3601);
    expect(await sandbox.client().pay(agreementPay(agreement.agreementToken))).toMatchObject({
      status: "F",
      resultCode: "INVALID_ACCESS_TOKEN",
    });
  });

  it("replays the final S of a repeated request without charging twice", async () => {
    const agreement = await sandbox.signAgreement();
    const wallet = sandbox.client();
    const request = agreementPay(agreement.agreementToken);
    const first = await wallet.pay(request);
    const before = await balanceOf(agreement.userId);
    const again = await wallet.pay(request);
    expect(again).toMatchObject({ status: "S" });
    expect(again.data?.paymentId).toBe(first.data?.paymentId);
    expect(again.data?.paymentTime).toBe(first.data?.paymentTime);
    expect(await balanceOf(agreement.userId)).toBe(before);
  });
});

describe("faults and concurrency", () => {
  it("PAYMENT_IN_PROCESS fault: U now, the final result after the processing time", async () => {
    const agreement = await sandbox.signAgreement();
    const wallet = sandbox.client();
    await sandbox.setFault("pay", "PAYMENT_IN_PROCESS");
    const request = agreementPay(agreement.agreementToken);
    const outcome = await wallet.pay(request);
    expect(outcome).toMatchObject({ status: "U", resultCode: "PAYMENT_IN_PROCESS" });
    expect(await wallet.pay(request)).toMatchObject({ status: "U", resultCode: "PAYMENT_IN_PROCESS" });
    const processing = await wallet.inquiryPayment({ paymentRequestId: request.paymentRequestId });
    expect(processing.status === "S" && processing.data.paymentStatus).toBe("PROCESSING");
    await sandbox.advanceClock(31);
    const done = await wallet.inquiryPayment({ paymentRequestId: request.paymentRequestId });
    expect(done.status === "S" && done.data.paymentStatus).toBe("SUCCESS");
    expect(await wallet.pay(request)).toMatchObject({ status: "S" });
  });

  it("a second pay with the same paymentRequestId while the first is processing gets PAYMENT_IN_PROCESS", async () => {
    const customer = await sandbox.authorizeCustomer();
    await sandbox.settings({ operationLatencyMs: 2000 });
    try {
      const wallet = sandbox.client();
      const request = cashierPay(customer.customerId);
      const running = wallet.pay(request);
      await sandbox.waitForLock(request.paymentRequestId);
      const second = await wallet.pay(request);
      expect((await running).status).toBe("A");
      expect(second).toMatchObject({ status: "U", resultCode: "PAYMENT_IN_PROCESS" });
    } finally {
      await sandbox.settings({ operationLatencyMs: 0 });
    }
  });

  it("U fault: the payment is created but the answer is UNKNOWN_EXCEPTION; inquiry and retry resolve it", async () => {
    const customer = await sandbox.authorizeCustomer();
    const wallet = sandbox.client();
    await sandbox.setFault("pay", "U");
    const request = cashierPay(customer.customerId);
    expect(await wallet.pay(request)).toMatchObject({ status: "U", resultCode: "UNKNOWN_EXCEPTION" });
    const found = await wallet.inquiryPayment({ paymentRequestId: request.paymentRequestId });
    expect(found.status === "S" && found.data.paymentStatus).toBe("PROCESSING");
    const retried = await wallet.pay(request);
    expect(retried.status).toBe("A");
    expect(retried.data?.paymentId).toBe(found.data?.paymentId);
  });

  it("TIMEOUT fault: the wallet holds the request past the client timeout and closes it without an answer", async () => {
    const customer = await sandbox.authorizeCustomer();
    await sandbox.settings({ timeoutHangMs: 1000 });
    await sandbox.setFault("pay", "TIMEOUT");
    const wallet = sandbox.client({ timeoutsMs: { pay: 300 } });
    const request = cashierPay(customer.customerId);
    const outcome = await wallet.pay(request);
    expect(outcome).toMatchObject({ status: "U" });
    expect(outcome.status === "U" && outcome.unknownCause).toBe("TIMEOUT");
    const found = await wallet.inquiryPayment({ paymentRequestId: request.paymentRequestId });
    expect(found.status === "S" && found.data.paymentStatus).toBe("PROCESSING");
  });
});

/** A valid cashier pay body, so each malformed case below differs from it in one thing only. */
const validPay = (paymentRequestId: string) => ({
  productCode: PRODUCT_CODES.CASHIER,
  paymentRequestId,
  paymentAmount: { currency: "IQD", value: "1" },
  order: { orderDescription: "x", buyer: { referenceBuyerId: "b" } } as Record<string, unknown>,
});

describe("malformed pay requests", () => {
  it.each([
    [
      "an agreement pay without paymentAuthCode",
      { ...validPay("r1"), productCode: PRODUCT_CODES.AGREEMENT, order: { orderDescription: "x" } },
    ],
    ["a cashier pay without buyer", { ...validPay("r2"), order: { orderDescription: "x" } }],
    ["a decimal amount", { ...validPay("r3"), paymentAmount: { currency: "IQD", value: "1.5" } }],
    ["a zero amount", { ...validPay("r4"), paymentAmount: { currency: "IQD", value: "0" } }],
    ["an unknown product code", { ...validPay("r5"), productCode: "123" }],
    ["a paymentRequestId over 64 characters", validPay("r".repeat(65))],
    [
      "a referenceBuyerId with @",
      { ...validPay("r6"), order: { orderDescription: "x", buyer: { referenceBuyerId: "a@b" } } },
    ],
    [
      "a paymentNotifyUrl over 1024 characters",
      { ...validPay("r7"), paymentNotifyUrl: `https://m.example/${"a".repeat(1024)}` },
    ],
    ["a paymentExpiryTime without offset", { ...validPay("r8"), paymentExpiryTime: "2026-01-01T00:00:00" }],
    [
      "an impossible paymentExpiryTime (February 30)",
      { ...validPay("r9"), paymentExpiryTime: "2026-02-30T00:00:00+00:00" },
    ],
  ])("answers PARAM_ILLEGAL for %s", async (_name, body) => {
    const answer = await sandbox.sendRaw("/v1/payments/pay", body);
    expect((answer.json as { result: unknown }).result).toMatchObject({
      resultStatus: "F",
      resultCode: "PARAM_ILLEGAL",
    });
  });

  it("refuses a notify URL outside the merchant's allowlist with PARAM_ILLEGAL", async () => {
    const merchant = await sandbox.registerMerchant({ notifyUrlAllowlist: ["https://merchant.example/"] });
    const wallet = sandbox.client({ clientId: merchant.clientId, privateKey: merchant.privateKey });
    const outcome = await wallet.pay(
      cashierPay("x", { paymentNotifyUrl: "https://elsewhere.example/notify" }),
    );
    expect(outcome).toMatchObject({ status: "F", resultCode: "PARAM_ILLEGAL" });
  });
});

describe("the spec's pay codes", () => {
  it("were all reached by a real cause", () => {
    expect(codes.missing(["pay"])).toEqual([]);
  });
});
