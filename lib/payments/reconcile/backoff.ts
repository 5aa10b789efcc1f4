// How long to wait before asking the wallet again about something unsettled: exponential, capped.
const RECONCILE_BASE_DELAY_MS = 10_000;
const RECONCILE_MAX_DELAY_MS = 60 * 60 * 1000;

export function backoffDelay(attempts: number): number {
  return Math.min(RECONCILE_BASE_DELAY_MS * 2 ** Math.min(Math.max(attempts, 0), 20), RECONCILE_MAX_DELAY_MS);
}
