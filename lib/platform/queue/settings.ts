// Timing of the background work. Defaults follow the wallet interface (docs/wallet-interface.md);
// workers/main.ts reads the overrides from the environment (lib/platform/env.ts), tests pass their own.

import type { Env } from "@/lib/platform/env";
import { HOOK_RETRY_DELAYS_MS, WEBHOOK_RETRY_DELAYS_MS } from "@/lib/platform/queue/retry-schedule";

export interface JobSettings {
  /** Spec, Limits: no more than one inquiryRefund poll every 5 s ... */
  refundPollIntervalMs: number;
  /** ... for up to 1 minute; then reconciliation takes over with backoff. */
  refundPollWindowMs: number;
  /** Unsettled payments, refunds and escrow operations are flagged for an operator after this long. */
  flagAfterMs: number;
  /** Access tokens are refreshed this long before they expire. */
  tokenRefreshAheadMs: number;
  /** How often the scans run. */
  scanEveryMs: number;
  /** The wallet closes an expired payment on its own clock: ask it a little after our expiry time. */
  expiryGraceMs: number;
  /** Rows a scan claims per query; a scan keeps claiming until nothing is due (up to scanMaxItems). */
  scanBatch: number;
  scanMaxItems: number;
  /**
   * Retention (lib/platform/retention): wallet-call bodies older than this are emptied, and
   * notification months wholly older than this dropped when every notification in them is applied
   * (expire-notifications.ts) …
   */
  retentionBodyMs: number;
  /** … unverifiable-notification counts older than this deleted … */
  retentionRejectionMs: number;
  /** … wallet-call months wholly older than this dropped (lib/platform/retention/expire-wallet-calls.ts) … */
  retentionWalletCallMs: number;
  /** … outbox months wholly older than this dropped when nothing in them is pending (expire-outbox.ts) … */
  retentionEventMs: number;
  /** … `retentionBatch` rows per statement, at most `retentionMaxBatches` statements per table and run. */
  retentionBatch: number;
  retentionMaxBatches: number;
  /** Events (lib/events): how often the events worker looks at the outbox … */
  eventsEveryMs: number;
  /** … deliveries it claims at once, and how long one run goes on claiming. */
  eventBatch: number;
  eventDrainMs: number;
  /** A hook or webhook taking longer than this has failed. */
  hookTimeoutMs: number;
  webhookTimeoutMs: number;
  hookRetryDelaysMs: readonly number[];
  webhookRetryDelaysMs: readonly number[];
  /** A webhook endpoint that has failed for this long without a success is disabled. */
  webhookDisableAfterMs: number;
  /** `payment.unknown` is announced for an order whose outcome is still unknown after this long. */
  paymentUnknownAfterMs: number;
  /** Subscribers are reminded of a charge this long before it; 0: never. */
  subscriptionReminderAheadMs: number;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = {
  refundPollIntervalMs: 5_000,
  refundPollWindowMs: 60_000,
  flagAfterMs: 24 * 60 * 60 * 1000,
  tokenRefreshAheadMs: 5 * 60 * 1000,
  scanEveryMs: 60_000,
  expiryGraceMs: 30_000,
  scanBatch: 500,
  scanMaxItems: 20_000,
  retentionBodyMs: 180 * 24 * 60 * 60 * 1000,
  retentionRejectionMs: 30 * 24 * 60 * 60 * 1000,
  retentionWalletCallMs: 400 * 24 * 60 * 60 * 1000,
  retentionEventMs: 400 * 24 * 60 * 60 * 1000,
  retentionBatch: 1_000,
  retentionMaxBatches: 10,
  eventsEveryMs: 1_000,
  eventBatch: 200,
  eventDrainMs: 10_000,
  hookTimeoutMs: 10_000,
  webhookTimeoutMs: 10_000,
  hookRetryDelaysMs: HOOK_RETRY_DELAYS_MS,
  webhookRetryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
  webhookDisableAfterMs: 5 * 24 * 60 * 60 * 1000,
  paymentUnknownAfterMs: 15 * 60 * 1000,
  subscriptionReminderAheadMs: 3 * 24 * 60 * 60 * 1000,
};

export function jobSettingsFromEnv(env: Env): JobSettings {
  return {
    ...DEFAULT_JOB_SETTINGS,
    refundPollIntervalMs: env.workers.refundPollIntervalMs,
    refundPollWindowMs: env.workers.refundPollWindowMs,
    flagAfterMs: env.workers.flagAfterMs,
    tokenRefreshAheadMs: env.workers.tokenRefreshAheadMs,
    scanEveryMs: env.workers.scanEveryMs,
    paymentUnknownAfterMs: env.workers.paymentUnknownAfterMs,
    subscriptionReminderAheadMs: env.workers.subscriptionReminderAheadMs,
    hookTimeoutMs: env.workers.hookTimeoutMs,
    webhookTimeoutMs: env.workers.hookTimeoutMs,
    retentionBodyMs: env.retention.bodyMs,
    retentionRejectionMs: env.retention.rejectionMs,
    retentionWalletCallMs: env.retention.walletCallMs,
    retentionEventMs: env.retention.eventMs,
  };
}

/**
 * How long a scan's claim on a due row lasts: the row is not claimed again meanwhile, so one scan can
 * page through a large backlog. A job lost with Redis is picked up again once the claim lapses.
 */
export function scanLeaseMs(settings: JobSettings): number {
  return Math.max(3 * settings.scanEveryMs, 5_000);
}

/** How often a queue's scan runs: the events worker looks every second, the others every scanEveryMs. */
export function scanIntervalMs(queue: string, settings: JobSettings): number {
  return queue === "events" ? settings.eventsEveryMs : settings.scanEveryMs;
}

/** A claimed delivery is held three times as long as it may run, so only a dead worker loses it. */
export function eventLeaseMs(settings: JobSettings): number {
  return 3 * Math.max(settings.hookTimeoutMs, settings.webhookTimeoutMs);
}
