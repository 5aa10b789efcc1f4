// Pause, resume and cancel, by the customer (the mini program) or an operator. Each runs under the
// subscription's lock and is refused while a charge is at the wallet (OPERATION_IN_PROGRESS: try
// again in a moment), so a pause or a cancel never races a charge: once it commits, no charge starts.
//
// Dates (docs/subscriptions.md, "Pause and resume"): a pause keeps what the customer paid for. The
// time left of the current period when paused (none, if it had already ended) is given back at the
// resume: access runs until resume + that time, and the next period starts then, so every later
// charge moves by the length of the pause.
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Prisma } from "@/lib/platform/db";
import { NotFoundError, StateInvalidError } from "@/lib/platform/errors/domain-errors";
import { periodBounds } from "./billing-period";
import { type LockedSubscription, lockSubscription } from "./locked-subscription";
import { movePeriod } from "./period-state";
import { moveSubscription, recordSubscriptionStep } from "./subscription-state";

export interface Changer {
  /** Who asks: `customer:<id>` or `operator:<id>`. */
  actor: string;
  /** A customer may only change their own; operators any. */
  customerId?: string;
  /** Written in the change's transaction once it is made (an operator's audit entry). */
  record?: (tx: Prisma.TransactionClient, before: LockedSubscription) => Promise<unknown>;
}

async function withLockedSubscription<T>(
  ctx: ServiceContext,
  subscriptionId: string,
  changer: Changer,
  change: (tx: Prisma.TransactionClient, subscription: LockedSubscription) => Promise<T>,
): Promise<T> {
  return ctx.prisma.$transaction(async (tx) => {
    const subscription = await lockSubscription(tx, subscriptionId);
    if (!subscription || (changer.customerId && subscription.customerId !== changer.customerId)) {
      throw new NotFoundError("No such subscription.");
    }
    const charging = await tx.subscriptionPeriod.count({ where: { subscriptionId, status: "CHARGING" } });
    if (charging > 0) {
      throw new StateInvalidError(
        "A charge of this subscription is at the wallet right now; try again in a minute.",
        { subscriptionId },
        "OPERATION_IN_PROGRESS",
      );
    }
    const result = await change(tx, subscription);
    await changer.record?.(tx, subscription);
    return result;
  });
}

function refuse(subscription: LockedSubscription, what: string): never {
  const state = subscription.status.toLowerCase().replace("_", " ");
  throw new StateInvalidError(
    `${/^[aeiou]/.test(state) ? "An" : "A"} ${state} subscription cannot be ${what}.`,
    {
      status: subscription.status,
    },
  );
}

export function pauseSubscription(ctx: ServiceContext, subscriptionId: string, changer: Changer) {
  return withLockedSubscription(ctx, subscriptionId, changer, async (tx, subscription) => {
    if (subscription.status !== "ACTIVE" && subscription.status !== "TRIALING")
      refuse(subscription, "paused");
    await moveSubscription(tx, subscription, {
      to: "PAUSED",
      actor: changer.actor,
      data: { pausedAt: ctx.now() },
    });
  });
}

export function resumeSubscription(ctx: ServiceContext, subscriptionId: string, changer: Changer) {
  return withLockedSubscription(ctx, subscriptionId, changer, async (tx, subscription) => {
    // Resuming one that is set to end at the period's end takes the cancellation back.
    if (subscription.cancelAtPeriodEnd && subscription.status !== "CANCELLED") {
      await tx.subscription.update({ where: { id: subscription.id }, data: { cancelAtPeriodEnd: false } });
      await recordSubscriptionStep(tx, subscription, {
        type: "CANCELLATION_WITHDRAWN",
        actor: changer.actor,
      });
      if (subscription.status !== "PAUSED") return;
    }
    if (subscription.status !== "PAUSED" || !subscription.pausedAt) refuse(subscription, "resumed");
    await moveDatesAfterPause(tx, ctx.now(), subscription, subscription.pausedAt);
    const paid = await tx.subscriptionPeriod.count({
      where: { subscriptionId: subscription.id, status: "PAID" },
    });
    await moveSubscription(tx, subscription, {
      to: paid > 0 ? "ACTIVE" : "TRIALING",
      actor: changer.actor,
      data: { pausedAt: null },
      detail: { pausedAt: subscription.pausedAt.toISOString() },
    });
  });
}

async function moveDatesAfterPause(
  tx: Prisma.TransactionClient,
  now: Date,
  subscription: LockedSubscription,
  pausedAt: Date,
): Promise<void> {
  const end = subscription.currentPeriodEnd;
  const left = end && end > pausedAt ? end.getTime() - pausedAt.getTime() : 0;
  const restart = new Date(now.getTime() + left);
  const open = await tx.subscriptionPeriod.findFirst({
    where: { subscriptionId: subscription.id, status: "SCHEDULED" },
  });
  await tx.subscription.update({
    where: { id: subscription.id },
    data: {
      ...(end ? { currentPeriodEnd: restart > end ? restart : end } : {}),
      ...(open ? { billingAnchor: restart, anchorPeriod: open.number } : {}),
    },
  });
  if (!open) return;
  const bounds = periodBounds(subscription.plan, restart, 1);
  // A period whose charge was failing when paused is tried again at once; otherwise at its new start.
  await tx.subscriptionPeriod.update({
    where: { id: open.id },
    data: { ...bounds, nextAttemptAt: open.firstFailedAt ? now : bounds.startsAt, leaseUntil: null },
  });
}

export interface CancelInput {
  /** True: at the end of the period paid for (nothing more is charged). False: now. */
  atPeriodEnd: boolean;
  /** Operators may always cancel now; customers only where the plan allows. */
  byOperator?: boolean;
}

export function cancelSubscription(
  ctx: ServiceContext,
  subscriptionId: string,
  changer: Changer,
  input: CancelInput,
) {
  return withLockedSubscription(ctx, subscriptionId, changer, async (tx, subscription) => {
    if (subscription.status === "CANCELLED") refuse(subscription, "cancelled again");
    const periodEndApplies = subscription.status === "ACTIVE" || subscription.status === "TRIALING";
    if (input.atPeriodEnd && periodEndApplies) {
      await tx.subscription.update({ where: { id: subscription.id }, data: { cancelAtPeriodEnd: true } });
      await recordSubscriptionStep(tx, subscription, {
        type: "CANCELLATION_SCHEDULED",
        actor: changer.actor,
      });
      return;
    }
    // Paused, past due or pending: nothing paid is running, so "at the period's end" is now.
    if (!input.atPeriodEnd && periodEndApplies && !input.byOperator && !subscription.plan.allowCancelNow) {
      throw new StateInvalidError(
        "This plan is cancelled at the end of the period paid for: cancel with atPeriodEnd.",
      );
    }
    const open = await tx.subscriptionPeriod.findMany({
      where: { subscriptionId: subscription.id, status: "SCHEDULED" },
    });
    for (const period of open) await movePeriod(tx, period.id, "SCHEDULED", "VOID", { nextAttemptAt: null });
    const reason = input.byOperator ? "OPERATOR" : "CUSTOMER";
    await moveSubscription(tx, subscription, {
      to: "CANCELLED",
      actor: changer.actor,
      reason,
      data: { cancelledAt: ctx.now(), cancelReason: reason },
    });
  });
}
