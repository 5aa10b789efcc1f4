// How long to wait before asking the wallet again about something unsettled: exponential, capped.
const RECONCILE_BASE_DELAY_MS = 10_000;
const RECONCILE_MAX_DELAY_MS = 60 * 60 * 1000;

export function backoffDelay(attempts: number): number {
  return Math.min(RECONCILE_BASE_DELAY_MS * 2 ** Math.min(Math.max(attempts, 0), 20), RECONCILE_MAX_DELAY_MS);
}

/** "24 h", "90 min", "45 s": for attention reasons operators read. */
export function formatDuration(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms >= 60_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 1000)} s`;
}
