// Example hook: tell the customer, in the language they subscribed in, when a subscription's charge
// fails (with when it is tried again and how to fix it), when it goes past due, and when it is
// cancelled for want of payment (lib/payments/subscriptions/subscription-notices.ts). Each push's id
// comes from the event's id, so a retried hook never sends twice. This is also where a fork revokes
// access on `subscription.past_due` or `.cancelled` and grants it on `.renewed`.
import { v5 as uuidv5 } from "uuid";
import { pushOnce } from "@/lib/customers/push/resend-push";
import { defineHook } from "@/lib/events/hooks";
import { type NoticeKind, subscriptionNotice } from "@/lib/payments/subscriptions/subscription-notices";
import { PUSH_URL_PREFIX } from "@/lib/wallet/operations";
import { hookSettings } from "./settings";

/** Any fixed UUID: the namespace of the push ids this hook derives. */
const PUSH_ID_NAMESPACE = "6f1d2c3b-7a84-4e59-b0c1-2d3e4f5a6b7c";

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
    const notice = subscriptionNotice(
      event.type.slice("subscription.".length) as NoticeKind,
      subscription.language === "en" ? "en" : "ar",
      {
        planName: subscription.plan.product.name,
        planNameArabic: subscription.plan.product.nameArabic,
        amountFils: period?.amountFils ?? subscription.plan.product.priceFils,
        resultCode: data.resultCode ?? period?.lastResultCode ?? null,
        nextAttemptAt: data.nextAttemptAt ? new Date(data.nextAttemptAt) : null,
      },
    );
    const page = encodeURIComponent(`pages/subscriptions/detail?subscriptionId=${subscription.id}`);
    const outcome = await pushOnce(
      services,
      uuidv5(`subscription-notices:${event.id}`, PUSH_ID_NAMESPACE),
      event.data.customerId,
      { ...notice, url: `${PUSH_URL_PREFIX}?appId=${encodeURIComponent(appId)}&page=${page}` },
    );
    log.info({ subscriptionId: subscription.id, type: event.type, outcome }, "subscription push");
  },
});
