// Every limit and every forbidden character of the spec is enforced before anything is sent, with an
// error naming the field and the rule.
import { describe, expect, it } from "vitest";
import { createWalletClient } from "@/lib/wallet/client";
import type { OperationName } from "@/lib/wallet/operations";
import { WalletRequestInvalidError } from "@/lib/wallet/outcome";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { generateTestKeyPair } from "@/test/support/keys";
import { validRequests, withField } from "@/test/support/wallet-requests";

const keys = generateTestKeyPair();
let sent = 0;
const client = createWalletClient({
  baseUrl: "http://127.0.0.1:9",
  clientId: "merchant-test",
  privateKey: keys.privateKey,
  keyVersion: 1,
  transport: async () => {
    sent++;
    throw new Error("validation tests must never send");
  },
});

type Call = (request: unknown) => Promise<unknown>;
const call = (operation: OperationName): Call => client[operation] as unknown as Call;

async function rejection(operation: OperationName, request: unknown): Promise<WalletRequestInvalidError> {
  const before = sent;
  const error = await call(operation)(request).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(sent, "nothing may be sent for an invalid request").toBe(before);
  expect(error).toBeInstanceOf(WalletRequestInvalidError);
  return error as WalletRequestInvalidError;
}

// [operation, field path, maximum length] for every bounded field, from the spec's tables and Limits.
const LIMITS: [OperationName, string, number][] = [
  ["applyToken", "authCode", 64],
  ["applyToken", "extendInfo", 4096],
  ["inquiryUserInfo", "accessToken", 128],
  ["inquiryUserInfo", "extendInfo", 4096],
  ["inquiryMerchantInfo", "accessToken", 128],
  ["inquiryMerchantInfo", "extendInfo", 4096],
  ["pay", "paymentRequestId", 64],
  ["pay", "order.buyer.referenceBuyerId", 64],
  ["pay", "paymentRedirectUrl", 1024],
  ["pay", "paymentNotifyUrl", 1024],
  ["pay", "voidNotifyUrl", 1024],
  ["pay", "extendInfo", 2048],
  ["merchantAccept", "paymentId", 64],
  ["confirm", "paymentId", 64],
  ["confirm", "confirmRequestId", 64],
  ["cancel", "paymentId", 64],
  ["void", "paymentId", 64],
  ["void", "voidRequestId", 64],
  ["refund", "refundRequestId", 64],
  ["refund", "paymentId", 64],
  ["refund", "refundReason", 256],
  ["refund", "refundNotifyUrl", 1024],
  ["refund", "extendInfo", 2048],
  ["inquiryPayment", "paymentId", 64],
  ["inquiryRefund", "refundRequestId", 64],
  ["inquiryRefund", "extendInfo", 2048],
  ["sendPush", "accessToken", 128],
  ["sendPush", "requestId", 128],
  ["sendPush", "templateCode", 256],
];

function filler(field: string, length: number): string {
  if (field.endsWith("Url")) {
    const prefix = "https://merchant.example/";
    return prefix + "a".repeat(length - prefix.length);
  }
  if (field.endsWith("extendInfo")) return `"${"a".repeat(length - 2)}"`;
  return "a".repeat(length);
}

describe("length limits", () => {
  it.each(LIMITS)("%s.%s accepts %i characters", async (operation, field, max) => {
    // At the limit the request passes validation and is handed to the transport.
    const before = sent;
    await call(operation)(withField(validRequests[operation], field, filler(field, max)));
    expect(sent).toBe(before + 1);
  });

  it.each(LIMITS)("%s.%s refuses %i + 1 characters, naming field and rule", async (operation, field, max) => {
    const error = await rejection(
      operation,
      withField(validRequests[operation], field, filler(field, max + 1)),
    );
    expect(error.issues).toContainEqual({ field, message: `must be at most ${max} characters` });
    expect(error.message).toContain(`${field} must be at most ${max} characters`);
  });

  it("applyToken.refreshToken refuses 129 characters", async () => {
    const error = await rejection("applyToken", {
      grantType: "REFRESH_TOKEN",
      refreshToken: "r".repeat(129),
    });
    expect(error.issues).toContainEqual({ field: "refreshToken", message: "must be at most 128 characters" });
  });

  it("pay.productCode refuses 33 characters and pay.paymentAuthCode 129", async () => {
    let error = await rejection("pay", withField(validRequests.pay, "productCode", "1".repeat(33)));
    expect(error.issues).toContainEqual({ field: "productCode", message: "must be at most 32 characters" });
    const agreement = {
      ...withField(validRequests.pay, "productCode", PRODUCT_CODES.AGREEMENT),
      paymentAuthCode: "p".repeat(129),
    };
    error = await rejection("pay", agreement);
    expect(error.issues).toContainEqual({
      field: "paymentAuthCode",
      message: "must be at most 128 characters",
    });
  });

  it("inquiryRefund.refundId refuses 65 characters", async () => {
    const error = await rejection("inquiryRefund", { refundId: "r".repeat(65) });
    expect(error.issues).toContainEqual({ field: "refundId", message: "must be at most 64 characters" });
  });
});

