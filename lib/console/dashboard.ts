// The dashboard's numbers: the money of a day or a range as a shop closes it (received, refunded,
// net, escrow taken, released, returned and held: lib/console/money-figures.ts), payments by day over
// the last 30 days (days in Baghdad time), orders by status, refunds still in flight, what needs a
// person (the attention list) and the health of the background queues. Each figure is one indexed
// query, on the console's read model.

import { ESCROW_HELD_STATUSES } from "@/lib/payments/orders/order-state";
import { REFUND_IN_FLIGHT_STATUSES } from "@/lib/payments/refunds/refund-state";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { OrderStatus, Prisma, PrismaClient } from "@/lib/platform/db";
import { replicaLagSeconds } from "@/lib/platform/db/read-model";
import type { QueueMetrics } from "@/lib/platform/queue/metrics";
import { statusListSql } from "@/lib/platform/state/status-list-sql";
import { baghdadDate, baghdadMidnight } from "@/lib/platform/time/baghdad-day";
import { type MoneyRange, moneyFigures } from "./money-figures";
import { ORDER_LIST_COLUMNS } from "./orders/list-orders";
import { subscriptionFigures } from "./subscription-figures";

// The status sets, from the state modules that own them (the escrow one is orders_escrow_held_idx's predicate).
const ESCROW_HELD = statusListSql(ESCROW_HELD_STATUSES);
const REFUNDS_IN_FLIGHT = statusListSql(REFUND_IN_FLIGHT_STATUSES);

export const DASHBOARD_DAYS = 30;

/**
 * Every figure here is read from the console's read model (the replica, when there is one): the
 * dashboard is for looking, and an action on what it shows reads the primary again.
 */
type DashboardReads = Pick<ServiceContext, "readModel" | "now">;

/** A replica further behind than this is worth a word on the dashboard ("figures may be N s behind"). */
const LAG_WORTH_SAYING_SECONDS = 5;

/** Whole seconds the figures may be behind, when that is worth saying; otherwise null. */
export function lagWorthSaying(lagSeconds: number | null): number | null {
  if (lagSeconds === null || lagSeconds < LAG_WORTH_SAYING_SECONDS) return null;
  return Math.round(lagSeconds);
}

export interface DayVolume {
  /** YYYY-MM-DD in Baghdad. */
  day: string;
  count: number;
  amountFils: bigint;
}

const ATTENTION_LIMIT = 20;

export async function getDashboard(
  ctx: DashboardReads,
  queueMetrics: () => Promise<QueueMetrics[]> = async () => [],
  /** The days whose money is summed; today (in Baghdad) when left out. */
  range?: MoneyRange,
) {
  const now = ctx.now();
  const today = baghdadMidnight(now);
  const since = new Date(today.getTime() - (DASHBOARD_DAYS - 1) * 86_400_000);
  const moneyRange = range ?? { from: today, to: new Date(today.getTime() + 86_400_000) };
  const subscriptions = subscriptionFigures(ctx.readModel, { today, since, money: moneyRange });
  const [
    [days, byStatus, held, refunds],
    flagged,
    unknown,
    awaitingAccept,
    flaggedRefunds,
    queues,
    money,
    lag,
  ] = await Promise.all([
    totals(ctx.readModel, since, today),
    attention(ctx, { needsAttention: true }),
    attention(ctx, { status: "UNKNOWN" }),
    // An accept already sent (in flight, or its answer unknown) is not waiting for an operator.
    attention(ctx, { status: "PAID", flow: "ESCROW", escrowOperations: { none: ACCEPT_SENT } }, () =>
      countAwaitingAccept(ctx),
    ),
    ctx.readModel.refund.findMany({
      where: { needsAttention: true },
      orderBy: { createdAt: "desc" },
      take: ATTENTION_LIMIT,
    }),
    // Redis down: the dashboard still shows the money; the queues show as unknown.
    queueMetrics().catch(() => [] as QueueMetrics[]),
    moneyFigures({ prisma: ctx.readModel }, moneyRange),
    replicaLagSeconds(ctx.readModel),
  ]);
  const volume = fillDays(since, days);
  const todayVolume = volume.at(-1) as DayVolume;
  return {
    generatedAt: now,
    readModelLagSeconds: lag,
    money: { from: moneyRange.from, to: moneyRange.to, ...money },
    today: todayVolume,
    last30Days: {
      count: volume.reduce((sum, day) => sum + day.count, 0),
      amountFils: volume.reduce((sum, day) => sum + day.amountFils, 0n),
      days: volume,
    },
    byStatus: Object.fromEntries(
      byStatus.filter((row) => row.count > 0n).map((row) => [row.status, Number(row.count)]),
    ) as Partial<Record<OrderStatus, number>>,
    escrowHeld: { count: Number(held[0]?.count ?? 0), amountFils: held[0]?.amount ?? 0n },
    refundsInFlight: { count: Number(refunds[0]?.count ?? 0), amountFils: refunds[0]?.amount ?? 0n },
    attention: {
      flagged,
      unknownPayments: unknown,
      awaitingAccept,
      flaggedRefunds,
      stuckJobs: queues.filter((queue) => queue.failed > 0 || (queue.oldestWaitingAgeMs ?? 0) > 5 * 60_000),
    },
    queues,
    subscriptions: await subscriptions,
  };
}

