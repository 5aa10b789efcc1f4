// An operator's refund limits (their role's: per refund, and per Baghdad day) and what counts
// against them. Everything an operator sends back to a customer on their own counts the same way:
// refunds of captured money, and escrow cancels and voids, which give held money back — otherwise
// a cancel or void would be a way round the limits a refund of the same amount is held to. What
// another operator approved was that operator's decision and does not count; nor does anything
// the wallet refused, which moved no money.
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Prisma, PrismaClient } from "@/lib/platform/db";
import { baghdadMidnight } from "@/lib/platform/time/baghdad-day";
import { type LimitPassed, limitPassed, type RefundLimitsNow } from "./limit-passed";

export type { LimitPassed };

export interface LimitAsk {
  amountFils: bigint;
  operator: Pick<OperatorIdentity, "id" | "refundLimits">;
}

export const actorOf = (operatorId: string) => `operator:${operatorId}`;

/**
 * Serializes one operator's money-returning actions until the transaction ends, so two sent at the
 * same moment cannot both slip under the daily limit.
 */
export async function lockRefundLimits(tx: Prisma.TransactionClient, operatorId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`refund-limit:${operatorId}`}))`;
}

/** Which of the operator's limits `amountFils` would pass, if any (call under lockRefundLimits). */
export async function overRefundLimits(
  ctx: Pick<ServiceContext, "now">,
  tx: Prisma.TransactionClient,
  ask: LimitAsk,
): Promise<LimitPassed | null> {
  if (limitPassed(ask.amountFils, { ...ask.operator.refundLimits, refundedTodayFils: 0n }) === "PER_REFUND") {
    return "PER_REFUND";
  }
  return limitPassed(ask.amountFils, await refundLimitsNow(tx, ask.operator, ctx.now()));
}

/**
 * The operator's limits as they stand now, with what they gave back on their own today: what the
 * console's review checks an amount against, to say before sending that it will wait for approval.
 */
export async function refundLimitsNow(
  db: PrismaClient | Prisma.TransactionClient,
  operator: LimitAsk["operator"],
  now: Date,
): Promise<RefundLimitsNow> {
  const { perRefundFils, perDayFils } = operator.refundLimits;
  const refundedTodayFils =
    perDayFils === null ? 0n : await returnedToday(db, actorOf(operator.id), baghdadMidnight(now));
  return { perRefundFils, perDayFils, refundedTodayFils };
}

/**
 * What `actor` gave back on their own since `since`: refunds, plus escrow cancels (the order's
 * amount: a cancel comes before any void) and voids. An approved request's refund or operation
 * carries the request's id, which is how those are left out.
 */
async function returnedToday(
  db: PrismaClient | Prisma.TransactionClient,
  actor: string,
  since: Date,
): Promise<bigint> {
  const [row] = await db.$queryRaw<{ total: bigint }[]>`
    SELECT (
      SELECT coalesce(sum(r.amount_fils), 0) FROM refunds r
       WHERE r.requested_by = ${actor} AND r.created_at >= ${since} AND r.status <> 'FAIL'
         AND NOT EXISTS (SELECT 1 FROM refund_requests rr WHERE rr.refund_id = r.id)
    ) + (
      SELECT coalesce(sum(CASE WHEN e.type = 'CANCEL' THEN o.amount_fils ELSE e.amount_fils END), 0)
        FROM escrow_operations e JOIN orders o ON o.id = e.order_id
       WHERE e.requested_by = ${actor} AND e.created_at >= ${since} AND e.status <> 'FAIL'
         AND e.type IN ('CANCEL', 'VOID')
         AND NOT EXISTS (SELECT 1 FROM refund_requests rr WHERE rr.id = e.id)
    ) AS total`;
  return BigInt(row?.total ?? 0);
}
