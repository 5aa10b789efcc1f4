// The money of a day (or any range of Baghdad days), as a shop closes it — each figure defined once
// here, for its total on the dashboard and for the list of the orders that make it (the order list's
// `money` filter, and the CSV export's SQL):
//
//   paid       cashier and agreement payments the wallet completed in the range (paid_at)
//   released   escrow money the customer released to the shop in the range (a CONFIRM that succeeded)
//   refunded   refunds the wallet confirmed in the range (refunded_at; "refunded" as
//              lib/payments/refunds/refund-figures.ts defines it: never awaiting approval or in flight)
//   net        paid + released − refunded: what the range brought in
//   taken      escrow payments made in the range: the wallet holds them, the shop does not have them yet
//   returned   escrow money given back in the range (a CANCEL or a VOID that succeeded)
//   held       escrow money the wallet holds for the shop now, whatever the range
//
// So an escrow order paid and cancelled the same day adds nothing to "paid", and money still in
// escrow is shown as held, never as received.

import { ESCROW_HELD_STATUSES } from "@/lib/payments/orders/order-state";
import { REFUND_CONFIRMED } from "@/lib/payments/refunds/refund-figures";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Prisma } from "@/lib/platform/db";
import { statusListSql } from "@/lib/platform/state/status-list-sql";

import { MONEY_FIGURES, type MoneyFigure } from "./money-figure-names";

export interface MoneyRange {
  from: Date;
  /** Exclusive. */
  to: Date;
}

const ESCROW_HELD = statusListSql(ESCROW_HELD_STATUSES);
const CONFIRMED = statusListSql([REFUND_CONFIRMED]);

/** The orders that make a figure, as a Prisma filter (the order list). */
export function ordersOfFigure(figure: MoneyFigure, range: MoneyRange): Prisma.OrderWhereInput {
  const during = { gte: range.from, lt: range.to };
  switch (figure) {
    case "paid":
      return { flow: { not: "ESCROW" }, paidAt: during };
    case "released":
      return { escrowOperations: { some: { type: "CONFIRM", status: "SUCCESS", completedAt: during } } };
    case "refunded":
      return { refunds: { some: { status: REFUND_CONFIRMED, refundedAt: during } } };
    case "taken":
      return { flow: "ESCROW", paidAt: during };
    case "returned":
      return {
        escrowOperations: {
          some: { type: { in: ["CANCEL", "VOID"] }, status: "SUCCESS", completedAt: during },
        },
      };
    case "held":
      return { flow: "ESCROW", status: { in: [...ESCROW_HELD_STATUSES] } };
  }
}

/** The same filter as SQL on `orders`, for the CSV export; $from and $to are the placeholders given. */
export function ordersOfFigureSql(figure: MoneyFigure, from: string, to: string): string {
  const operation = (types: string) =>
    `EXISTS (SELECT 1 FROM escrow_operations e WHERE e.order_id = orders.id AND e.type IN (${types})
             AND e.status = 'SUCCESS' AND e.completed_at >= ${from} AND e.completed_at < ${to})`;
  switch (figure) {
    case "paid":
      return `(flow <> 'ESCROW' AND paid_at >= ${from} AND paid_at < ${to})`;
    case "released":
      return operation("'CONFIRM'");
    case "refunded":
      return `EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = orders.id AND r.status = '${REFUND_CONFIRMED}'
                      AND r.refunded_at >= ${from} AND r.refunded_at < ${to})`;
    case "taken":
      return `(flow = 'ESCROW' AND paid_at >= ${from} AND paid_at < ${to})`;
    case "returned":
      return operation("'CANCEL', 'VOID'");
    case "held":
      return `(flow = 'ESCROW' AND status IN (${ESCROW_HELD.sql}))`;
  }
}

interface FigureTotal {
  count: number;
  amountFils: bigint;
}

export type MoneyFigures = Record<MoneyFigure, FigureTotal> & { net: { amountFils: bigint } };

/** Every figure's total for the range, in one round trip; each sum reads its own index. */
export async function moneyFigures(
  ctx: Pick<ServiceContext, "prisma">,
  range: MoneyRange,
): Promise<MoneyFigures> {
  const { from, to } = range;
  const [row] = await ctx.prisma.$queryRaw<Record<`${MoneyFigure}_${"count" | "amount"}`, bigint>[]>`
    WITH paid AS (
      SELECT count(*) AS n, coalesce(sum(amount_fils), 0) AS fils FROM orders
       WHERE paid_at >= ${from} AND paid_at < ${to} AND flow <> 'ESCROW'),
    taken AS (
      SELECT count(*) AS n, coalesce(sum(amount_fils), 0) AS fils FROM orders
       WHERE paid_at >= ${from} AND paid_at < ${to} AND flow = 'ESCROW'),
    released AS (
      SELECT count(*) AS n, coalesce(sum(o.amount_fils - o.voided_fils), 0) AS fils
        FROM escrow_operations e JOIN orders o ON o.id = e.order_id
       WHERE e.type = 'CONFIRM' AND e.status = 'SUCCESS' AND e.completed_at >= ${from} AND e.completed_at < ${to}),
    returned AS (
      SELECT count(*) AS n,
             coalesce(sum(CASE WHEN e.type = 'VOID' THEN coalesce(e.amount_fils, 0) ELSE o.amount_fils - o.voided_fils END), 0) AS fils
        FROM escrow_operations e JOIN orders o ON o.id = e.order_id
       WHERE e.type IN ('CANCEL', 'VOID') AND e.status = 'SUCCESS' AND e.completed_at >= ${from} AND e.completed_at < ${to}),
    refunded AS (
      SELECT count(*) AS n, coalesce(sum(amount_fils), 0) AS fils FROM refunds
       WHERE status IN (${CONFIRMED}) AND refunded_at >= ${from} AND refunded_at < ${to}),
    held AS (
      SELECT count(*) AS n, coalesce(sum(amount_fils - voided_fils), 0) AS fils FROM orders
       WHERE flow = 'ESCROW' AND status IN (${ESCROW_HELD}))
    SELECT paid.n AS paid_count, paid.fils::bigint AS paid_amount,
           released.n AS released_count, released.fils::bigint AS released_amount,
           refunded.n AS refunded_count, refunded.fils::bigint AS refunded_amount,
           taken.n AS taken_count, taken.fils::bigint AS taken_amount,
           returned.n AS returned_count, returned.fils::bigint AS returned_amount,
           held.n AS held_count, held.fils::bigint AS held_amount
      FROM paid, released, refunded, taken, returned, held`;
  const figure = (key: MoneyFigure): FigureTotal => ({
    count: Number(row?.[`${key}_count`] ?? 0n),
    amountFils: row?.[`${key}_amount`] ?? 0n,
  });
  const figures = Object.fromEntries(MONEY_FIGURES.map((key) => [key, figure(key)])) as Record<
    MoneyFigure,
    FigureTotal
  >;
  return {
    ...figures,
    net: { amountFils: figures.paid.amountFils + figures.released.amountFils - figures.refunded.amountFils },
  };
}
