// An operator's "charge now" for a period being dunned (its charge failed, its next try scheduled):
// the period's next try is moved to now under the subscription's lock, then charged by the billing
// engine's own step (charge-period.ts), with the same paymentRequestId derivation as every try
// (sub_<subscription>_<period>_<try>). Nothing here sends to the wallet itself, so what keeps a
// period from being charged twice keeps holding: the try's order is committed before `pay`, a
// second job (or a second click) finds the period CHARGING and sends nothing, and a paid period is
// never tried again.
//
// `attemptsSeen` is the number of tries the operator saw: if a try started since (the scan, another
// operator, a second click), the request is refused rather than trying once more on their behalf.
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Prisma } from "@/lib/platform/db";
import { NotFoundError, StateInvalidError } from "@/lib/platform/errors/domain-errors";
import type { Changer } from "./change-subscription";
import { type ChargeOutcome, chargePeriod } from "./charge-period";
import { type LockedSubscription, lockSubscription } from "./locked-subscription";
import { BILLED_STATUSES, recordSubscriptionStep } from "./subscription-state";

export interface RetryInput {
  period: number;
  attemptsSeen: number;
}

export async function retryPeriodNow(
  ctx: ServiceContext,
  subscriptionId: string,
  changer: Changer,
  input: RetryInput,
): Promise<{ periodId: string; outcome: ChargeOutcome }> {
  const periodId = await ctx.prisma.$transaction(async (tx) => {
    const subscription = await lockSubscription(tx, subscriptionId);
    if (!subscription) throw new NotFoundError("No such subscription.");
    const period = await tx.subscriptionPeriod.findUnique({
      where: { subscriptionId_number: { subscriptionId, number: input.period } },
    });
    if (!period) throw new NotFoundError(`This subscription has no period ${input.period}.`);
    if (period.status === "CHARGING") {
      throw new StateInvalidError(
        "This period's charge is at the wallet right now; its outcome shows in a moment.",
        { period: period.number },
        "OPERATION_IN_PROGRESS",
      );
    }
    assertRetryable(subscription, period, input);
    await tx.subscriptionPeriod.update({
      where: { id: period.id },
      data: { nextAttemptAt: ctx.now(), leaseUntil: null },
    });
    await recordSubscriptionStep(tx, subscription, {
      type: "CHARGE_RETRY_REQUESTED",
      actor: changer.actor,
      detail: { period: period.number, attempt: period.attempts + 1 },
    });
    await changer.record?.(tx, subscription);
    return period.id;
  });
  return { periodId, outcome: await chargePeriod(ctx, periodId, changer.actor) };
}

function assertRetryable(
  subscription: LockedSubscription,
  period: Prisma.SubscriptionPeriodGetPayload<object>,
  input: RetryInput,
): void {
  if (period.status !== "SCHEDULED" || !period.firstFailedAt) {
    throw new StateInvalidError(
      `Period ${period.number} is ${period.status.toLowerCase()}: only a period whose charge failed can be charged now.`,
      { period: period.number, status: period.status },
    );
  }
  if (!BILLED_STATUSES.includes(subscription.status) || subscription.cancelAtPeriodEnd) {
    throw new StateInvalidError(
      `A ${subscription.status.toLowerCase().replace("_", " ")} subscription${subscription.cancelAtPeriodEnd ? " ending at its period's end" : ""} is not charged.`,
      { status: subscription.status },
    );
  }
  if (period.attempts !== input.attemptsSeen) {
    throw new StateInvalidError(
      `Period ${period.number} was tried again since (try ${period.attempts}, you saw ${input.attemptsSeen}): look at its outcome first.`,
      { period: period.number, attempts: period.attempts },
      "OPERATION_IN_PROGRESS",
    );
  }
}
