// Conformance: applyToken (spec, applyToken rules 1–5 and its error table). Auth codes are
// single-use and expire after 5 minutes; refresh tokens are single-use and expire after 30 days.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import { ReachedCodes } from "./reached-codes";

let sandbox: TestSandbox;
const codes = new ReachedCodes("tokens", () => sandbox);

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  codes.save();
  await sandbox?.close();
});

async function freshCode(scopes = ["USER_ID"]) {
  const { userId } = await sandbox.createUser();
  const { authCode } = await sandbox.createAuthCode(userId, scopes);
  return { userId, authCode };
}

describe("applyToken with AUTHORIZATION_CODE", () => {
  it("issues an access token, a refresh token, their expiries and the customerId", async () => {
    const { userId, authCode } = await freshCode();
    const outcome = await sandbox.client().applyToken({ grantType: "AUTHORIZATION_CODE", authCode });
    expect(outcome.status).toBe("S");
    if (outcome.status !== "S") return;
    expect(outcome.data.customerId).toBe(userId);
    expect(outcome.data.accessToken?.length).toBeLessThanOrEqual(128);
    expect(outcome.data.accessToken).not.toMatch(/[@#?]/);
    const access = Date.parse(outcome.data.accessTokenExpiryTime ?? "");
    const refresh = Date.parse(outcome.data.refreshTokenExpiryTime ?? "");
    expect(access - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(access - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect(refresh - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  });

  it("refuses a second exchange of the same code with USED_CODE", async () => {
    const { authCode } = await freshCode();
    const wallet = sandbox.client();
    expect((await wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode })).status).toBe("S");
    expect(await wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode })).toMatchObject({
      status: "F",
      resultCode: "USED_CODE",
    });
  });

  it("refuses an unknown code with INVALID_CODE", async () => {
    expect(
      await sandbox.client().applyToken({ grantType: "AUTHORIZATION_CODE", authCode: "ac_made_up" }),
    ).toMatchObject({
      status: "F",
      resultCode: "INVALID_CODE",
    });
  });

  it("refuses a code issued to another mini program with INVALID_CODE", async () => {
    const other = await sandbox.registerMerchant();
    const { userId } = await sandbox.createUser();
    const { authCode } = await sandbox.createAuthCode(userId, ["USER_ID"], other.clientId);
    expect(await sandbox.client().applyToken({ grantType: "AUTHORIZATION_CODE", authCode })).toMatchObject({
      status: "F",
      resultCode: "INVALID_CODE",
    });
  });

  it("refuses a code older than 5 minutes with EXPIRED_CODE", async () => {
    const { authCode } = await freshCode();
    await sandbox.advanceClock(5 * 60 + 1);
    expect(await sandbox.client().applyToken({ grantType: "AUTHORIZATION_CODE", authCode })).toMatchObject({
      status: "F",
      resultCode: "EXPIRED_CODE",
    });
  });

  it("refuses an unsupported grantType with AUTH_CLIENT_UNSUPPORTED_GRANT_TYPE", async () => {
    const answer = await sandbox.sendRaw("/v1/authorizations/applyToken", {
      grantType: "CLIENT_CREDENTIALS",
      authCode: "x",
    });
    const result = (answer.json as { result: { resultStatus: string; resultCode: string } }).result;
    expect(answer.status).toBe(200);
    expect(result).toMatchObject({ resultStatus: "F", resultCode: "AUTH_CLIENT_UNSUPPORTED_GRANT_TYPE" });
    codes.record("applyToken", result.resultCode);
  });

  it.each([
    ["a missing authCode", { grantType: "AUTHORIZATION_CODE" }],
    ["an authCode with @", { grantType: "AUTHORIZATION_CODE", authCode: "ab@c" }],
    ["an authCode longer than 64", { grantType: "AUTHORIZATION_CODE", authCode: "a".repeat(65) }],
    ["a refreshToken with #", { grantType: "REFRESH_TOKEN", refreshToken: "ab#c" }],
    [
      "an extendInfo that is not JSON",
      { grantType: "AUTHORIZATION_CODE", authCode: "abc", extendInfo: "{nope" },
    ],
    ["no grantType", { authCode: "abc" }],
  ])("answers PARAM_ILLEGAL for %s", async (_name, body) => {
    const answer = await sandbox.sendRaw("/v1/authorizations/applyToken", body);
    expect((answer.json as { result: unknown }).result).toMatchObject({
      resultStatus: "F",
      resultCode: "PARAM_ILLEGAL",
    });
  });
});

describe("applyToken with REFRESH_TOKEN", () => {
  it("renews the token set without user interaction", async () => {
    const customer = await sandbox.authorizeCustomer(["USER_ID", "USER_NAME"]);
    const outcome = await sandbox
      .client()
      .applyToken({ grantType: "REFRESH_TOKEN", refreshToken: customer.refreshToken });
    expect(outcome.status).toBe("S");
    if (outcome.status !== "S") return;
    expect(outcome.data.customerId).toBe(customer.customerId);
    expect(outcome.data.accessToken).not.toBe(customer.accessToken);
    expect(outcome.data.refreshToken).not.toBe(customer.refreshToken);
    const info = await sandbox.client().inquiryUserInfo({ accessToken: outcome.data.accessToken ?? "" });
    expect(info.status === "S" && info.data.userInfo?.userName?.fullName).toBeTruthy();
  });

  it("refuses a reused refresh token with USED_REFRESH_TOKEN and keeps the earlier refresh's tokens valid", async () => {
    const customer = await sandbox.authorizeCustomer();
    const wallet = sandbox.client();
    const first = await wallet.applyToken({
      grantType: "REFRESH_TOKEN",
      refreshToken: customer.refreshToken,
    });
    expect(first.status).toBe("S");
    if (first.status !== "S") return;
    expect(
      await wallet.applyToken({ grantType: "REFRESH_TOKEN", refreshToken: customer.refreshToken }),
    ).toMatchObject({
      status: "F",
      resultCode: "USED_REFRESH_TOKEN",
    });
    // Spec rule 5: the tokens from the earlier successful refresh are used instead.
    expect((await wallet.inquiryUserInfo({ accessToken: first.data.accessToken ?? "" })).status).toBe("S");
    expect(
      (await wallet.applyToken({ grantType: "REFRESH_TOKEN", refreshToken: first.data.refreshToken ?? "" }))
        .status,
    ).toBe("S");
  });

  it("refuses an unknown refresh token, or another merchant's, with INVALID_REFRESH_TOKEN", async () => {
    const wallet = sandbox.client();
    expect(await wallet.applyToken({ grantType: "REFRESH_TOKEN", refreshToken: "rt_made_up" })).toMatchObject(
      {
        status: "F",
        resultCode: "INVALID_REFRESH_TOKEN",
      },
    );
    const customer = await sandbox.authorizeCustomer();
    const other = await sandbox.registerMerchant();
    const otherClient = sandbox.client({ clientId: other.clientId, privateKey: other.privateKey });
    expect(
      await otherClient.applyToken({ grantType: "REFRESH_TOKEN", refreshToken: customer.refreshToken }),
    ).toMatchObject({
      status: "F",
      resultCode: "INVALID_REFRESH_TOKEN",
    });
  });

  it("refuses a refresh token older than 30 days with EXPIRED_REFRESH_TOKEN", async () => {
    const customer = await sandbox.authorizeCustomer();
    await sandbox.advanceClock(30 * 24 * 3600 + 1);
    expect(
      await sandbox.client().applyToken({ grantType: "REFRESH_TOKEN", refreshToken: customer.refreshToken }),
    ).toMatchObject({ status: "F", resultCode: "EXPIRED_REFRESH_TOKEN" });
  });

  it("renews an expired access token while the refresh token is valid (rule 3)", async () => {
    const customer = await sandbox.authorizeCustomer();
    await sandbox.advanceClock(3601);
    const wallet = sandbox.client();
    expect(await wallet.inquiryUserInfo({ accessToken: customer.accessToken })).toMatchObject({
      resultCode: "EXPIRED_ACCESS_TOKEN",
    });
    const renewed = await wallet.applyToken({
      grantType: "REFRESH_TOKEN",
      refreshToken: customer.refreshToken,
    });
    expect(renewed.status).toBe("S");
  });
});

describe("the spec's applyToken codes", () => {
  it("were all reached by a real cause", () => {
    expect(codes.missing(["applyToken"])).toEqual([]);
  });
});
