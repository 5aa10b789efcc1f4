// events: deliver domain events (lib/events) to the fork's hooks (hooks/) and to the merchant's
// webhook endpoints. Its scan runs every second and drains what is due; any number of these workers
// can run at once.
import { HOOKS } from "@/hooks";
import type { ServiceContext } from "@/lib/context/service-context";
import { drainEvents } from "@/lib/events/drain-events";
import { hookRegistry } from "@/lib/events/hooks";
import { defineJob } from "@/lib/queue/define-job";
import { eventLeaseMs, type JobSettings } from "@/lib/queue/settings";

const hooks = hookRegistry(HOOKS);

function hookNamesOf(eventType: string): string[] {
  return HOOKS.filter((hook) => hook.event === eventType).map((hook) => hook.name);
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

export const processEvents = defineJob({
  queue: "events",
  handle: (ctx, _payload, settings) => drain(ctx, settings),
  scan: drain,
});
