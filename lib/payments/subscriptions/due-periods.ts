// The billing scan's questions (workers/subscriptions.ts), each one statement on an index, so that
// whatever was missed (an outage, a lost delayed job, Redis restarted empty) is found from PostgreSQL
// alone:
//
// - periods due for a try (SCHEDULED, next try passed, subscription billed), and CHARGING periods
//   whose order has settled since (reconciliation, a notification), or whose check-back time passed;
// - subscriptions whose grace after a failed charge is over: past due.
//
// Due periods are *claimed*: `lease_until` moves ahead in the same statement, so the next scan (or
// one in another process) does not enqueue them again while their job waits. A lost job's claim
// lapses and a later scan finds the period again; duplicates are harmless anyway (start-try.ts).
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { statusListSql } from "@/lib/platform/state/status-list-sql";
import { lockSubscription } from "./locked-subscription";
import { BILLED_STATUSES, moveSubscription } from "./subscription-state";

const BILLED = statusListSql(BILLED_STATUSES);

export async function claimDuePeriods(
  ctx: ServiceContext,
  window: { now: Date; leaseUntil: Date; limit: number },
): Promise<string[]> {
  const rows = await ctx.prisma.$queryRaw<{ id: string }[]>`
    UPDATE subscription_periods SET lease_until = ${window.leaseUntil}
    WHERE id IN (
      SELECT p.id FROM subscription_periods p JOIN subscriptions s ON s.id = p.subscription_id
      WHERE p.status IN ('SCHEDULED', 'CHARGING')
        AND (p.lease_until IS NULL OR p.lease_until <= ${window.now})
        AND CASE WHEN p.status = 'SCHEDULED' THEN p.next_attempt_at <= ${window.now} AND s.status IN (${BILLED})
                 -- A try at the wallet: look again when its order settled (reconciliation, a
                 -- notification), or at its check-back time in any case.
                 ELSE p.next_attempt_at <= ${window.now}
                   OR EXISTS (SELECT 1 FROM orders o WHERE o.id = p.order_id AND o.status IN ('PAID', 'FAILED', 'CLOSED'))
            END
      ORDER BY p.next_attempt_at
      LIMIT ${window.limit}
      FOR UPDATE OF p SKIP LOCKED)
    RETURNING id`;
  return rows.map((row) => row.id);
}

/** Subscriptions still ACTIVE or TRIALING whose failing period's grace has run out. */
export async function findGraceOver(ctx: ServiceContext, now: Date, limit: number): Promise<string[]> {
  const rows = await ctx.prisma.$queryRaw<{ id: string }[]>`
    SELECT s.id FROM subscriptions s
      JOIN subscription_plans plan ON plan.id = s.plan_id
      JOIN subscription_periods p ON p.subscription_id = s.id
    WHERE s.status IN ('ACTIVE', 'TRIALING') AND p.status = 'SCHEDULED' AND p.first_failed_at IS NOT NULL
      AND p.first_failed_at + make_interval(hours => plan.grace_hours) <= ${now}
    LIMIT ${limit}`;
  return rows.map((row) => row.id);
}

/** Moves one subscription past due if, under its lock, its grace is still over. */
export async function markPastDue(ctx: ServiceContext, subscriptionId: string): Promise<boolean> {
  return ctx.prisma.$transaction(async (tx) => {
    const subscription = await lockSubscription(tx, subscriptionId);
    if (!subscription || (subscription.status !== "ACTIVE" && subscription.status !== "TRIALING"))
      return false;
    const now = ctx.now();
    const failing = await tx.subscriptionPeriod.findFirst({
      where: { subscriptionId, status: "SCHEDULED", firstFailedAt: { not: null } },
    });
    const graceEnds = failing?.firstFailedAt
      ? failing.firstFailedAt.getTime() + subscription.plan.graceHours * 3_600_000
      : Number.POSITIVE_INFINITY;
    if (graceEnds > now.getTime()) return false;
    return moveSubscription(tx, subscription, {
      to: "PAST_DUE",
      actor: "worker:subscriptions",
      data: { pastDueAt: now },
      detail: { reason: "GRACE_OVER", period: failing?.number },
    });
  });
}