// Spec, Limits: `@`, `#` and `?` are disallowed in authCode, refreshToken, accessToken, customerId and
// in extendInfo of applyToken, inquiryUserInfo and inquiryMerchantInfo.
const PLAIN_FIELDS: [OperationName, string, string][] = [
  ["applyToken", "authCode", "code"],
  ["applyToken", "extendInfo", '{"a":"x"}'],
  ["inquiryUserInfo", "accessToken", "token"],
  ["inquiryUserInfo", "extendInfo", '{"a":"x"}'],
  ["inquiryMerchantInfo", "accessToken", "token"],
  ["inquiryMerchantInfo", "extendInfo", '{"a":"x"}'],
  ["pay", "order.buyer.referenceBuyerId", "customer"],
  ["sendPush", "accessToken", "token"],
];

describe("forbidden characters", () => {
  const cases = PLAIN_FIELDS.flatMap(([operation, field, base]) =>
    ["@", "#", "?"].map((character) => [operation, field, character, base] as const),
  );

  it.each(cases)("%s.%s refuses %s", async (operation, field, character, base) => {
    const value = base.startsWith("{") ? base.replace("x", character) : `${base}${character}1`;
    const error = await rejection(operation, withField(validRequests[operation], field, value));
    expect(error.issues).toContainEqual({ field, message: "must not contain @, # or ?" });
  });

  it("applyToken.refreshToken refuses each of @ # ?", async () => {
    for (const character of ["@", "#", "?"]) {
      const error = await rejection("applyToken", {
        grantType: "REFRESH_TOKEN",
        refreshToken: `r${character}`,
      });
      expect(error.issues).toContainEqual({ field: "refreshToken", message: "must not contain @, # or ?" });
    }
  });
});

describe("amounts", () => {
  it.each(["-1", "1.5", "1e3", "0100", "", " 100", "100 ", "abc", "１００"])(
    "refuses %j as an amount value",
    async (value) => {
      const error = await rejection("pay", withField(validRequests.pay, "paymentAmount.value", value));
      expect(error.issues.map((issue) => issue.field)).toContain("paymentAmount.value");
    },
  );

  it.each([100000, 100000n, null])("refuses a non-string amount (%s)", async (value) => {
    const error = await rejection("refund", withField(validRequests.refund, "refundAmount.value", value));
    expect(error.issues.map((issue) => issue.field)).toContain("refundAmount.value");
  });

  it.each(["0", "1", "5000000000", "9223372036854775807"])("accepts %j", async (value) => {
    const before = sent;
    await call("void")(withField(validRequests.void, "voidAmount.value", value));
    expect(sent).toBe(before + 1);
  });

  it("refuses a currency that is not a three-letter code", async () => {
    const error = await rejection("pay", withField(validRequests.pay, "paymentAmount.currency", "iqd"));
    expect(error.issues).toContainEqual({
      field: "paymentAmount.currency",
      message: "must be a three-letter currency code",
    });
  });
});