/** Payments per day, orders per status, escrow held and refunds in flight: four indexed reads. */
function totals(db: PrismaClient, since: Date, today: Date) {
  return Promise.all([
    // One index-only range scan per day (orders_paid_at_amount_idx), no sort: Baghdad has no
    // daylight saving, so every day is 24 hours from its midnight.
    db.$queryRaw<{ day: string; count: bigint; amount: bigint }[]>`
      SELECT to_char(day_start AT TIME ZONE 'Asia/Baghdad', 'YYYY-MM-DD') AS day, totals.count, totals.amount
        FROM generate_series(${since}::timestamptz, ${today}::timestamptz, interval '1 day') AS day_start,
             LATERAL (SELECT count(*) AS count, coalesce(sum(amount_fils), 0)::bigint AS amount
                        FROM orders
                       WHERE paid_at >= day_start AND paid_at < day_start + interval '1 day') AS totals`,
    // One index-only count per status on (status, created_at): cheaper than grouping every order
    // of the month.
    db.$queryRaw<{ status: OrderStatus; count: bigint }[]>`
      SELECT s.status::text AS status,
             (SELECT count(*) FROM orders o WHERE o.status = s.status AND o.created_at >= ${since}) AS count
        FROM unnest(enum_range(NULL::order_status)) AS s(status)`,
    // orders_escrow_held_idx holds exactly these rows.
    db.$queryRaw<{ count: bigint; amount: bigint }[]>`
      SELECT count(*) AS count, coalesce(sum(amount_fils - voided_fils), 0)::bigint AS amount
        FROM orders WHERE status IN (${ESCROW_HELD}) AND flow = 'ESCROW'`,
    db.$queryRaw<{ count: bigint; amount: bigint }[]>`
      SELECT count(*) AS count, coalesce(sum(amount_fils), 0)::bigint AS amount
        FROM refunds WHERE status IN (${REFUNDS_IN_FLIGHT})`,
  ]);
}

const ACCEPT_SENT = {
  type: "ACCEPT",
  status: { in: ["CREATED", "UNKNOWN", "RETRY"] },
} satisfies Prisma.EscrowOperationWhereInput;

async function attention(
  ctx: DashboardReads,
  where: Prisma.OrderWhereInput,
  count: () => Promise<number> = () => ctx.readModel.order.count({ where }),
) {
  const [total, orders] = await Promise.all([
    count(),
    ctx.readModel.order.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: ATTENTION_LIMIT,
      select: ORDER_LIST_COLUMNS,
    }),
  ]);
  return { count: total, orders };
}

/**
 * Paid escrow orders not yet accepted (and no accept on its way), counted on orders_escrow_held_idx
 * less the few with an accept in flight (escrow_operations by status). Its predicate must be
 * written as constants: Prisma sends values as parameters, and PostgreSQL only uses a partial index
 * when it can prove the predicate from the query text (with parameters it counts every paid order).
 */
async function countAwaitingAccept(ctx: DashboardReads): Promise<number> {
  const [row] = await ctx.readModel.$queryRaw<{ count: bigint }[]>`
    SELECT (SELECT count(*) FROM orders WHERE flow = 'ESCROW' AND status = 'PAID')
         - (SELECT count(DISTINCT e.order_id) FROM escrow_operations e JOIN orders o ON o.id = e.order_id
             WHERE e.status IN ('CREATED', 'UNKNOWN', 'RETRY') AND e.type = 'ACCEPT'
               AND o.flow = 'ESCROW' AND o.status = 'PAID') AS count`;
  return Number(row?.count ?? 0);
}

/** Every day of the window, with zeros for days without payments (a chart needs the gaps). */
function fillDays(since: Date, rows: { day: string; count: bigint; amount: bigint }[]): DayVolume[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
    const day = baghdadDate(new Date(since.getTime() + index * 86_400_000));
    const row = byDay.get(day);
    return { day, count: Number(row?.count ?? 0), amountFils: row?.amount ?? 0n };
  });
}
