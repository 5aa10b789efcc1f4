// What a failed try does to its period and subscription (docs/subscriptions.md, "Dunning"), in the
// transaction that holds the subscription's lock:
//
// - the first charge of a subscription (no free period before it): nothing was ever paid for, so the
//   subscription is cancelled at once and the customer, who is in the mini program, sees why;
// - a renewal with tries left: the period waits for the plan's next retry time; the customer keeps
//   access through the grace, after which (or at once, when only the customer can fix it) the
//   subscription is PAST_DUE;
// - a renewal with no try left: the period is UNPAID and the subscription CANCELLED.
//
// Each failed try is `subscription.payment_failed` and a line on the subscription's timeline.
import type { Prisma, SubscriptionPeriod } from "@/lib/platform/db";
import { type FailureKind, graceEndsAt, nextRetryAt } from "./dunning";
import type { LockedSubscription } from "./locked-subscription";
import { movePeriod } from "./period-state";
import {
  announceSubscription,
  moveSubscription,
  recordSubscriptionStep,
  subscriptionEventData,
} from "./subscription-state";

export interface FailedTry {
  /** The try's order; null when no charge could even be sent (no usable agreement). */
  orderId: string | null;
  resultCode: string;
  kind: FailureKind;
}

export type FailedTryOutcome = "retry-scheduled" | "past-due" | "cancelled";

export async function recordFailedTry(
  tx: Prisma.TransactionClient,
  now: Date,
  subscription: LockedSubscription,
  period: SubscriptionPeriod,
  failure: FailedTry,
  actor: string,
): Promise<FailedTryOutcome> {
  const failedTries = period.failedTries + 1;
  const firstFailedAt = period.firstFailedAt ?? now;
  const firstCharge = subscription.status === "PENDING";
  const next = firstCharge
    ? null
    : nextRetryAt(subscription.plan.retryScheduleHours, firstFailedAt, failedTries);
  const failure_ = {
    lastResultCode: failure.resultCode,
    lastFailureKind: failure.kind,
    failedTries,
    firstFailedAt,
  };
  await movePeriod(tx, period.id, period.status, next ? "SCHEDULED" : "UNPAID", {
    ...failure_,
    nextAttemptAt: next,
    orderId: null,
    leaseUntil: null,
  });
  await recordSubscriptionStep(tx, subscription, {
    type: "PERIOD_CHARGE_FAILED",
    actor,
    detail: {
      period: period.number,
      tries: failedTries,
      ...failure,
      nextAttemptAt: next?.toISOString() ?? null,
    },
  });
  await announceSubscription(tx, "subscription.payment_failed", {
    ...subscriptionEventData(subscription, null, period.number),
    previousStatus: subscription.status,
    orderId: failure.orderId,
    resultCode: failure.resultCode,
    failureKind: failure.kind,
    nextAttemptAt: next?.toISOString() ?? null,
  });
  if (!next) {
    const reason = firstCharge ? "FIRST_CHARGE_FAILED" : "UNPAID";
    await moveSubscription(tx, subscription, {
      to: "CANCELLED",
      actor,
      reason,
      data: { cancelledAt: now, cancelReason: reason },
    });
    return "cancelled";
  }
  const graceOver = now >= graceEndsAt(subscription.plan.graceHours, firstFailedAt);
  if ((failure.kind === "CUSTOMER" || graceOver) && subscription.status !== "PAST_DUE") {
    await moveSubscription(tx, subscription, { to: "PAST_DUE", actor, data: { pastDueAt: now } });
    return "past-due";
  }
  return "retry-scheduled";
}
