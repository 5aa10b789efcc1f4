// The period after a settled one, written in the same transaction that settled it: the next charge
// exists only because this one's outcome committed, and exactly once (unique subscription + number).
import type { Prisma, SubscriptionPeriod } from "@/lib/platform/db";
import { periodEnd } from "./billing-period";
import type { LockedSubscription } from "./locked-subscription";

export function scheduleNextPeriod(
  tx: Prisma.TransactionClient,
  subscription: LockedSubscription,
  settled: Pick<SubscriptionPeriod, "number" | "endsAt">,
) {
  const number = settled.number + 1;
  const startsAt = settled.endsAt;
  const endsAt = periodEnd(
    subscription.plan,
    subscription.billingAnchor,
    number - subscription.anchorPeriod + 1,
  );
  return tx.subscriptionPeriod.create({
    data: {
      subscriptionId: subscription.id,
      number,
      startsAt,
      endsAt,
      // Today's price: a price change applies from the next period created after it.
      amountFils: subscription.plan.product.priceFils,
      currency: subscription.plan.product.currency,
      nextAttemptAt: startsAt,
    },
  });
}
