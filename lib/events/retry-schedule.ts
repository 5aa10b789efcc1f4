// When a failed delivery is tried again. Published in docs/events.md: receivers plan for it.
// Pure: the delays, and the decision for one failed attempt.

/** Hooks are our own code next to the database: retried soon, then further apart, nine tries in all. */
export const HOOK_RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  3 * 60 * 60_000,
  6 * 60 * 60_000,
];

/**
 * Webhooks follow the schedule Standard Webhooks senders use: right away, then 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h — about a day and a half for a receiver to come back.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  5 * 60 * 60_000,
  10 * 60 * 60_000,
  10 * 60 * 60_000,
];

export type AfterFailure = { dead: true } | { dead: false; retryInMs: number };

/** After failed attempt number `attempt` (1-based): try again after a delay, or give up. */
export function afterFailure(delays: readonly number[], attempt: number): AfterFailure {
  const delay = delays[attempt - 1];
  return delay === undefined ? { dead: true } : { dead: false, retryInMs: delay };
}
