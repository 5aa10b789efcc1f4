// Example hook: tell the customer, in the language they subscribed in, when a subscription's charge
// fails (with when it is tried again and how to fix it), when it goes past due, and when it is
// cancelled for want of payment (lib/payments/subscriptions/subscription-notices.ts). One push per
// subscription, period and kind (lib/payments/subscriptions/subscription-pushes.ts), each a line on the
// subscription's timeline: a retried hook, or a second failed try of the same period, sends nothing
// more. This is also where a fork revokes access on `subscription.past_due` or `.cancelled` and grants
// it on `.renewed`. (Reminders before a charge are the billing scan's, not this hook's.)
import { defineHook } from "@/lib/events/hooks";
import { type NoticeKind, subscriptionNotice } from "@/lib/payments/subscriptions/subscription-notices";
import { sendSubscriptionNotice } from "@/lib/payments/subscriptions/subscription-pushes";
import { hookSettings } from "./settings";

export default defineHook({
  name: "subscription-notices",
  event: ["subscription.payment_failed", "subscription.past_due", "subscription.cancelled"],
  async handle(event, { services, db, log }) {
    const appId = hookSettings().miniAppId;
    if (appId === undefined) {
      log.warn("MINI_APP_ID is not set: no subscription push (the wallet needs the app id in the link)");
      return;
    }
    // A cancellation the customer or an operator asked for needs no push, nor a first charge the
    // customer saw fail in the mini program; one for want of payment after the last try does.
    const data = event.data as typeof event.data & {
      reason?: string;
      resultCode?: string;
      nextAttemptAt?: string | null;
    };
    if (event.type === "subscription.cancelled" && data.reason !== "UNPAID") return;
    if (data.previousStatus === "PENDING") return;
    const subscription = await db.subscription.findUniqueOrThrow({
      where: { id: event.data.subscriptionId },
      include: {
        plan: { include: { product: true } },
        // The period whose charge is failing: the latest with a failed try.
        periods: { where: { failedTries: { gt: 0 } }, orderBy: { number: "desc" }, take: 1 },
      },
    });
    const period = subscription.periods[0];
    const kind = event.type.slice("subscription.".length) as NoticeKind;
    const notice = subscriptionNotice(kind, subscription.language === "en" ? "en" : "ar", {
      planName: subscription.plan.product.name,
      planNameArabic: subscription.plan.product.nameArabic,
      amountFils: period?.amountFils ?? subscription.plan.product.priceFils,
      resultCode: data.resultCode ?? period?.lastResultCode ?? null,
      nextAttemptAt: data.nextAttemptAt ? new Date(data.nextAttemptAt) : null,
    });
    const outcome = await sendSubscriptionNotice(services, {
      subscription,
      period: period?.number ?? subscription.currentPeriod,
      kind,
      ...notice,
      appId,
      actor: "hook:subscription-notices",
    });
    log.info({ subscriptionId: subscription.id, type: event.type, outcome }, "subscription push");
  },
});
