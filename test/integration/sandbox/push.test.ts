// Conformance: sendPush (NOTIFICATION_PUSH scope, templates, requestId idempotency) and every
// error of its table.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperationRequest } from "@/lib/wallet/operations";
import { startTestSandbox, type TestSandbox, uniqueId } from "@/test/support/sandbox";
import { ReachedCodes } from "./reached-codes";

let sandbox: TestSandbox;
const codes = new ReachedCodes("push", () => sandbox);

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  codes.save();
  await sandbox?.close();
});

function push(
  accessToken: string,
  overrides: Partial<OperationRequest<"sendPush">> = {},
): OperationRequest<"sendPush"> {
  return {
    accessToken,
    requestId: uniqueId("push"),
    templateCode: "MINI_APP_COMMON_PUSH",
    templates: [
      {
        templateParameters: {
          Title: "Your order shipped",
          Content: "Order 42 is on its way.",
          Url: "mini://platformapi/startapp?appId=3500000000000001&page=orders/42",
        },
      },
    ],
    ...overrides,
  };
}

describe("sendPush", () => {
  it("sends with a NOTIFICATION_PUSH token and answers a messageId", async () => {
    const customer = await sandbox.authorizeCustomer(["USER_ID", "NOTIFICATION_PUSH"]);
    const outcome = await sandbox.client().sendPush(push(customer.accessToken));
    expect(outcome).toMatchObject({ status: "S", resultCode: "SUCCESS" });
    const messageId = outcome.status === "S" ? (outcome.data.messageId ?? "") : "";
    expect(messageId.length).toBeGreaterThan(0);
    expect(messageId.length).toBeLessThanOrEqual(258);
  });

  it("does not send a repeated requestId again: the stored result comes back", async () => {
    const customer = await sandbox.authorizeCustomer(["NOTIFICATION_PUSH"]);
    const wallet = sandbox.client();
    const request = push(customer.accessToken);
    const first = await wallet.sendPush(request);
    const again = await wallet.sendPush(request);
    expect(again.data?.messageId).toBe(first.data?.messageId);
    const sent = await sandbox.control<unknown[]>("GET", `/sandbox/pushes?requestId=${request.requestId}`);
    expect(sent).toHaveLength(1);
  });

  it("refuses a token without NOTIFICATION_PUSH: ACCESS_TOKEN_NOT_COVER_THE_SCOPE", async () => {
    const customer = await sandbox.authorizeCustomer(["USER_ID"]);
    expect(await sandbox.client().sendPush(push(customer.accessToken))).toMatchObject({
      status: "F",
      resultCode: "ACCESS_TOKEN_NOT_COVER_THE_SCOPE",
    });
  });

  it("refuses an unknown token with INVALID_ACCESS_TOKEN", async () => {
    expect(await sandbox.client().sendPush(push("at_made_up"))).toMatchObject({
      status: "F",
      resultCode: "INVALID_ACCESS_TOKEN",
    });
  });

  it("answers U/UNKNOWN_EXCEPTION when templateCode is not MINI_APP_COMMON_PUSH, and sends on a fixed retry", async () => {
    const customer = await sandbox.authorizeCustomer(["NOTIFICATION_PUSH"]);
    const wallet = sandbox.client();
    const request = push(customer.accessToken, { templateCode: "ORDER_SHIPPED" });
    expect(await wallet.sendPush(request)).toMatchObject({ status: "U", resultCode: "UNKNOWN_EXCEPTION" });
    expect((await wallet.sendPush({ ...request, templateCode: "MINI_APP_COMMON_PUSH" })).status).toBe("S");
  });

  it.each([
    ["a Url that is no mini program deep link", { Title: "t", Content: "c", Url: "https://example.com" }],
    [
      "a Url without the appId parameter",
      { Title: "t", Content: "c", Url: "mini://platformapi/startapp?page=x" },
    ],
    ["a missing Title", { Content: "c", Url: "mini://platformapi/startapp?appId=1" }],
    ["a numeric Content", { Title: "t", Content: 5, Url: "mini://platformapi/startapp?appId=1" }],
  ])("answers PARAM_ILLEGAL for %s", async (_name, templateParameters) => {
    const customer = await sandbox.authorizeCustomer(["NOTIFICATION_PUSH"]);
    const body = { ...push(customer.accessToken), templates: [{ templateParameters }] };
    const answer = await sandbox.sendRaw("/v1/messages/sendPush", body);
    const result = (answer.json as { result: { resultStatus: string; resultCode: string } }).result;
    expect(result).toMatchObject({ resultStatus: "F", resultCode: "PARAM_ILLEGAL" });
    codes.record("sendPush", result.resultCode);
  });

  it("refuses an expired token with INVALID_ACCESS_TOKEN", async () => {
    const customer = await sandbox.authorizeCustomer(["NOTIFICATION_PUSH"]);
    await sandbox.advanceClock(3601);
    expect(await sandbox.client().sendPush(push(customer.accessToken))).toMatchObject({
      resultCode: "INVALID_ACCESS_TOKEN",
    });
  });
});

describe("the spec's sendPush codes", () => {
  it("were all reached by a real cause", () => {
    expect(codes.missing(["sendPush"])).toEqual([]);
  });
});
