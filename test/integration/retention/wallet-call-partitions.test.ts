// The wallet-call log's monthly partitions on a migrated database: created ahead, a default that
// catches rows no month covers (and hands them over when their month is created), and retention
// that drops only whole months past the period whose orders are all settled, deleting what the
// default caught row by row.
//
// The test's months lie in 2025, before any partition the migration made for the real date.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "@/lib/platform/db";
import { expireWalletCalls, MONTHS_AHEAD, WALLET_CALLS } from "@/lib/platform/retention/expire-wallet-calls";
import { ensureMonthPartitions, listMonthPartitions, monthStart } from "@/lib/platform/retention/partitions";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";

const DAY = 24 * 60 * 60 * 1000;

let db: TestDatabase;
let customerId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const customer = await db.prisma.customer.create({ data: { walletCustomerId: `c-${randomUUID()}` } });
  customerId = customer.id;
});
afterAll(() => db?.drop());

async function order(status: OrderStatus) {
  const created = await db.prisma.order.create({
    data: {
      customerId,
      flow: "CASHIER",
      productCode: "51051000101000100008",
      currency: "IQD",
      amountFils: 10_000n,
      idempotencyKey: randomUUID(),
      paymentRequestId: `pay_${randomUUID()}`,
    },
  });
  // The state machine is not under test: the status is set as a finished flow would leave it.
  await db.prisma.$executeRaw`UPDATE orders SET status = ${status}::order_status WHERE id = ${created.id}`;
  return created.id;
}

async function walletCall(at: string, orderId: string | null = null) {
  return db.prisma.walletCall.create({
    data: {
      operation: "pay",
      path: "/v1/payments/pay",
      durationMs: 10,
      requestBody: {},
      orderId,
      createdAt: new Date(at),
    },
  });
}

/** The partition a row is stored in. */
async function partitionOf(id: bigint): Promise<string | undefined> {
  const rows = await db.prisma.$queryRaw<{ partition: string }[]>`
    SELECT tableoid::regclass::text AS partition FROM wallet_calls WHERE id = ${id}`;
  return rows[0]?.partition;
}

const names = async () => (await listMonthPartitions(db.prisma, WALLET_CALLS)).map((p) => p.name);

const settings = (maxAgeDays: number) => ({
  maxAgeMs: maxAgeDays * DAY,
  unsettledOrderStatuses: ["CREATED", "PENDING", "UNKNOWN"],
  unsettledRefundStatuses: ["CREATED", "PROCESSING", "UNKNOWN"],
  batch: 100,
});

