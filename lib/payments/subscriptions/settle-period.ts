// Settles a CHARGING period from its order's committed outcome, and only from that: PAID pays the
// period and schedules the next; FAILED or CLOSED is a failed try (record-failed-try.ts); anything
// else (CREATED, UNKNOWN, PENDING) is still at the wallet, and the period waits for reconciliation to
// settle the order with the same paymentRequestId (never a new one). Called right after `pay`
// answers, and by the billing scan for periods whose order settled later.
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Order, Prisma, SubscriptionPeriod } from "@/lib/platform/db";
import { failureKindOf } from "./dunning";
import { type LockedSubscription, lockPeriod } from "./locked-subscription";
import { movePeriod } from "./period-state";
import { type FailedTryOutcome, recordFailedTry } from "./record-failed-try";
import { scheduleNextPeriod } from "./schedule-next-period";
import {
  announceSubscription,
  moveSubscription,
  recordSubscriptionStep,
  subscriptionEventData,
} from "./subscription-state";

/** How soon the scan looks again at a period whose order is still unsettled. */
export const CHECK_BACK_MS = 2 * 60_000;

export type SettleOutcome = "paid" | FailedTryOutcome | "retry-now" | "in-flight" | "nothing-to-do";

export interface SettleOptions {
  /** The wallet refused the token and a refresh gave a new one: try again at once, not a failure. */
  retryNow?: boolean;
  actor?: string;
}

export async function settlePeriod(
  ctx: ServiceContext,
  periodId: string,
  options: SettleOptions = {},
): Promise<SettleOutcome> {
  const actor = options.actor ?? "worker:subscriptions";
  return ctx.prisma.$transaction(async (tx) => {
    const locked = await lockPeriod(tx, periodId);
    const orderId = locked?.period.status === "CHARGING" ? locked.period.orderId : null;
    if (!locked || !orderId) return "nothing-to-do";
    const { subscription, period } = locked;
    const order = await tx.order.findUniqueOrThrow({ where: { id: orderId } });
    const now = ctx.now();
    if (order.status === "PAID") {
      await recordPaidPeriod(tx, now, subscription, period, order, actor);
      return "paid";
    }
    if (order.status === "FAILED" || order.status === "CLOSED") {
      // One free try after a refresh per failure: a wallet that refuses every new token is a failure.
      if (options.retryNow && period.attempts <= period.failedTries + 1) {
        await movePeriod(tx, period.id, "CHARGING", "SCHEDULED", { nextAttemptAt: now, orderId: null });
        return "retry-now";
      }
      const resultCode = order.resultCode ?? (order.status === "CLOSED" ? "ORDER_CLOSED" : "FAILED");
      const failure = { orderId: order.id, resultCode, kind: failureKindOf(order.resultCode) };
      return recordFailedTry(tx, now, subscription, period, failure, actor);
    }
    await tx.subscriptionPeriod.update({
      where: { id: period.id },
      data: { nextAttemptAt: new Date(now.getTime() + CHECK_BACK_MS), leaseUntil: null },
    });
    return "in-flight";
  });
}

async function recordPaidPeriod(
  tx: Prisma.TransactionClient,
  now: Date,
  subscription: LockedSubscription,
  period: SubscriptionPeriod,
  order: Order,
  actor: string,
): Promise<void> {
  await movePeriod(tx, period.id, "CHARGING", "PAID", {
    paidAt: order.paidAt ?? now,
    nextAttemptAt: null,
    leaseUntil: null,
    lastResultCode: order.resultCode ?? "SUCCESS",
  });
  const accessUntil =
    subscription.currentPeriodEnd && subscription.currentPeriodEnd > period.endsAt
      ? subscription.currentPeriodEnd
      : period.endsAt;
  await tx.subscription.update({
    where: { id: subscription.id },
    data: { currentPeriod: period.number, currentPeriodEnd: accessUntil, pastDueAt: null },
  });
  if (subscription.status !== "ACTIVE") await moveSubscription(tx, subscription, { to: "ACTIVE", actor });
  await recordSubscriptionStep(tx, subscription, {
    type: "PERIOD_PAID",
    actor,
    detail: { period: period.number, orderId: order.id, amountFils: order.amountFils.toString() },
  });
  const now_ = await tx.subscription.findUniqueOrThrow({
    where: { id: subscription.id },
    include: { plan: { select: { sku: true } } },
  });
  await announceSubscription(tx, "subscription.renewed", {
    ...subscriptionEventData(now_, subscription.status, period.number),
    orderId: order.id,
    amountFils: order.amountFils.toString(),
  });
  await scheduleNextPeriod(tx, subscription, period);
}