describe("required fields and cross-field rules", () => {
  const REQUIRED: [OperationName, string][] = [
    ["applyToken", "grantType"],
    ["inquiryUserInfo", "accessToken"],
    ["inquiryMerchantInfo", "accessToken"],
    ["pay", "productCode"],
    ["pay", "paymentRequestId"],
    ["pay", "paymentAmount"],
    ["pay", "order"],
    ["pay", "order.orderDescription"],
    ["merchantAccept", "paymentId"],
    ["confirm", "paymentId"],
    ["confirm", "confirmRequestId"],
    ["cancel", "paymentId"],
    ["void", "paymentId"],
    ["void", "voidRequestId"],
    ["refund", "refundRequestId"],
    ["refund", "paymentId"],
    ["refund", "refundAmount"],
    ["sendPush", "accessToken"],
    ["sendPush", "requestId"],
    ["sendPush", "templateCode"],
    ["sendPush", "templates"],
    ["prepare", "scopes"],
  ];

  it.each(REQUIRED)("%s without %s is refused", async (operation, field) => {
    const error = await rejection(operation, withField(validRequests[operation], field, undefined));
    expect(error.issues.map((issue) => issue.field)).toContain(field);
  });

  it("applyToken needs authCode for AUTHORIZATION_CODE and refreshToken for REFRESH_TOKEN", async () => {
    let error = await rejection("applyToken", { grantType: "AUTHORIZATION_CODE" });
    expect(error.issues).toContainEqual({
      field: "authCode",
      message: "is required when grantType is AUTHORIZATION_CODE",
    });
    error = await rejection("applyToken", { grantType: "REFRESH_TOKEN" });
    expect(error.issues).toContainEqual({
      field: "refreshToken",
      message: "is required when grantType is REFRESH_TOKEN",
    });
  });

  it("applyToken refuses an unsupported grant type before sending", async () => {
    const error = await rejection("applyToken", { grantType: "PASSWORD", authCode: "x" });
    expect(error.issues[0]?.field).toBe("grantType");
  });

  it("cashier and escrow pay need order.buyer; agreement pay needs paymentAuthCode", async () => {
    for (const code of [PRODUCT_CODES.CASHIER, PRODUCT_CODES.ESCROW]) {
      const request = withField(withField(validRequests.pay, "productCode", code), "order.buyer", undefined);
      const error = await rejection("pay", request);
      expect(error.issues.map((issue) => issue.field)).toContain("order.buyer");
    }
    const agreement = withField(validRequests.pay, "productCode", PRODUCT_CODES.AGREEMENT);
    const error = await rejection("pay", agreement);
    expect(error.issues).toContainEqual({
      field: "paymentAuthCode",
      message: "is required for agreement payment",
    });
  });

  it("agreement pay without a buyer is valid", async () => {
    const before = sent;
    const request = {
      ...withField(
        withField(validRequests.pay, "productCode", PRODUCT_CODES.AGREEMENT),
        "order.buyer",
        undefined,
      ),
      paymentAuthCode: "agreement-token",
    };
    await client.pay(request);
    expect(sent).toBe(before + 1);
  });

  it("inquiryRefund and inquiryPayment need one of their two ids", async () => {
    let error = await rejection("inquiryRefund", {});
    expect(error.issues[0]?.message).toBe("refundId or refundRequestId is required");
    error = await rejection("inquiryPayment", {});
    expect(error.issues[0]?.message).toBe("paymentId or paymentRequestId is required");
  });

  it("extendInfo must hold JSON text", async () => {
    const error = await rejection("pay", withField(validRequests.pay, "extendInfo", "not json"));
    expect(error.issues).toContainEqual({ field: "extendInfo", message: "must be a JSON string" });
  });

  it("times must carry a UTC offset", async () => {
    const error = await rejection(
      "pay",
      withField(validRequests.pay, "paymentExpiryTime", "2026-11-21T10:30:00"),
    );
    expect(error.issues).toContainEqual({
      field: "paymentExpiryTime",
      message: "must be an ISO 8601 time with a UTC offset",
    });
  });

  it("push Url must be a mini program deep link carrying the appId", async () => {
    const path = "templates.0.templateParameters.Url";
    let error = await rejection("sendPush", withField(validRequests.sendPush, path, "https://example.com"));
    expect(error.issues).toContainEqual({
      field: path,
      message: "must start with mini://platformapi/startapp",
    });
    error = await rejection(
      "sendPush",
      withField(validRequests.sendPush, path, "mini://platformapi/startapp?page=x"),
    );
    expect(error.issues).toContainEqual({
      field: path,
      message: "must carry the mini program's appId parameter",
    });
  });

  it("unknown fields are refused rather than silently sent", async () => {
    const error = await rejection("merchantAccept", { paymentId: "p", amount: "1" });
    expect(error.issues[0]?.message).toMatch(/Unrecognized key/);
  });
});