describe("wallet-call partitions", () => {
  it("the migration leaves this month and the next two partitioned, and a default", async () => {
    const now = new Date();
    const expected = [0, 1, 2].map((ahead) => {
      const month = monthStart(now, ahead);
      return `wallet_calls_p${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
    });
    expect(await names()).toEqual(expect.arrayContaining(expected));
    const call = await walletCall(now.toISOString());
    expect(await partitionOf(call.id)).toBe(expected[0]);
    const [fallback] = await db.prisma.$queryRaw<{ name: string }[]>`
      SELECT c.relname::text AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'wallet_calls'::regclass AND pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT'`;
    expect(fallback?.name).toBe("wallet_calls_default");
  });

  it("creates the months ahead once, and hands a month the rows the default caught of it", async () => {
    const early = await walletCall("2025-03-20T10:00:00.000Z");
    expect(await partitionOf(early.id)).toBe("wallet_calls_default");

    const created = await ensureMonthPartitions(db.prisma, WALLET_CALLS, new Date("2025-01-15T00:00:00Z"), 2);
    expect(created).toEqual(["wallet_calls_p202501", "wallet_calls_p202502", "wallet_calls_p202503"]);
    expect(await ensureMonthPartitions(db.prisma, WALLET_CALLS, new Date("2025-01-31T23:59:59Z"), 2)).toEqual(
      [],
    );

    // Moved, not copied: the same row, now in its month, and no longer in the default.
    expect(await partitionOf(early.id)).toBe("wallet_calls_p202503");
    expect(await db.prisma.walletCall.count({ where: { id: early.id } })).toBe(1);
    const inDefault = await db.prisma.$queryRaw<{ id: bigint }[]>`
      SELECT id FROM wallet_calls_default WHERE id = ${early.id}`;
    expect(inDefault).toEqual([]);
    // The moved month has the table's indexes, like every other partition.
    const indexes = await db.prisma.$queryRaw<{ indexname: string }[]>`
      SELECT indexname FROM pg_indexes WHERE tablename = 'wallet_calls_p202503'`;
    expect(indexes).toHaveLength(6);
  });

  it("drops whole months past the period, keeps those with calls of unsettled orders, trims the default", async () => {
    const settled = await order("PAID");
    const unsettled = await order("UNKNOWN");
    const january = await walletCall("2025-01-10T00:00:00.000Z", settled);
    const february = await walletCall("2025-02-10T00:00:00.000Z", unsettled);
    const straggler = await walletCall("2024-12-31T23:59:59.999Z");
    const recentStraggler = await walletCall("2025-05-10T00:00:00.000Z");
    expect(await partitionOf(straggler.id)).toBe("wallet_calls_default");
    expect(await partitionOf(recentStraggler.id)).toBe("wallet_calls_default");

    // 2025-06-01 less 60 days is 2025-04-02: January to March are wholly older, April is not.
    const now = new Date("2025-06-01T00:00:00.000Z");
    const result = await expireWalletCalls({ prisma: db.prisma, now: () => now }, settings(60));
    expect(result).toEqual({
      partitionsCreated: ["wallet_calls_p202506", "wallet_calls_p202507", "wallet_calls_p202508"],
      partitionsDropped: ["wallet_calls_p202501", "wallet_calls_p202503"],
      partitionsKept: ["wallet_calls_p202502"],
      defaultRowsDeleted: 1,
    });
    expect(MONTHS_AHEAD).toBe(2);
    expect(await names()).not.toContain("wallet_calls_p202501");
    expect(await db.prisma.walletCall.findFirst({ where: { id: january.id } })).toBeNull();
    expect(await db.prisma.walletCall.findFirst({ where: { id: straggler.id } })).toBeNull();
    // Kept as it was: still attached, its rows still there.
    expect(await partitionOf(february.id)).toBe("wallet_calls_p202502");
    expect(await partitionOf(recentStraggler.id)).toBe("wallet_calls_default");

    // Once the order is settled its month goes too.
    await db.prisma.$executeRaw`UPDATE orders SET status = 'FAILED' WHERE id = ${unsettled}`;
    const later = await expireWalletCalls({ prisma: db.prisma, now: () => now }, settings(60));
    expect(later).toMatchObject({ partitionsDropped: ["wallet_calls_p202502"], partitionsKept: [] });
    expect(await db.prisma.walletCall.findFirst({ where: { id: february.id } })).toBeNull();
  });

  it("keeps a month whose order is settled but flagged, or has a refund in flight", async () => {
    const flagged = await order("PAID");
    await db.prisma.$executeRaw`UPDATE orders SET needs_attention = true WHERE id = ${flagged}`;
    const refunded = await order("PAID");
    await db.prisma.refund.create({
      data: {
        orderId: refunded,
        refundRequestId: `rf_${randomUUID()}`,
        amountFils: 1_000n,
        currency: "IQD",
        requestedBy: "test",
      },
    });
    await ensureMonthPartitions(db.prisma, WALLET_CALLS, new Date("2025-06-15T00:00:00Z"), 0);
    await ensureMonthPartitions(db.prisma, WALLET_CALLS, new Date("2025-09-15T00:00:00Z"), 0);
    await walletCall("2025-06-15T00:00:00.000Z", flagged);
    await walletCall("2025-09-15T00:00:00.000Z", refunded);

    const now = new Date("2026-01-01T00:00:00.000Z");
    const result = await expireWalletCalls({ prisma: db.prisma, now: () => now }, settings(60));
    expect(result.partitionsKept).toEqual(["wallet_calls_p202506", "wallet_calls_p202509"]);
    expect(result.partitionsDropped).toEqual(["wallet_calls_p202507", "wallet_calls_p202508"]);
  });
});
