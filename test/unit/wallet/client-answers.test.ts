// How the client reads every kind of answer, for every operation: S, A, F, U, timeout, dropped
// connection and garbage. A peer that is not the wallet (scripted-wallet.ts) plays each answer.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWalletClient, type WalletClient } from "@/lib/wallet/client";
import type { OperationName } from "@/lib/wallet/operations";
import type { WalletExchange } from "@/lib/wallet/outcome";
import { retryBackoffMs } from "@/lib/wallet/request-sender";
import { formatWalletTime, signMessage, verifySignedMessage } from "@/lib/wallet/signature";
import { generateTestKeyPair } from "@/test/support/keys";
import { type ScriptedWallet, startScriptedWallet } from "@/test/support/scripted-wallet";
import { validRequests } from "@/test/support/wallet-requests";

const merchantKeys = generateTestKeyPair();
const walletKeys = generateTestKeyPair();
const ok = { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" };
const time = "2026-11-21T10:00:00+00:00";

// A successful answer for every operation, with the fields docs/wallet-interface.md gives it.
const successBodies: Record<OperationName, object> = {
  applyToken: {
    result: ok,
    accessToken: "access-1",
    accessTokenExpiryTime: time,
    refreshToken: "refresh-1",
    refreshTokenExpiryTime: time,
    customerId: "customer-1",
  },
  inquiryUserInfo: { result: ok, userInfo: { userId: "user-1", userName: { fullName: "Ali Hasan" } } },
  inquiryMerchantInfo: { result: ok, merchantInfo: { merchantId: "m-1", merchantName: "Coffee" } },
  pay: { result: ok, paymentId: "payment-1", paymentTime: time },
  merchantAccept: { result: ok },
  confirm: { result: ok, confirmId: "confirm-1", confirmTime: time },
  cancel: { result: ok, paymentId: "payment-1", cancelTime: time },
  void: { result: ok, voidRequestId: "void_0001", voidId: "void-1" },
  refund: { result: ok, refundId: "refund-1", refundTime: time },
  inquiryPayment: {
    result: ok,
    paymentId: "payment-1",
    paymentStatus: "SUCCESS",
    transactions: [{ transactionType: "PAY", transactionStatus: "SUCCESS" }],
  },
  inquiryRefund: { result: ok, refundId: "refund-1", refundStatus: "SUCCESS", refundTime: time },
  sendPush: { result: ok, messageId: "message-1" },
  prepare: { result: ok, authorizationUrl: "https://wallet.example/agreement?token=t" },
};

// One field from each success body that must come through parsed.
const successField: Record<OperationName, [string, unknown]> = {
  applyToken: ["customerId", "customer-1"],
  inquiryUserInfo: ["userInfo", { userId: "user-1", userName: { fullName: "Ali Hasan" } }],
  inquiryMerchantInfo: ["merchantInfo", { merchantId: "m-1", merchantName: "Coffee" }],
  pay: ["paymentId", "payment-1"],
  merchantAccept: ["result", ok],
  confirm: ["confirmId", "confirm-1"],
  cancel: ["cancelTime", time],
  void: ["voidId", "void-1"],
  refund: ["refundId", "refund-1"],
  inquiryPayment: ["paymentStatus", "SUCCESS"],
  inquiryRefund: ["refundStatus", "SUCCESS"],
  sendPush: ["messageId", "message-1"],
  prepare: ["authorizationUrl", "https://wallet.example/agreement?token=t"],
};

const operations = Object.keys(successBodies) as OperationName[];

let wallet: ScriptedWallet;
let client: WalletClient;
const exchanges: WalletExchange[] = [];

type Call = (request: unknown, options?: object) => ReturnType<WalletClient["pay"]>;
const call = (operation: OperationName, options?: object) =>
  (client[operation] as unknown as Call)(validRequests[operation], options);

beforeAll(async () => {
  wallet = await startScriptedWallet();
  client = createWalletClient({
    baseUrl: wallet.url,
    clientId: "merchant-test",
    privateKey: merchantKeys.privateKeyPem,
    keyVersion: 3,
    timeoutsMs: { pay: 300, inquiry: 300, default: 300 },
    hooks: { onExchange: (exchange) => void exchanges.push(exchange) },
  });
});

afterAll(() => wallet.close());

describe.each(operations)("%s", (operation) => {
  it("S: success with the parsed body", async () => {
    wallet.answer({ body: successBodies[operation] });
    const outcome = await call(operation);
    expect(outcome.status).toBe("S");
    expect(outcome.resultCode).toBe("SUCCESS");
    const [field, value] = successField[operation];
    expect((outcome.data as Record<string, unknown>)[field]).toEqual(value);
  });

  it("A: accepted, further action required (the body is parsed as for S)", async () => {
    wallet.answer({
      body: {
        ...successBodies[operation],
        result: { resultCode: "ACCEPT", resultStatus: "A", resultMessage: "accepted" },
      },
    });
    const outcome = await call(operation);
    expect(outcome).toMatchObject({ status: "A", resultCode: "ACCEPT" });
    const [field, value] = successField[operation];
    if (field !== "result") expect((outcome.data as Record<string, unknown>)[field]).toEqual(value);
  });

  it("F: failed, with the wallet's code and message", async () => {
    wallet.answer({
      body: { result: { resultCode: "ORDER_STATUS_INVALID", resultStatus: "F", resultMessage: "closed" } },
    });
    const outcome = await call(operation);
    expect(outcome).toMatchObject({
      status: "F",
      resultCode: "ORDER_STATUS_INVALID",
      resultMessage: "closed",
    });
  });

  it("U: unknown, never success or failure", async () => {
    wallet.answer({
      body: { result: { resultCode: "UNKNOWN_EXCEPTION", resultStatus: "U", resultMessage: "?" } },
    });
    const outcome = await call(operation);
    expect(outcome).toMatchObject({
      status: "U",
      unknownCause: "WALLET_UNKNOWN",
      resultCode: "UNKNOWN_EXCEPTION",
    });
  });

  it("timeout: unknown (TIMEOUT)", async () => {
    wallet.answer({ delayMs: 800, body: successBodies[operation] });
    const outcome = await call(operation);
    expect(outcome).toMatchObject({ status: "U", unknownCause: "TIMEOUT" });
  });

  it("dropped connection: unknown (NETWORK)", async () => {
    wallet.answer({ drop: true });
    const outcome = await call(operation);
    expect(outcome).toMatchObject({ status: "U", unknownCause: "NETWORK" });
  });

  it.each([
    ["plain text", { body: "OK" }, "INVALID_RESPONSE"],
    ["an HTML error page", { status: 502, body: "<html>Bad Gateway</html>" }, "HTTP_ERROR"],
    ["JSON without a result", { body: { data: 1 } }, "INVALID_RESPONSE"],
    [
      "a result with an unknown status",
      { body: { result: { resultCode: "X", resultStatus: "Z" } } },
      "INVALID_RESPONSE",
    ],
    ["a JSON array", { body: "[1,2]" }, "INVALID_RESPONSE"],
    ["a 500 carrying a success result", { status: 500, body: successBodies[operation] }, "HTTP_ERROR"],
  ])("garbage (%s): unknown", async (_name, answer, cause) => {
    wallet.answer(answer);
    const outcome = await call(operation);
    expect(outcome).toMatchObject({ status: "U", unknownCause: cause });
  });
});

describe("accepted answers", () => {
  it("cashier pay A carries the redirectionUrl", async () => {
    wallet.answer({
      body: {
        result: { resultCode: "ACCEPT", resultStatus: "A", resultMessage: "accepted" },
        paymentId: "payment-2",
        redirectActionForm: { redirectionUrl: "https://wallet.example/cashier?p=2" },
      },
    });
    const outcome = await client.pay(validRequests.pay);
    expect(outcome.status).toBe("A");
    if (outcome.status !== "A") return;
    expect(outcome.data.redirectActionForm?.redirectionUrl).toBe("https://wallet.example/cashier?p=2");
  });

  it("reads redirectActionForm.redirectUrl as the redirectionUrl (a variant some wallets send)", async () => {
    wallet.answer({
      body: {
        result: { resultCode: "ACCEPT", resultStatus: "A" },
        paymentId: "payment-3",
        redirectActionForm: { redirectUrl: "https://wallet.example/cashier?p=3" },
      },
    });
    const outcome = await client.pay(validRequests.pay);
    expect(outcome.status === "A" && outcome.data.redirectActionForm?.redirectionUrl).toBe(
      "https://wallet.example/cashier?p=3",
    );
  });

  it("reads authUrl as the authorizationUrl of contract preparation", async () => {
    wallet.answer({ body: { result: ok, authUrl: "https://wallet.example/sign?t=1" } });
    const outcome = await client.prepare(validRequests.prepare);
    expect(outcome.status === "S" && outcome.data.authorizationUrl).toBe("https://wallet.example/sign?t=1");
  });
});

describe("incomplete successes are not believed", () => {
  it("applyToken S without tokens is unknown", async () => {
    wallet.answer({ body: { result: ok, customerId: "customer-1" } });
    const outcome = await client.applyToken(validRequests.applyToken);
    expect(outcome).toMatchObject({ status: "U", unknownCause: "INVALID_RESPONSE" });
  });

  it("pay S without a paymentId is unknown (nothing to refund or track)", async () => {
    wallet.answer({ body: { result: ok, paymentTime: time } });
    const outcome = await client.pay(validRequests.pay);
    expect(outcome).toMatchObject({ status: "U", unknownCause: "INVALID_RESPONSE" });
  });

  it("an S with a malformed amount is unknown", async () => {
    wallet.answer({ body: { result: ok, refundId: "r", refundAmount: { currency: "IQD", value: "1.5" } } });
    const outcome = await client.refund(validRequests.refund);
    expect(outcome).toMatchObject({ status: "U", unknownCause: "INVALID_RESPONSE" });
  });

  it("an unknown paymentStatus value is kept, not rejected (the spec's list ends with etc.)", async () => {
    wallet.answer({ body: { result: ok, paymentStatus: "AUTHORIZED" } });
    const outcome = await client.inquiryPayment(validRequests.inquiryPayment);
    expect(outcome.status === "S" && outcome.data.paymentStatus).toBe("AUTHORIZED");
  });
});

describe("what is sent", () => {
  it("is signed over the exact bytes sent, with the spec's headers", async () => {
    wallet.answer({ body: successBodies.pay });
    await client.pay(validRequests.pay);
    const request = wallet.received.at(-1);
    expect(request?.path).toBe("/v1/payments/pay");
    expect(request?.headers["content-type"]).toBe("application/json; charset=UTF-8");
    expect(request?.headers["client-id"]).toBe("merchant-test");
    expect(request?.headers["request-time"]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/);
    expect(request?.headers.signature).toMatch(
      /^algorithm=RSA256, keyVersion=3, signature=[A-Za-z0-9+/]+=*$/,
    );
    const verdict = verifySignedMessage(
      {
        method: "POST",
        path: request?.path ?? "",
        clientId: "merchant-test",
        time: String(request?.headers["request-time"]),
        body: request?.bodyText ?? "",
        signatureHeader: String(request?.headers.signature),
      },
      merchantKeys.publicKey,
    );
    expect(verdict).toEqual({ ok: true });
    expect(JSON.parse(request?.bodyText ?? "")).toEqual(validRequests.pay);
  });

  it("retries a U only when asked, with the same body and request id each time", async () => {
    const before = wallet.received.length;
    wallet.answer({ drop: true }, { delayMs: 800 }, { body: successBodies.pay });
    const outcome = await client.pay(validRequests.pay, { attempts: 3 });
    expect(outcome.status).toBe("S");
    const attempts = wallet.received.slice(before);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((attempt) => attempt.bodyText)).size).toBe(1);
    // Each attempt is signed anew (its own Request-Time) but carries the same paymentRequestId.
    expect(attempts.map((attempt) => JSON.parse(attempt.bodyText).paymentRequestId)).toEqual([
      "pay_0001",
      "pay_0001",
      "pay_0001",
    ]);
  });

  it("pauses longer before each retry", async () => {
    const pauses: number[] = [];
    const patient = createWalletClient({
      baseUrl: wallet.url,
      clientId: "merchant-test",
      privateKey: merchantKeys.privateKeyPem,
      keyVersion: 3,
      timeoutsMs: { pay: 300, inquiry: 300, default: 300 },
      retryDelayMs: (retry) => {
        pauses.push(retryBackoffMs(retry));
        return 0;
      },
    });
    wallet.answer({ drop: true }, { drop: true }, { body: successBodies.pay });
    expect((await patient.pay(validRequests.pay, { attempts: 3 })).status).toBe("S");
    expect(pauses).toHaveLength(2);
    // 200 ms then 400 ms, each with up to half taken off as jitter.
    expect(pauses[0]).toBeGreaterThanOrEqual(100);
    expect(pauses[0]).toBeLessThanOrEqual(200);
    expect(pauses[1]).toBeGreaterThanOrEqual(200);
    expect(pauses[1]).toBeLessThanOrEqual(400);
  });

  it("caps the pause between retries at 5 s", () => {
    for (const retry of [6, 10, 30]) {
      const pause = retryBackoffMs(retry);
      expect(pause).toBeGreaterThanOrEqual(2_500);
      expect(pause).toBeLessThanOrEqual(5_000);
    }
  });

  it("does not retry by itself", async () => {
    const before = wallet.received.length;
    wallet.answer({ drop: true });
    await client.pay(validRequests.pay);
    expect(wallet.received.length - before).toBe(1);
  });

  it("reports each exchange with secrets redacted", async () => {
    wallet.answer({ body: successBodies.applyToken });
    await client.applyToken(validRequests.applyToken);
    const exchange = exchanges.at(-1);
    expect(exchange).toMatchObject({ operation: "applyToken", status: "S", httpStatus: 200, attempt: 1 });
    const logged = JSON.stringify(exchange);
    for (const secret of ["code-123", "access-1", "refresh-1"]) expect(logged).not.toContain(secret);
  });
});

