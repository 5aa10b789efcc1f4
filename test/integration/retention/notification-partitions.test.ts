// The notifications' monthly partitions on a migrated database: months are created ahead and take
// over what the default caught of their month; a repeated notification is recognised whatever months
// lie between, and after its month has been dropped, and answered as the first one was; retention
// drops a month whole once it is past the period, and keeps it while a notification in it is not
// applied yet.
//
// The test's months lie in 2025, before any partition the migration made for the real date. The
// intake runs as the route runs it (receiveNotification, signed by the test's own wallet key).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertNotification,
  markNotificationProcessed,
  type NotificationRef,
} from "@/lib/payments/notifications/notification-rows";
import { receiveNotification } from "@/lib/payments/notifications/receive-notification";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { NotificationStatus } from "@/lib/platform/db";
import type { Logger } from "@/lib/platform/log";
import { expireNotifications, NOTIFICATIONS } from "@/lib/platform/retention/expire-notifications";
import { MONTHS_AHEAD } from "@/lib/platform/retention/expire-wallet-calls";
import { ensureMonthPartitions, listMonthPartitions } from "@/lib/platform/retention/partitions";
import { formatWalletTime, signMessage } from "@/lib/wallet/signature";
import { generateTestKeyPair } from "@/test/support/keys";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";

let merchant: MerchantHarness;
const walletKey = generateTestKeyPair();
let ctx: ServiceContext;
beforeAll(async () => {
  merchant = await startMerchant();
  ctx = { ...merchant.ctx, walletPublicKey: walletKey.publicKey };
});
afterAll(() => merchant.close());

const PATH = "/api/wallet/notify/payment";
const DAY = 24 * 60 * 60 * 1000;

/** A payment notification for `paymentRequestId`, signed as the wallet signs it. */
function signedPayment(paymentRequestId: string) {
  const rawBody = JSON.stringify({
    paymentId: `pid-${paymentRequestId}`,
    paymentRequestId,
    paymentAmount: { currency: "IQD", value: "1000" },
    paymentStatus: "SUCCESS",
  });
  const time = formatWalletTime(new Date());
  const signature = signMessage(
    { method: "POST", path: PATH, clientId: ctx.clientId, time, body: rawBody },
    walletKey.privateKey,
    1,
  );
  return {
    kind: "PAYMENT" as const,
    path: PATH,
    rawBody,
    headers: new Headers({ "client-id": ctx.clientId, "request-time": time, signature }),
  };
}

const newRequestId = () => `pay_${randomUUID().replaceAll("-", "")}`;

/** A notification stored as the intake stores it, with what applying it did. */
async function stored(dedupeKey: string, status: NotificationStatus): Promise<NotificationRef> {
  const fields = { kind: "PAYMENT" as const, dedupeKey, rawBody: "{}", headers: {} };
  const row = await insertNotification(ctx.prisma, { ...fields, status: "RECEIVED" });
  if (!row) throw new Error(`${dedupeKey} exists already`);
  if (status !== "RECEIVED") {
    await markNotificationProcessed(ctx.prisma, row, {
      status,
      orderId: null,
      error: null,
      processedAt: new Date(),
    });
  }
  return row;
}

/** Moves a stored notification (and its key's pointer) to another time: PostgreSQL moves the row. */
async function moveTo(dedupeKey: string, at: string): Promise<void> {
  await ctx.prisma
    .$executeRaw`UPDATE notifications SET received_at = ${new Date(at)} WHERE dedupe_key = ${dedupeKey}`;
  await ctx.prisma
    .$executeRaw`UPDATE notification_dedupe_keys SET received_at = ${new Date(at)} WHERE dedupe_key = ${dedupeKey}`;
}

async function partitionOf(dedupeKey: string): Promise<string | undefined> {
  const rows = await ctx.prisma.$queryRaw<{ partition: string }[]>`
    SELECT tableoid::regclass::text AS partition FROM notifications WHERE dedupe_key = ${dedupeKey}`;
  return rows[0]?.partition;
}

/** Retention as the maintenance scan runs it at `now`, with its log lines kept. */
async function expireAt(now: string, maxAgeDays: number) {
  const lines: { fields: unknown; message: string }[] = [];
  const logger = { info: (fields: unknown, message: string) => lines.push({ fields, message }) };
  const result = await expireNotifications(
    { prisma: ctx.prisma, now: () => new Date(now), logger: logger as unknown as Logger },
    { maxAgeMs: maxAgeDays * DAY },
  );
  return { ...result, lines };
}

describe("the notifications' months", () => {
  it("are created ahead, and take over what the default caught of their month", async () => {
    const created = await ensureMonthPartitions(
      ctx.prisma,
      NOTIFICATIONS,
      new Date("2025-02-10T08:00:00Z"),
      2,
    );
    expect(created).toEqual(["notifications_p202502", "notifications_p202503", "notifications_p202504"]);
    expect(
      await ensureMonthPartitions(ctx.prisma, NOTIFICATIONS, new Date("2025-04-30T23:00:00Z"), 0),
    ).toEqual([]);

    const key = `payment:${newRequestId()}:SUCCESS`;
    await stored(key, "APPLIED");
    await moveTo(key, "2025-06-10T12:00:00Z");
    expect(await partitionOf(key)).toBe("notifications_default");
    expect(await expireAt("2025-06-01T00:00:00Z", 400)).toMatchObject({
      notificationMonthsCreated: ["notifications_p202506", "notifications_p202507", "notifications_p202508"],
      notificationMonthsDropped: [],
    });
    expect(MONTHS_AHEAD).toBe(2);
    expect(await partitionOf(key)).toBe("notifications_p202506");
    const months = (await listMonthPartitions(ctx.prisma, NOTIFICATIONS)).map((month) => month.name);
    expect(months).toEqual(expect.arrayContaining(["notifications_p202502", "notifications_p202508"]));
  });
});

