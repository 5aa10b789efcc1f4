// subscriptions: the billing engine (lib/payments/subscriptions). Each job charges one due period, or
// settles one whose charge is at the wallet; the scan claims due periods from PostgreSQL (so nothing
// depends on a delayed job surviving in Redis), moves subscriptions whose grace is over to PAST_DUE,
// and reminds subscribers of the charges coming within SUBSCRIPTION_REMINDER_DAYS.
import { hookSettings } from "@/hooks/settings";
import { chargePeriod } from "@/lib/payments/subscriptions/charge-period";
import { remindUpcomingCharges } from "@/lib/payments/subscriptions/charge-reminders";
import { claimDuePeriods, findGraceOver, markPastDue } from "@/lib/payments/subscriptions/due-periods";
import { claimAll, defineJob, enqueueAll } from "@/lib/platform/queue/define-job";
import { scanLeaseMs } from "@/lib/platform/queue/settings";

export const processSubscriptions = defineJob({
  queue: "subscriptions",
  handle: (ctx, { periodId }) => chargePeriod(ctx, periodId),
  async scan(ctx, settings) {
    const now = ctx.now();
    const leaseUntil = new Date(now.getTime() + scanLeaseMs(settings));
    const due = await claimAll(
      (limit) => claimDuePeriods(ctx, { now, leaseUntil, limit }),
      settings.scanBatch,
      settings.scanMaxItems,
    );
    await enqueueAll(
      ctx,
      "subscriptions",
      due.map((periodId) => ({ periodId })),
    );
    let pastDue = 0;
    for (const id of await findGraceOver(ctx, now, settings.scanMaxItems)) {
      if (await markPastDue(ctx, id)) pastDue++;
    }
    // The push's link needs the mini program's app id (MINI_APP_ID; the sandbox gives one).
    const appId = hookSettings().miniAppId;
    const reminded =
      settings.subscriptionReminderAheadMs > 0 && appId !== undefined
        ? await remindUpcomingCharges(ctx, {
            now,
            aheadMs: settings.subscriptionReminderAheadMs,
            limit: settings.scanMaxItems,
            appId,
          })
        : 0;
    return { enqueued: due.length, pastDue, reminded };
  },
});