describe("answer signatures (when the wallet public key is configured)", () => {
  let verifying: WalletClient;
  beforeAll(() => {
    verifying = createWalletClient({
      baseUrl: wallet.url,
      clientId: "merchant-test",
      privateKey: merchantKeys.privateKey,
      keyVersion: 1,
      walletPublicKey: walletKeys.publicKeyPem,
      timeoutsMs: { pay: 1000 },
    });
  });

  const signWith =
    (key = walletKeys.privateKey, responseTime = formatWalletTime()) =>
    (bodyText: string, path: string) => ({
      "Client-Id": "merchant-test",
      "Response-Time": responseTime,
      Signature: signMessage(
        { method: "POST", path, clientId: "merchant-test", time: responseTime, body: bodyText },
        key,
        1,
      ),
    });

  it("a signed success is believed", async () => {
    wallet.answer({ body: successBodies.pay, sign: signWith() });
    expect((await verifying.pay(validRequests.pay)).status).toBe("S");
  });

  it("an unsigned success is unknown, not success", async () => {
    wallet.answer({ body: successBodies.pay });
    expect(await verifying.pay(validRequests.pay)).toMatchObject({
      status: "U",
      unknownCause: "UNVERIFIED_SIGNATURE",
    });
  });

  it("a success signed by another key is unknown", async () => {
    wallet.answer({ body: successBodies.pay, sign: signWith(generateTestKeyPair().privateKey) });
    expect(await verifying.pay(validRequests.pay)).toMatchObject({
      status: "U",
      unknownCause: "UNVERIFIED_SIGNATURE",
    });
  });

  it("a success with a stale Response-Time is unknown", async () => {
    const stale = formatWalletTime(new Date(Date.now() - 10 * 60 * 1000));
    wallet.answer({ body: successBodies.pay, sign: signWith(walletKeys.privateKey, stale) });
    expect(await verifying.pay(validRequests.pay)).toMatchObject({
      status: "U",
      unknownCause: "UNVERIFIED_SIGNATURE",
    });
  });

  it("an unsigned F is accepted as failure (some gateways cannot sign errors)", async () => {
    wallet.answer({
      body: { result: { resultCode: "RISK_REJECT", resultStatus: "F", resultMessage: "risk" } },
    });
    expect(await verifying.pay(validRequests.pay)).toMatchObject({ status: "F", resultCode: "RISK_REJECT" });
  });
});