describe("a repeated notification", () => {
  it("is recognised in another month and after its month is dropped, and answered as the first one was", async () => {
    // Applied: acknowledged again, never applied again (applying it now would reject it: no order
    // has this paymentRequestId, so a 200 proves it was taken for a repeat).
    const appliedId = newRequestId();
    const appliedKey = `payment:${appliedId}:SUCCESS`;
    await stored(appliedKey, "APPLIED");
    // Rejected when it came: refused again, with the same words.
    const rejectedId = newRequestId();
    const rejectedKey = `payment:${rejectedId}:SUCCESS`;
    const first = await receiveNotification(ctx, signedPayment(rejectedId));
    expect(first).toMatchObject({ httpStatus: 422, body: { result: { resultCode: "REJECTED" } } });
    expect(first.body).toMatchObject({
      result: { resultMessage: `no order has paymentRequestId ${rejectedId}` },
    });

    // Both move back to March 2025: the repeats below arrive in the current month.
    await moveTo(appliedKey, "2025-03-15T00:00:00Z");
    await moveTo(rejectedKey, "2025-03-20T00:00:00Z");
    expect(await partitionOf(appliedKey)).toBe("notifications_p202503");
    const answers = async () => [
      await receiveNotification(ctx, signedPayment(appliedId)),
      await receiveNotification(ctx, signedPayment(rejectedId)),
    ];
    expect((await answers()).map((answer) => answer.httpStatus)).toEqual([200, 422]);
    expect((await answers())[1]).toEqual(first);
    const count = (key: string) => ctx.prisma.notification.count({ where: { dedupeKey: key } });
    expect([await count(appliedKey), await count(rejectedKey)]).toEqual([1, 1]);

    // 30 days before 15 May 2025: February and March are wholly older.
    const expired = await expireAt("2025-05-15T00:00:00Z", 30);
    expect(expired.notificationMonthsDropped).toEqual(
      expect.arrayContaining(["notifications_p202502", "notifications_p202503"]),
    );
    expect(expired.notificationMonthsDropped).not.toContain("notifications_p202504");
    expect([await count(appliedKey), await count(rejectedKey)]).toEqual([0, 0]);

    const [again, rejectedAgain] = await answers();
    expect(again?.httpStatus).toBe(200);
    expect(rejectedAgain).toEqual(first);
    // Recognised, not stored a second time: the keys still point at the dropped rows.
    expect([await count(appliedKey), await count(rejectedKey)]).toEqual([0, 0]);
    expect(
      await ctx.prisma.notificationDedupeKey.findMany({
        where: { dedupeKey: { in: [appliedKey, rejectedKey] } },
        orderBy: { receivedAt: "asc" },
        select: { dedupeKey: true, rejectedError: true },
      }),
    ).toEqual([
      { dedupeKey: appliedKey, rejectedError: null },
      { dedupeKey: rejectedKey, rejectedError: `no order has paymentRequestId ${rejectedId}` },
    ]);
  });
});

describe("the notifications' retention", () => {
  it("keeps an expired month while a notification in it is not applied, and drops it once it is", async () => {
    const waiting = `payment:${newRequestId()}:SUCCESS`;
    const ref = await stored(waiting, "RECEIVED");
    await moveTo(waiting, "2025-07-31T23:59:59.999Z");
    const applied = `payment:${newRequestId()}:SUCCESS`;
    await stored(applied, "IGNORED");
    await moveTo(applied, "2025-07-01T00:00:00Z");

    // 30 days before 15 September 2025: June and July are wholly older (and the earlier tests' April
    // and May, empty).
    const first = await expireAt("2025-09-15T00:00:00Z", 30);
    const dropped = ["notifications_p202504", "notifications_p202505", "notifications_p202506"];
    expect(first).toMatchObject({
      notificationMonthsDropped: dropped,
      notificationMonthsKept: ["notifications_p202507"],
    });
    expect(first.lines).toEqual([
      ...dropped.map((month) => ({ fields: { month }, message: "notification retention: month dropped" })),
      {
        fields: { month: "notifications_p202507" },
        message: "notification retention: expired month kept, a notification is not applied",
      },
    ]);
    // Kept whole and attached again: both rows are where they were, the waiting one can be applied.
    expect([await partitionOf(waiting), await partitionOf(applied)]).toEqual([
      "notifications_p202507",
      "notifications_p202507",
    ]);

    await markNotificationProcessed(
      ctx.prisma,
      { ...ref, receivedAt: new Date("2025-07-31T23:59:59.999Z") },
      {
        status: "APPLIED",
        orderId: null,
        error: null,
        processedAt: new Date(),
      },
    );
    const second = await expireAt("2025-09-15T00:01:00Z", 30);
    expect(second).toMatchObject({
      notificationMonthsDropped: ["notifications_p202507"],
      notificationMonthsKept: [],
    });
    expect(await ctx.prisma.notification.count({ where: { dedupeKey: { in: [waiting, applied] } } })).toBe(0);
  });

  it("leaves the default partition's rows alone, applied or not", async () => {
    const key = `payment:${newRequestId()}:SUCCESS`;
    await stored(key, "APPLIED");
    await moveTo(key, "2024-01-10T00:00:00Z");
    await expireAt("2025-12-01T00:00:00Z", 30);
    expect(await partitionOf(key)).toBe("notifications_default");
  });
});
