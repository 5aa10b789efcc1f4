// Push messages against the sandbox: sent once per stored requestId, refused without the scope, and an
// unknown outcome retried with the same requestId.
// Jobs the services enqueue are not run here: the merchant harness records them in memory
// (test/support/job-recorder.ts, `merchant.jobs`), so a test checks the hand-over and runs what it needs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPush, sendPush } from "@/lib/customers/push/send-push";
import { CustomerAuthorizationError } from "@/lib/platform/errors/domain-errors";
import { ERROR_STATUS } from "@/lib/platform/errors/http-errors";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";

let merchant: MerchantHarness;
beforeAll(async () => {
  merchant = await startMerchant();
});
afterAll(() => merchant.close());
restoreSandboxAfterEach(() => merchant?.sandbox);

const message = {
  title: "Your order is on its way",
  content: "2 x Cardamom coffee",
  url: "mini://platformapi/startapp?appId=3500000000000001&page=pages/orders/index",
};

describe("push messages", () => {
  it("are sent with a stored requestId and recorded with the wallet's messageId", async () => {
    const { customerId } = await merchant.newCustomer({ scopes: ["USER_ID", "NOTIFICATION_PUSH"] });
    const sent = await createPush(merchant.ctx, customerId, message);
    expect(sent).toMatchObject({ status: "SENT", attempts: 1 });
    expect(sent.messageId).toBeTruthy();
    expect(sent.requestId).toMatch(/^push_/);
  });

  it("without the NOTIFICATION_PUSH scope: a clear error naming the scope to ask for", async () => {
    const { customerId } = await merchant.newCustomer({ scopes: ["USER_ID"] });
    const error = await createPush(merchant.ctx, customerId, message).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CustomerAuthorizationError);
    expect((error as CustomerAuthorizationError).code).toBe("SCOPE_NOT_GRANTED");
    expect(ERROR_STATUS.SCOPE_NOT_GRANTED).toBe(403);
    expect((error as Error).message).toContain("NOTIFICATION_PUSH");
  });

  it("an unknown outcome is retried with the same requestId and never sends twice", async () => {
    const { customerId, userId } = await merchant.newCustomer({ scopes: ["USER_ID", "NOTIFICATION_PUSH"] });
    await merchant.sandbox.setFault("sendPush", "U");
    const unknown = await createPush(merchant.ctx, customerId, message);
    expect(unknown.status).toBe("UNKNOWN");
    expect(merchant.jobs.of("push")).toContainEqual(
      expect.objectContaining({ payload: { pushMessageId: unknown.id } }),
    );
    const retried = await sendPush(merchant.ctx, unknown);
    expect(retried.status).toBe("SENT");
    const calls = await merchant.ctx.prisma.walletCall.findMany({
      where: { operation: "sendPush", requestKey: unknown.requestId },
    });
    expect(calls, "sendPush calls with this requestId").toHaveLength(2);
    // A third send of a SENT message is a no-op.
    expect((await sendPush(merchant.ctx, retried)).attempts).toBe(2);
    // The customer got it once: the wallet delivered one message to them, the one we recorded.
    // (The wrong implementation, a retry under a new requestId, tried by suffixing the attempt: the
    // wallet then delivered two, and the calls above no longer share one requestId.)
    const delivered = await merchant.sandbox.control<{ userId: string; messageId: string }[]>(
      "GET",
      `/sandbox/pushes?clientId=${encodeURIComponent(merchant.sandbox.merchant.clientId)}`,
    );
    expect(
      delivered.filter((push) => push.userId === userId).map((push) => push.messageId),
      "messages the wallet delivered to the customer",
    ).toEqual([retried.messageId]);
  });
});
