// The daily summary: yesterday (a Baghdad day) in a few lines — payments received, refunds that
// succeeded, and what is still open now (payments unknown, refunds unsettled) — written once per rule
// and day (its dedupe key) as a message for flush-alerts.ts to send.

import { DAILY_SUMMARY } from "@/lib/events/alerts/alert-types";
import { REFUND_CONFIRMED } from "@/lib/payments/refunds/refund-figures";
import { REFUND_IN_FLIGHT_STATUSES } from "@/lib/payments/refunds/refund-state";
import type { PrismaClient } from "@/lib/platform/db";
import { baghdadDayStart } from "@/lib/platform/time/baghdad-day";

const DAY_MS = 24 * 60 * 60 * 1000;
const BAGHDAD_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The Baghdad date of `time`, as YYYY-MM-DD, and its hour there. */
function baghdadClock(time: Date) {
  const local = new Date(time.getTime() + BAGHDAD_OFFSET_MS);
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

const iqd = (fils: bigint | null) => `${((fils ?? 0n) / 1000n).toLocaleString("en-US")} IQD`;

async function summaryOfDay(prisma: PrismaClient, day: string) {
  const from = baghdadDayStart(day);
  const to = new Date(from.getTime() + DAY_MS);
  const [paid, refunds, unknown, unsettledRefunds] = await Promise.all([
    prisma.order.aggregate({
      where: { paidAt: { gte: from, lt: to } },
      _count: true,
      _sum: { amountFils: true },
    }),
    prisma.refund.aggregate({
      // By when the wallet confirmed it, as the dashboard counts "refunded" (refund-figures.ts): a
      // row touched later (a flag cleared) must not move its refund to another day.
      where: { status: REFUND_CONFIRMED, refundedAt: { gte: from, lt: to } },
      _count: true,
      _sum: { amountFils: true },
    }),
    prisma.order.count({ where: { status: "UNKNOWN" } }),
    prisma.refund.count({ where: { status: { in: [...REFUND_IN_FLIGHT_STATUSES] } } }),
  ]);
  return {
    subject: `Daily summary for ${day} (Baghdad)`,
    body: [
      `Payments received: ${paid._count} orders, ${iqd(paid._sum.amountFils)} (escrow orders included when paid).`,
      `Refunds that succeeded: ${refunds._count}, ${iqd(refunds._sum.amountFils)}.`,
      `Still open now: ${unknown} payments with an unknown outcome, ${unsettledRefunds} refunds the wallet has not settled.`,
    ].join("\n"),
  };
}

/** Once the Baghdad clock passes `hour`, writes yesterday's summary for each daily rule (once). */
export async function writeDailySummaries(prisma: PrismaClient, now: Date, hour: number): Promise<number> {
  const clock = baghdadClock(now);
  if (clock.hour < hour) return 0;
  const rules = await prisma.alertRule.findMany({ where: { eventType: DAILY_SUMMARY, enabled: true } });
  if (rules.length === 0) return 0;
  const yesterday = baghdadClock(new Date(now.getTime() - DAY_MS)).date;
  const keys = rules.map((rule) => `daily:${rule.id}:${yesterday}`);
  const written = await prisma.alertMessage.findMany({
    where: { dedupeKey: { in: keys } },
    select: { dedupeKey: true },
  });
  const due = rules.filter(
    (rule) => !written.some((message) => message.dedupeKey === `daily:${rule.id}:${yesterday}`),
  );
  if (due.length === 0) return 0;
  const summary = await summaryOfDay(prisma, yesterday);
  const { count } = await prisma.alertMessage.createMany({
    data: due.map((rule) => ({ ruleId: rule.id, dedupeKey: `daily:${rule.id}:${yesterday}`, ...summary })),
    skipDuplicates: true,
  });
  return count;
}
