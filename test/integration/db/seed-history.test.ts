// `npm run db:seed -- --history <days>`'s work, on a real database and the wallet sandbox: days of
// orders made through the real services and moved to their days — paid, refunded in full and in
// part, escrow held, refused, unknown and settled later — and today's open work (a refund awaiting
// approval, one in flight, an unknown payment flagged); the dashboard of a past day adds them up; a
// second run refuses instead of doubling the history.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyFigures } from "@/lib/console/money-figures";
import { dayRange } from "@/lib/console/orders/list-orders";
import { baghdadDate } from "@/lib/platform/time/baghdad-day";
import { HistorySeededAlready, seedHistory } from "@/scripts/seed-history";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";

let merchant: MerchantHarness;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  merchant = await startMerchant();
}, 60_000);
afterAll(() => merchant.close());

const options = () => ({
  days: 2,
  sandboxUrl: merchant.sandbox.url,
  clientId: merchant.sandbox.merchant.clientId,
});

describe("seedHistory", () => {
  it("makes each past day through the real services, today's open work, and refuses a second run", async () => {
    const { orders } = await seedHistory(merchant.ctx, options());
    const rows = await merchant.db.prisma.order.findMany({
      include: { refunds: true, refundRequests: true },
    });
    expect(rows).toHaveLength(orders);

    const days = new Set(rows.map((row) => baghdadDate(row.createdAt)));
    const today = baghdadDate(new Date());
    expect(days).toEqual(
      new Set([
        today,
        baghdadDate(new Date(Date.now() - DAY_MS)),
        baghdadDate(new Date(Date.now() - 2 * DAY_MS)),
      ]),
    );
    const past = rows.filter((row) => baghdadDate(row.createdAt) !== today);
    const statuses = past.map((row) => `${row.flow}:${row.status}`);
    expect(statuses).toContain("CASHIER:PAID");
    expect(statuses).toContain("CASHIER:FAILED");
    expect(statuses).toContain("CASHIER:CLOSED");
    expect(statuses).toContain("ESCROW:PAID");
    // Refunded in full and in part, each confirmed by the wallet, on its own day.
    const refunded = past.filter((row) => row.confirmedRefundFils > 0n);
    expect(refunded.some((row) => row.confirmedRefundFils === row.amountFils)).toBe(true);
    expect(refunded.some((row) => row.confirmedRefundFils < row.amountFils)).toBe(true);
    for (const row of refunded) {
      expect(baghdadDate(row.refunds[0]?.refundedAt as Date)).toBe(baghdadDate(row.createdAt));
    }
    // An unknown payment settled later: its timeline has the U and then the payment.
    const settledLater = await merchant.db.prisma.order.findMany({
      where: { id: { in: past.map((row) => row.id) }, events: { some: { type: "PAY_UNKNOWN" } } },
    });
    expect(settledLater.length).toBeGreaterThanOrEqual(2);
    expect(settledLater.every((row) => row.status === "PAID")).toBe(true);
    // Notifications moved to their days, and their dedupe keys still name them (id, received_at).
    const notifications = await merchant.db.prisma.notification.findMany({
      where: { orderId: { in: past.map((row) => row.id) } },
      select: { dedupeKey: true, id: true, receivedAt: true },
    });
    expect(notifications.length).toBeGreaterThan(0);
    const keys = await merchant.db.prisma.notificationDedupeKey.findMany({
      where: { dedupeKey: { in: notifications.map((row) => row.dedupeKey) } },
      select: { dedupeKey: true, notificationId: true, receivedAt: true },
    });
    expect(new Set(keys.map((key) => `${key.notificationId}@${key.receivedAt.toISOString()}`))).toEqual(
      new Set(notifications.map((row) => `${row.id}@${row.receivedAt.toISOString()}`)),
    );
    expect(notifications.some((row) => baghdadDate(row.receivedAt) !== baghdadDate(new Date()))).toBe(true);

    const open = rows.filter((row) => baghdadDate(row.createdAt) === today);
    expect(open.flatMap((row) => row.refundRequests).map((request) => request.status)).toEqual(["PENDING"]);
    expect(open.flatMap((row) => row.refunds).map((refund) => refund.status)).toContain("PROCESSING");
    expect(open.filter((row) => row.needsAttention).map((row) => row.status)).toEqual(["UNKNOWN"]);

    // Yesterday's money adds up from what was made.
    const yesterday = baghdadDate(new Date(Date.now() - DAY_MS));
    const figures = await moneyFigures(merchant.ctx, dayRange({ from: yesterday, to: yesterday }));
    expect(figures.paid.count).toBeGreaterThanOrEqual(3);
    expect(figures.refunded.count).toBe(2);

    await expect(seedHistory(merchant.ctx, options())).rejects.toBeInstanceOf(HistorySeededAlready);
    expect(await merchant.db.prisma.order.count()).toBe(orders);
  }, 240_000);
});
