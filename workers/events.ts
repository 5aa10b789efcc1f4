// events: deliver domain events (lib/events) to the fork's hooks (hooks/) and to the merchant's
// webhook endpoints, and fold and send alerts (lib/events/alerts). Its scan runs every second and drains
// what is due; any number of these workers can run at once.
import { HOOKS } from "@/hooks";
import { alertsHook } from "@/lib/events/alerts/catch-alerts";
import { flushAlerts } from "@/lib/events/alerts/flush-alerts";
import { type AlertSender, createAlertSender } from "@/lib/events/alerts/send-alert";
import { drainEvents } from "@/lib/events/drain-events";
import { hookRegistry, hookTakes } from "@/lib/events/hooks";
import { writeDailySummaries } from "@/lib/payments/daily-summary";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { getEnv } from "@/lib/platform/env";
import { getOutboundPolicy } from "@/lib/platform/outbound/shared-policy";
import { defineJob } from "@/lib/platform/queue/define-job";
import { eventLeaseMs, type JobSettings } from "@/lib/platform/queue/settings";

// The fork's hooks, and ours: alerts catch their events the way a fork's hook would.
const ALL_HOOKS = [...HOOKS, alertsHook];
const hooks = hookRegistry(ALL_HOOKS);

function hookNamesOf(eventType: string): string[] {
  return ALL_HOOKS.filter((hook) => hookTakes(hook, eventType)).map((hook) => hook.name);
}

function drain(ctx: ServiceContext, settings: JobSettings) {
  return drainEvents(
    {
      prisma: ctx.prisma,
      logger: ctx.logger,
      tokenKey: ctx.tokenKey,
      services: ctx,
      hooks,
      hookTimeoutMs: settings.hookTimeoutMs,
      webhookTimeoutMs: settings.webhookTimeoutMs,
      outbound: getOutboundPolicy(),
    },
    hookNamesOf,
    {
      batch: settings.eventBatch,
      leaseMs: eventLeaseMs(settings),
      budgetMs: settings.eventDrainMs,
      hookDelaysMs: settings.hookRetryDelaysMs,
      webhookDelaysMs: settings.webhookRetryDelaysMs,
      webhookDisableAfterMs: settings.webhookDisableAfterMs,
    },
  );
}

/** Alerts are folded and sent at most this often per process: they wait a minute or more anyway. */
const ALERT_FLUSH_EVERY_MS = 5_000;
let lastFlush = 0;
let sender: AlertSender | undefined;

async function flush(ctx: ServiceContext) {
  if (Date.now() - lastFlush < ALERT_FLUSH_EVERY_MS) return undefined;
  lastFlush = Date.now();
  const { alerts } = getEnv();
  sender ??= createAlertSender({
    smtpUrl: alerts.smtpUrl,
    from: alerts.mailFrom,
    outbound: getOutboundPolicy(),
  });
  return flushAlerts(
    ctx.prisma,
    sender,
    ctx.logger,
    { dailySummaryHour: alerts.dailySummaryHour, writeDailySummaries },
    ctx.now(),
  );
}

async function drainAndFlush(ctx: ServiceContext, settings: JobSettings) {
  const delivered = await drain(ctx, settings);
  return { ...delivered, alerts: await flush(ctx) };
}

export const processEvents = defineJob({
  queue: "events",
  handle: (ctx, _payload, settings) => drainAndFlush(ctx, settings),
  scan: drainAndFlush,
});
