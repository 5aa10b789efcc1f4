// The intake's own writes (stored once under the dedupe key, then marked with what applying did) and
// its flood check, which only a notification that failed verification pays for.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertNotification,
  markNotificationProcessed,
} from "@/lib/payments/notifications/notification-rows";
import { receiveNotification } from "@/lib/payments/notifications/receive-notification";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { formatWalletTime, signMessage } from "@/lib/wallet/signature";
import { generateTestKeyPair } from "@/test/support/keys";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";

let merchant: MerchantHarness;
// The test plays the wallet with a key of its own.
const walletKey = generateTestKeyPair();
let ctx: ServiceContext;
beforeAll(async () => {
  merchant = await startMerchant();
  ctx = { ...merchant.ctx, walletPublicKey: walletKey.publicKey };
});
afterAll(() => merchant.close());

const PATH = "/api/wallet/notify/payment";

function signedPayment(body: Record<string, unknown>, key = walletKey.privateKey) {
  const rawBody = JSON.stringify(body);
  const time = formatWalletTime(new Date());
  const signature = signMessage(
    { method: "POST", path: PATH, clientId: ctx.clientId, time, body: rawBody },
    key,
    1,
  );
  return {
    kind: "PAYMENT" as const,
    path: PATH,
    rawBody,
    headers: new Headers({ "client-id": ctx.clientId, "request-time": time, signature }),
    sourceAddress: `203.0.113.${Math.floor(Math.random() * 250)}`,
  };
}

const payment = () => ({
  paymentId: `pid-${randomUUID()}`,
  paymentRequestId: `pay_${randomUUID().replaceAll("-", "")}`,
  paymentAmount: { currency: "IQD", value: "1000" },
  paymentStatus: "SUCCESS",
});

describe("notification rows", () => {
  it("stores a notification once per dedupe key, then records what applying it did", async () => {
    const dedupeKey = `payment:${randomUUID()}:SUCCESS`;
    const fields = { kind: "PAYMENT" as const, dedupeKey, rawBody: '{"a":1}', headers: { "client-id": "x" } };
    const stored = await insertNotification(ctx.prisma, { ...fields, status: "RECEIVED" });
    expect(stored).toEqual({ id: expect.any(String), receivedAt: expect.any(Date), status: "RECEIVED" });
    expect(await insertNotification(ctx.prisma, { ...fields, status: "RECEIVED" })).toBeNull();

    const processedAt = new Date("2026-11-22T10:00:00.123Z");
    if (!stored) throw new Error("not stored");
    await markNotificationProcessed(ctx.prisma, stored, {
      status: "IGNORED",
      orderId: null,
      error: "paymentStatus PROCESSING is not final",
      processedAt,
    });
    expect(await ctx.prisma.notification.findFirstOrThrow({ where: { dedupeKey } })).toMatchObject({
      kind: "PAYMENT",
      rawBody: '{"a":1}',
      headers: { "client-id": "x" },
      verified: true,
      status: "IGNORED",
      orderId: null,
      error: "paymentStatus PROCESSING is not final",
      processedAt,
      receivedAt: expect.any(Date),
    });
  });
});

describe("the flood check", () => {
  it("is not consulted for a notification that verifies", async () => {
    let consulted = 0;
    const answer = await receiveNotification(ctx, {
      ...signedPayment(payment()),
      beforeRecordingRejection: async () => {
        consulted++;
      },
    });
    // No order has this paymentRequestId: verified, stored and rejected — but never a 401.
    expect(answer.httpStatus).toBe(422);
    expect(consulted).toBe(0);
  });

  it("runs before a forged notification is recorded, and refusing leaves no record", async () => {
    const forged = signedPayment(payment(), generateTestKeyPair().privateKey);
    const refused = receiveNotification(ctx, {
      ...forged,
      beforeRecordingRejection: () => Promise.reject(new Error("flooding")),
    });
    await expect(refused).rejects.toThrow("flooding");
    expect(
      await ctx.prisma.notificationRejection.count({ where: { sourceAddress: forged.sourceAddress } }),
    ).toBe(0);

    let consulted = 0;
    const heard = await receiveNotification(ctx, {
      ...forged,
      beforeRecordingRejection: async () => {
        consulted++;
      },
    });
    expect(heard.httpStatus).toBe(401);
    expect(consulted).toBe(1);
    expect(
      await ctx.prisma.notificationRejection.count({ where: { sourceAddress: forged.sourceAddress } }),
    ).toBe(1);
  });
});
