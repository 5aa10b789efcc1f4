// Conformance: inquiryUserInfo and inquiryMerchantInfo, limited to the granted scopes (the scope
// table in docs/wallet-interface.md), and their INVALID_/EXPIRED_ACCESS_TOKEN errors.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import { ReachedCodes } from "./reached-codes";

let sandbox: TestSandbox;
const codes = new ReachedCodes("user-info", () => sandbox);

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  codes.save();
  await sandbox?.close();
});

describe("inquiryUserInfo", () => {
  it.each([
    [["USER_ID"], ["userId"]],
    [["USER_LOGIN_ID"], ["loginIdInfos"]],
    [["USER_NAME"], ["userName"]],
    [["USER_AVATAR"], ["avatar"]],
    [["USER_GENDER"], ["gender"]],
    [["USER_BIRTHDAY"], ["birthDate"]],
    [["USER_NATIONALITY"], ["nationality"]],
    [["USER_CONTACTINFO"], ["contactInfos"]],
    [["auth_base"], []],
    [
      ["USER_ID", "USER_NAME", "USER_CONTACTINFO"],
      ["userId", "userName", "contactInfos"],
    ],
  ])("with scopes %j releases exactly %j", async (scopes, fields) => {
    const customer = await sandbox.authorizeCustomer(scopes);
    const outcome = await sandbox.client().inquiryUserInfo({ accessToken: customer.accessToken });
    expect(outcome.status).toBe("S");
    if (outcome.status !== "S") return;
    expect(Object.keys(outcome.data.userInfo ?? {}).sort()).toEqual([...fields].sort());
  });

  it("masks login ids and contact numbers", async () => {
    const { userId } = await sandbox.createUser();
    await sandbox.control("POST", "/sandbox/users", { userId, loginId: "+9647701234567" });
    const { authCode } = await sandbox.createAuthCode(userId, ["USER_LOGIN_ID", "USER_CONTACTINFO"]);
    const wallet = sandbox.client();
    const tokens = await wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode });
    const outcome = await wallet.inquiryUserInfo({
      accessToken: tokens.status === "S" ? (tokens.data.accessToken ?? "") : "",
    });
    expect(outcome.status).toBe("S");
    if (outcome.status !== "S") return;
    const masked = outcome.data.userInfo?.loginIdInfos?.[0]?.maskLoginId ?? "";
    expect(masked).toContain("*");
    expect(masked).not.toBe("+9647701234567");
    for (const contact of outcome.data.userInfo?.contactInfos ?? []) expect(contact.contactNo).toContain("*");
  });

  it("refuses an unknown token with INVALID_ACCESS_TOKEN", async () => {
    expect(await sandbox.client().inquiryUserInfo({ accessToken: "at_made_up" })).toMatchObject({
      status: "F",
      resultCode: "INVALID_ACCESS_TOKEN",
    });
  });

  it("refuses another merchant's token with INVALID_ACCESS_TOKEN", async () => {
    const customer = await sandbox.authorizeCustomer();
    const other = await sandbox.registerMerchant();
    const outcome = await sandbox
      .client({ clientId: other.clientId, privateKey: other.privateKey })
      .inquiryUserInfo({ accessToken: customer.accessToken });
    expect(outcome).toMatchObject({ status: "F", resultCode: "INVALID_ACCESS_TOKEN" });
  });

  it("answers PARAM_ILLEGAL for a token with forbidden characters", async () => {
    const answer = await sandbox.sendRaw("/v1/users/inquiryUserInfo", { accessToken: "a?b" });
    expect((answer.json as { result: unknown }).result).toMatchObject({ resultCode: "PARAM_ILLEGAL" });
  });
});

describe("inquiryMerchantInfo", () => {
  it("releases merchant fields by MERCHANT_ID, MERCHANT_NAME and MERCHANT_LOGO", async () => {
    const customer = await sandbox.authorizeCustomer(["MERCHANT_ID", "MERCHANT_NAME"]);
    const outcome = await sandbox.client().inquiryMerchantInfo({ accessToken: customer.accessToken });
    expect(outcome.status).toBe("S");
    if (outcome.status !== "S") return;
    expect(Object.keys(outcome.data.merchantInfo ?? {}).sort()).toEqual([
      "merchantId",
      "merchantName",
      "merchantNameArabic",
    ]);
    const logo = await sandbox.authorizeCustomer(["MERCHANT_LOGO"]);
    const logoOutcome = await sandbox.client().inquiryMerchantInfo({ accessToken: logo.accessToken });
    expect(logoOutcome.status === "S" && Object.keys(logoOutcome.data.merchantInfo ?? {})).toEqual([
      "merchantLogo",
    ]);
  });

  it("refuses an unknown token with INVALID_ACCESS_TOKEN", async () => {
    expect(await sandbox.client().inquiryMerchantInfo({ accessToken: "at_made_up" })).toMatchObject({
      status: "F",
      resultCode: "INVALID_ACCESS_TOKEN",
    });
  });
});

describe("expired access tokens", () => {
  it("are refused by both inquiries with EXPIRED_ACCESS_TOKEN after one hour", async () => {
    const customer = await sandbox.authorizeCustomer(["USER_ID", "MERCHANT_ID"]);
    const wallet = sandbox.client();
    expect((await wallet.inquiryUserInfo({ accessToken: customer.accessToken })).status).toBe("S");
    await sandbox.advanceClock(3600);
    expect(await wallet.inquiryUserInfo({ accessToken: customer.accessToken })).toMatchObject({
      status: "F",
      resultCode: "EXPIRED_ACCESS_TOKEN",
    });
    expect(await wallet.inquiryMerchantInfo({ accessToken: customer.accessToken })).toMatchObject({
      status: "F",
      resultCode: "EXPIRED_ACCESS_TOKEN",
    });
  });
});

describe("the spec's user and merchant info codes", () => {
  it("were all reached by a real cause", () => {
    expect(codes.missing(["inquiryUserInfo", "inquiryMerchantInfo"])).toEqual([]);
  });
});
