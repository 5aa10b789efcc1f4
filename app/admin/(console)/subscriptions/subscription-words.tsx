// How the subscription pages name a plan ("Coffee club · every month") and a subscription's state
// ("Active", and "ends at the period's end" when it is cancelled to come).
import { SubscriptionStatusBadge } from "@/app/admin/_ui/badges";
import { dynamicKey, type Locale, type Translate } from "@/lib/console/i18n/translate";
import type { BillingInterval, SubscriptionStatus } from "@/lib/platform/db";

interface PlanWords {
  name: string;
  nameArabic: string;
  intervalUnit: BillingInterval;
  intervalCount: number;
}

/** "every month", "every 2 weeks", "كل سنة": ICU plurals per unit. */
export function planPeriodWords(
  plan: Pick<PlanWords, "intervalUnit" | "intervalCount">,
  t: Translate,
): string {
  return t(dynamicKey("subscriptions.every", plan.intervalUnit), { count: plan.intervalCount });
}

export function PlanName({ plan, locale, t }: { plan: PlanWords; locale: Locale; t: Translate }) {
  return (
    <>
      <bdi>{locale === "ar" ? plan.nameArabic : plan.name}</bdi>
      <div className="sub muted">{planPeriodWords(plan, t)}</div>
    </>
  );
}

export function SubscriptionBadge({
  subscription,
  t,
}: {
  subscription: { status: SubscriptionStatus; cancelAtPeriodEnd: boolean };
  t: Translate;
}) {
  return (
    <>
      <SubscriptionStatusBadge status={subscription.status} t={t} />
      {subscription.cancelAtPeriodEnd && subscription.status !== "CANCELLED" ? (
        <div className="sub">{t("subscriptions.endsAtPeriodEnd")}</div>
      ) : null}
    </>
  );
}