describe("base address", () => {
  it("keeps a path prefix of the wallet's base URL, and signs the full request path", async () => {
    const prefixed = createWalletClient({
      baseUrl: `${wallet.url}/gateway/`,
      clientId: "merchant-test",
      privateKey: merchantKeys.privateKey,
      keyVersion: 1,
    });
    wallet.answer({ body: successBodies.merchantAccept });
    await prefixed.merchantAccept(validRequests.merchantAccept);
    const request = wallet.received.at(-1);
    expect(request?.path).toBe("/gateway/v1/payments/merchantAccept");
    const verdict = verifySignedMessage(
      {
        method: "POST",
        path: "/gateway/v1/payments/merchantAccept",
        clientId: "merchant-test",
        time: String(request?.headers["request-time"]),
        body: request?.bodyText ?? "",
        signatureHeader: String(request?.headers.signature),
      },
      merchantKeys.publicKey,
    );
    expect(verdict.ok).toBe(true);
  });
});

describe("failures with a bad signature", () => {
  it("an F whose signature is present but wrong is unknown: it may be forged", async () => {
    const verifying = createWalletClient({
      baseUrl: wallet.url,
      clientId: "merchant-test",
      privateKey: merchantKeys.privateKey,
      keyVersion: 1,
      walletPublicKey: walletKeys.publicKey,
    });
    const time = formatWalletTime();
    wallet.answer({
      body: { result: { resultCode: "USER_BALANCE_NOT_ENOUGH", resultStatus: "F", resultMessage: "" } },
      sign: (bodyText, path) => ({
        "Client-Id": "merchant-test",
        "Response-Time": time,
        Signature: signMessage(
          { method: "POST", path, clientId: "merchant-test", time, body: bodyText },
          generateTestKeyPair().privateKey,
          1,
        ),
      }),
    });
    expect(await verifying.pay(validRequests.pay)).toMatchObject({
      status: "U",
      unknownCause: "UNVERIFIED_SIGNATURE",
    });
  });
});
