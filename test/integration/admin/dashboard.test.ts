// The dashboard's figures come from queries shaped for the indexes (a range scan per day, a count
// per status): on a seeded history they must equal what the plain GROUP BY over every order says,
// and a payment counts on its day in Baghdad, not in UTC.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedOrders } from "@/bench/support/seed-orders";
import { DASHBOARD_DAYS, getDashboard } from "@/lib/console/dashboard";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { baghdadMidnight } from "@/lib/platform/time/baghdad-day";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";

let db: TestDatabase;
const now = new Date();
const ctxAt = (time: Date) =>
  ({ prisma: db.prisma, readModel: db.prisma, now: () => time }) as unknown as ServiceContext;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedOrders(db.url, 3_000, 150);
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

describe("the dashboard", () => {
  it("adds up paid volume per Baghdad day, orders by status and escrow held as a plain GROUP BY does", async () => {
    const dashboard = await getDashboard(ctxAt(now));
    const since = new Date(baghdadMidnight(now).getTime() - (DASHBOARD_DAYS - 1) * 86_400_000);
    // The seeder pays an order 40 s after making it, so a run just before Baghdad's midnight seeds
    // payments on the next day, which the dashboard of `now` rightly leaves out.
    const tomorrow = new Date(baghdadMidnight(now).getTime() + 86_400_000);

    const days = await db.prisma.$queryRaw<{ day: string; count: bigint; amount: bigint }[]>`
      SELECT to_char(paid_at AT TIME ZONE 'Asia/Baghdad', 'YYYY-MM-DD') AS day, count(*) AS count,
             sum(amount_fils)::bigint AS amount
        FROM orders WHERE paid_at >= ${since} AND paid_at < ${tomorrow} GROUP BY 1 ORDER BY 1`;
    const paidDays = dashboard.last30Days.days.filter((day) => day.count > 0);
    expect(paidDays).toEqual(
      days.map((row) => ({ day: row.day, count: Number(row.count), amountFils: row.amount })),
    );
    expect(dashboard.last30Days.days).toHaveLength(DASHBOARD_DAYS);
    expect(paidDays.length).toBeGreaterThan(10);

    const statuses = await db.prisma.$queryRaw<{ status: string; count: bigint }[]>`
      SELECT status::text AS status, count(*) AS count FROM orders WHERE created_at >= ${since} GROUP BY 1`;
    expect(dashboard.byStatus).toEqual(
      Object.fromEntries(statuses.map((row) => [row.status, Number(row.count)])),
    );

    const [held] = await db.prisma.$queryRaw<{ count: bigint; amount: bigint }[]>`
      SELECT count(*) AS count, sum(amount_fils - voided_fils)::bigint AS amount
        FROM orders WHERE flow = 'ESCROW' AND status::text IN ('PAID', 'ACCEPTED')`;
    expect(dashboard.escrowHeld).toEqual({ count: Number(held?.count), amountFils: held?.amount });
    expect(dashboard.attention.awaitingAccept.count).toBe(
      await db.prisma.order.count({ where: { flow: "ESCROW", status: "PAID" } }),
    );
  });

  it("counts a payment at 23:30 UTC on the next day: it was 02:30 in Baghdad (a year before the seeded history)", async () => {
    const order = await db.prisma.order.findFirstOrThrow({ where: { status: "PAID" } });
    const lateEvening = new Date("2025-03-09T23:30:00Z");
    await db.prisma.order.update({ where: { id: order.id }, data: { paidAt: lateEvening } });
    const dashboard = await getDashboard(ctxAt(new Date("2025-03-10T12:00:00Z")));
    const march10 = dashboard.last30Days.days.find((day) => day.day === "2025-03-10");
    expect(march10).toEqual({ day: "2025-03-10", count: 1, amountFils: order.amountFils });
    expect(dashboard.today).toEqual(march10);
    expect(dashboard.last30Days.days.find((day) => day.day === "2025-03-09")?.count).toBe(0);
  });
});
