// A length of time in words: "24 h", "90 min", "45 s" for the English sentences kept with flags and
// logs. The console says it in the operator's language (lib/console/i18n/durations.ts).
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** A length of time in its largest whole unit. */
export function largestUnit(ms: number): { value: number; unit: "hour" | "minute" | "second" } {
  if (ms >= HOUR_MS && ms % HOUR_MS === 0) return { value: ms / HOUR_MS, unit: "hour" };
  if (ms >= MINUTE_MS) return { value: Math.round(ms / MINUTE_MS), unit: "minute" };
  return { value: Math.round(ms / 1000), unit: "second" };
}

const SHORT = { hour: "h", minute: "min", second: "s" } as const;

/** "24 h", "90 min", "45 s". */
export function formatDuration(ms: number): string {
  const { value, unit } = largestUnit(ms);
  return `${value} ${SHORT[unit]}`;
}
