// The dashboard's subscriptions (docs/subscriptions.md, "The console"): how many give access now,
// how many began and ended today and over the last 30 days (Baghdad days), what subscription charges
// brought into the money of the day, and the monthly recurring revenue in whole dinars.
//
// MRR: for every ACTIVE subscription not set to end at its period's end, the amount of its open
// period (what its next charge will take: a price change reaches it from its next period) turned
// into a month's worth: monthly plans ÷ their count of months, weekly plans × 52 ÷ 12 ÷ their count
// of weeks, yearly plans ÷ 12 ÷ their count of years. Summed in exact decimals (SQL numeric, never a
// float), then rounded once, half up, to whole dinars. Free periods, paused and past-due
// subscriptions bring nothing in and count for nothing.
//
// "New" leaves out subscriptions whose first charge failed (the customer never had one), and so
// does "cancelled".
import type { PrismaClient } from "@/lib/platform/db";
import type { MoneyRange } from "./money-figures";

const NEVER_BEGAN = "FIRST_CHARGE_FAILED";

/** Read from the dashboard's read model (a replica when one is configured). */
export async function subscriptionFigures(
  db: PrismaClient,
  window: { today: Date; since: Date; money: MoneyRange },
) {
  const { today, since, money } = window;
  const [counts, renewals, mrr] = await Promise.all([
    db.$queryRaw<
      { active: bigint; new_today: bigint; new_30: bigint; ended_today: bigint; ended_30: bigint }[]
    >`
      SELECT (SELECT count(*) FROM subscriptions WHERE status IN ('ACTIVE', 'TRIALING')) AS active,
             (SELECT count(*) FROM subscriptions WHERE created_at >= ${today} AND status <> 'PENDING'
                 AND cancel_reason IS DISTINCT FROM ${NEVER_BEGAN}) AS new_today,
             (SELECT count(*) FROM subscriptions WHERE created_at >= ${since} AND status <> 'PENDING'
                 AND cancel_reason IS DISTINCT FROM ${NEVER_BEGAN}) AS new_30,
             (SELECT count(*) FROM subscriptions WHERE cancelled_at >= ${today}
                 AND cancel_reason IS DISTINCT FROM ${NEVER_BEGAN}) AS ended_today,
             (SELECT count(*) FROM subscriptions WHERE cancelled_at >= ${since}
                 AND cancel_reason IS DISTINCT FROM ${NEVER_BEGAN}) AS ended_30`,
    // Every try of a period is an order whose paymentRequestId is sub_<subscription>_<period>_<try>;
    // these are inside the day's "paid" (agreement payments), shown apart.
    db.$queryRaw<{ count: bigint; amount: bigint }[]>`
      SELECT count(*) AS count, coalesce(sum(amount_fils), 0)::bigint AS amount FROM orders
       WHERE paid_at >= ${money.from} AND paid_at < ${money.to} AND flow = 'AGREEMENT'
         AND payment_request_id LIKE 'sub\\_%'`,
    db.$queryRaw<{ dinars: bigint | null }[]>`
      SELECT round(sum(
               CASE plan.interval_unit
                 WHEN 'MONTH' THEN p.amount_fils::numeric / plan.interval_count
                 WHEN 'WEEK' THEN p.amount_fils::numeric * 52 / (12 * plan.interval_count)
                 WHEN 'YEAR' THEN p.amount_fils::numeric / (12 * plan.interval_count)
               END) / 1000)::bigint AS dinars
        FROM subscriptions s
        JOIN subscription_plans plan ON plan.id = s.plan_id
        JOIN LATERAL (SELECT amount_fils FROM subscription_periods
                       WHERE subscription_id = s.id AND status IN ('SCHEDULED', 'CHARGING')
                       ORDER BY number DESC LIMIT 1) p ON true
       WHERE s.status = 'ACTIVE' AND NOT s.cancel_at_period_end`,
  ]);
  const row = counts[0];
  return {
    active: Number(row?.active ?? 0),
    new: { today: Number(row?.new_today ?? 0), last30Days: Number(row?.new_30 ?? 0) },
    cancelled: { today: Number(row?.ended_today ?? 0), last30Days: Number(row?.ended_30 ?? 0) },
    renewals: { count: Number(renewals[0]?.count ?? 0), amountFils: renewals[0]?.amount ?? 0n },
    mrrDinars: mrr[0]?.dinars ?? 0n,
  };
}
