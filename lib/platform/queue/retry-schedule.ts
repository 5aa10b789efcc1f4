// When a failed delivery is tried again. Published in docs/events.md: receivers plan for it.
// Pure: the delays, and the decision for one failed attempt.
//
// Fast first, then backing off. An order's later events wait until its earlier one to the same
// target is delivered or dead (claim-deliveries.ts), so every second a retry waits after the
// receiver is back is a second added to each later event of that order. Most outages are a restart
// or a deploy, over within a minute: the first minute probes every few seconds, so an order's later
// events arrive at most about 5 s after the receiver is back. Longer outages get the slow tail.

/** `times` retries `ms` apart. */
function every(ms: number, times: number): number[] {
  return Array.from({ length: times }, () => ms);
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The first minute after a failure: 1 s, 2 s, then every 5 s, 14 retries reaching past 60 s. */
const FIRST_MINUTE: readonly number[] = [1 * SECOND, 2 * SECOND, ...every(5 * SECOND, 12)];

/**
 * Hooks are our own code next to the database, usually calling one system of the merchant's: the
 * first minute, then 2 min, 10 min, 30 min, 1 h, 3 h and 6 h (about 11 hours, 21 tries in all).
 */
export const HOOK_RETRY_DELAYS_MS: readonly number[] = [
  ...FIRST_MINUTE,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  1 * HOUR,
  3 * HOUR,
  6 * HOUR,
];

/**
 * Webhooks: the first minute, then the tail Standard Webhooks senders use — 5 min, 30 min, 2 h, 5 h,
 * 10 h and 10 h: more than a day for a receiver to come back (21 tries in all).
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  ...FIRST_MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

export type AfterFailure = { dead: true } | { dead: false; retryInMs: number };

/** After failed attempt number `attempt` (1-based): try again after a delay, or give up. */
export function afterFailure(delays: readonly number[], attempt: number): AfterFailure {
  const delay = delays[attempt - 1];
  return delay === undefined ? { dead: true } : { dead: false, retryInMs: delay };
}
