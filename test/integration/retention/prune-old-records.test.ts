// Retention on a migrated database: past the body retention period, wallet-call bodies are replaced
// by a marker and pruned_at is set (the rows stay); notifications are left alone (their months are
// dropped whole: notification-partitions.test.ts); old rejection counts are deleted; each run does
// bounded work; and the queries are served by the indexes added for them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { NotificationStatus } from "@/lib/platform/db";
import { createLogger } from "@/lib/platform/log";
import { DEFAULT_JOB_SETTINGS } from "@/lib/platform/queue/settings";
import { PRUNED_BODY, pruneOldRecords } from "@/lib/platform/retention/prune-old-records";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { processMaintenance } from "@/workers/maintenance";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2027-06-01T12:00:00.000Z");
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let db: TestDatabase;
let ctx: Pick<ServiceContext, "prisma" | "now" | "logger">;

beforeAll(async () => {
  db = await createTestDatabase();
  ctx = { prisma: db.prisma, now: () => NOW, logger: createLogger({ level: "silent" }) };
});
afterAll(() => db?.drop());

async function walletCall(ageDays: number, responseBody: object | null = { result: { resultStatus: "S" } }) {
  return db.prisma.walletCall.create({
    data: {
      operation: "pay",
      path: "/v1/payments/pay",
      durationMs: 10,
      requestBody: { paymentRequestId: "pay_1", order: { orderDescription: "1 x Coffee" } },
      ...(responseBody ? { responseBody } : {}),
      createdAt: ago(ageDays),
    },
  });
}

async function notification(ageDays: number, status: NotificationStatus) {
  return db.prisma.notification.create({
    data: {
      kind: "PAYMENT",
      dedupeKey: `payment:${crypto.randomUUID()}`,
      rawBody: '{"paymentId":"p1","paymentStatus":"SUCCESS"}',
      headers: { "client-id": "merchant", signature: "algorithm=RSA256, keyVersion=1, signature=abc" },
      verified: true,
      status,
      receivedAt: ago(ageDays),
    },
  });
}

async function rejection(ageDays: number) {
  return db.prisma.notificationRejection.create({
    data: {
      bucket: ago(ageDays),
      sourceAddress: `203.0.113.${Math.floor(Math.random() * 250)}`,
      kind: "PAYMENT",
      reason: `BAD_SIGNATURE-${crypto.randomUUID()}`,
      sampleBody: "{}",
      sampleHeaders: {},
      firstSeenAt: ago(ageDays),
      lastSeenAt: ago(ageDays),
    },
  });
}

const settings = { bodyMaxAgeMs: 180 * DAY, rejectionMaxAgeMs: 30 * DAY, batch: 2, maxBatches: 2 };

describe("retention", () => {
  it("empties old wallet-call bodies and keeps the rows, a bounded number per run, until nothing old is left", async () => {
    const old = [await walletCall(400), await walletCall(200, null), await walletCall(181)];
    old.push(await walletCall(190), await walletCall(185));
    const young = await walletCall(179);
    const notifications = [await notification(200, "APPLIED"), await notification(300, "REJECTED")];
    const oldCounts = [await rejection(45), await rejection(31)];
    const recentCount = await rejection(29);

    // batch 2 × 2 batches: four of the five old wallet calls in the first run, the last in the next.
    expect(await pruneOldRecords(ctx, settings)).toEqual({ walletCalls: 4, rejections: 2 });
    expect(await pruneOldRecords(ctx, settings)).toEqual({ walletCalls: 1, rejections: 0 });
    expect(await pruneOldRecords(ctx, settings)).toEqual({ walletCalls: 0, rejections: 0 });

    for (const call of old) {
      const row = await db.prisma.walletCall.findFirstOrThrow({ where: { id: call.id } });
      expect(row).toMatchObject({ operation: "pay", requestBody: PRUNED_BODY, prunedAt: NOW });
      expect(row.responseBody).toEqual(call.responseBody === null ? null : PRUNED_BODY);
    }
    expect(await db.prisma.walletCall.findFirstOrThrow({ where: { id: young.id } })).toEqual(young);

    for (const untouched of notifications) {
      expect(await db.prisma.notification.findFirstOrThrow({ where: { id: untouched.id } })).toEqual(
        untouched,
      );
    }

    const counts = await db.prisma.notificationRejection.findMany({ select: { id: true } });
    expect(counts.map((row) => row.id)).toEqual([recentCount.id]);
    expect(oldCounts).toHaveLength(2);
  });

  it("runs as the maintenance queue's scan with the configured periods", async () => {
    const call = await walletCall(20);
    const result = await processMaintenance(
      ctx as ServiceContext,
      { name: "scan", data: {} },
      { ...DEFAULT_JOB_SETTINGS, retentionBodyMs: 10 * DAY },
    );
    // This one, and the 179-day-old call of the first test, now past the 10 days configured here.
    expect(result).toMatchObject({ walletCalls: 2 });
    expect(await db.prisma.walletCall.findFirstOrThrow({ where: { id: call.id } })).toMatchObject({
      requestBody: PRUNED_BODY,
      prunedAt: NOW,
    });
  });

  it.each([
    [
      "wallet_calls",
      "SELECT id FROM wallet_calls WHERE pruned_at IS NULL AND created_at < now() ORDER BY created_at LIMIT 1000",
      // Partitioned by month: each partition's copy of the index serves its part.
      "wallet_calls_\\w+_pruned_at_created_at_idx",
    ],
    [
      "notification_rejections",
      "SELECT id FROM notification_rejections WHERE last_seen_at < now() ORDER BY last_seen_at LIMIT 1000",
      "notification_rejections_last_seen_at_idx",
    ],
  ])(
    "finds the %s rows to prune through an index, not by reading the table",
    async (_table, query, index) => {
      // Tiny test tables favour sequential scans; with those off, the planner shows what serves the query.
      const plan = await db.prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
        return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${query}`);
      });
      expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(
        new RegExp(`Index Scan (using|on) ${index}`),
      );
    },
  );
});
