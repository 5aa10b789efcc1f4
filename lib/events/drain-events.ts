// One run of the events worker: dispatch what the outbox holds, then claim, run and settle due
// deliveries, batch after batch, until nothing is due or the run's time is up (the next run, a
// second later, carries on). Runs side by side with other workers' runs: see claim-deliveries.ts.
import { claimDeliveries } from "./claim-deliveries";
import { dispatchEvents, type HookNamesOf } from "./dispatch-events";
import { type DeliveryRunner, runHook, runWebhooks } from "./run-delivery";
import { type SettleOptions, settleDeliveries } from "./settle-deliveries";

export interface DrainSettings extends SettleOptions {
  batch: number;
  /** How long a claimed delivery is held: longer than a hook or webhook may take. */
  leaseMs: number;
  /** The run stops claiming after this long. */
  budgetMs: number;
}

export interface DrainTotals {
  dispatched: number;
  delivered: number;
  retried: number;
  dead: number;
}

export async function drainEvents(
  runner: DeliveryRunner,
  hooksOf: HookNamesOf,
  settings: DrainSettings,
): Promise<DrainTotals> {
  const started = performance.now();
  const totals: DrainTotals = { dispatched: 0, delivered: 0, retried: 0, dead: 0 };
  while (performance.now() - started < settings.budgetMs) {
    const dispatched = await dispatchEvents(runner.prisma, hooksOf, settings.batch * 5);
    const claimed = await claimDeliveries(runner.prisma, {
      limit: settings.batch,
      leaseMs: settings.leaseMs,
    });
    totals.dispatched += dispatched;
    if (claimed.length === 0) {
      if (dispatched === 0) break;
      continue;
    }
    const [hookOutcomes, webhookOutcomes] = await Promise.all([
      Promise.all(claimed.filter((d) => d.targetKind === "HOOK").map((d) => runHook(runner, d))),
      runWebhooks(
        runner,
        claimed.filter((d) => d.targetKind === "WEBHOOK"),
      ),
    ]);
    const settled = await settleDeliveries(runner.prisma, [...hookOutcomes, ...webhookOutcomes], settings);
    for (const endpointId of settled.disabledEndpoints) {
      runner.logger.error({ endpointId }, "webhook endpoint disabled after failing for too long");
    }
    if (settled.dead > 0)
      runner.logger.error({ dead: settled.dead }, "event deliveries gave up (dead letter)");
    totals.delivered += settled.delivered;
    totals.retried += settled.retried;
    totals.dead += settled.dead;
  }
  return totals;
}
