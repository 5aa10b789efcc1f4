// Reminders before a charge (the billing scan's, workers/subscriptions.ts): a push to the subscriber
// `SUBSCRIPTION_REMINDER_DAYS` before each period is charged, in the language they subscribed in, once
// per period (subscription-pushes.ts). Only for a charge that is still coming as planned: the
// subscription ACTIVE or TRIALING and not ending, the period not tried yet. A reminder is not sent late:
// a charge whose time has passed (the workers were down) gets none. Only to a customer who allowed
// pushes (NOTIFICATION_PUSH): one who allows them later, before the charge, is reminded then.
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { subscriptionNotice } from "./subscription-notices";
import { storeSubscriptionNotice } from "./subscription-pushes";

/** Periods to remind of: charged within `aheadMs`, not reminded yet (no SUBSCRIPTION_NOTICE line). */
async function findDueReminders(ctx: ServiceContext, now: Date, aheadMs: number, limit: number) {
  const until = new Date(now.getTime() + aheadMs);
  const rows = await ctx.prisma.$queryRaw<{ id: string }[]>`
    SELECT p.id FROM subscription_periods p JOIN subscriptions s ON s.id = p.subscription_id
      JOIN customers c ON c.id = s.customer_id
    WHERE p.status = 'SCHEDULED' AND p.failed_tries = 0 AND 'NOTIFICATION_PUSH' = ANY(c.scopes)
      AND p.next_attempt_at > ${now} AND p.next_attempt_at <= ${until}
      AND s.status IN ('ACTIVE', 'TRIALING') AND NOT s.cancel_at_period_end
      AND NOT EXISTS (
        SELECT 1 FROM customer_events e
        WHERE e.subject_id = s.id AND e.type = 'SUBSCRIPTION_NOTICE'
          AND e.detail->>'kind' = 'reminder' AND e.detail->>'period' = p.number::text)
    ORDER BY p.next_attempt_at
    LIMIT ${limit}`;
  return ctx.prisma.subscriptionPeriod.findMany({
    where: { id: { in: rows.map((row) => row.id) } },
    include: { subscription: { include: { plan: { include: { product: true } } } } },
  });
}

/**
 * Stores the reminders due and queues their sending; answers how many were stored. `appId`: the mini
 * program's, for the push's link.
 */
export async function remindUpcomingCharges(
  ctx: ServiceContext,
  options: { now: Date; aheadMs: number; limit: number; appId: string },
): Promise<number> {
  let stored = 0;
  for (const period of await findDueReminders(ctx, options.now, options.aheadMs, options.limit)) {
    const { subscription } = period;
    const text = subscriptionNotice("reminder", subscription.language === "en" ? "en" : "ar", {
      planName: subscription.plan.product.name,
      planNameArabic: subscription.plan.product.nameArabic,
      amountFils: period.amountFils,
      resultCode: null,
      nextAttemptAt: period.nextAttemptAt,
    });
    const notice = await storeSubscriptionNotice(ctx.prisma, {
      subscription,
      period: period.number,
      kind: "reminder",
      ...text,
      appId: options.appId,
      actor: "worker:subscriptions",
    });
    if (!notice.stored) continue;
    stored++;
    try {
      await ctx.jobs.enqueue("push", { pushMessageId: notice.pushMessageId });
    } catch (error) {
      // Stored as CREATED: reconciliation's scan of unsettled pushes sends it.
      ctx.logger.warn({ err: error, pushMessageId: notice.pushMessageId }, "could not enqueue a reminder");
    }
  }
  return stored;
}
