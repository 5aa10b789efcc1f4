// A length of time in words: "24 h", "90 min", "45 s" for the English sentences kept with flags and
// logs; in the operator's language, in whole hours, minutes or seconds, for the console.
import type { Locale } from "@/lib/console/i18n/translate";

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

function largestUnit(ms: number): { value: number; unit: "hour" | "minute" | "second" } {
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

/** "24 hours" / "24 ساعة": Latin digits, as the console writes every number. */
export function formatDurationIn(ms: number, locale: Locale): string {
  const { value, unit } = largestUnit(ms);
  return new Intl.NumberFormat(locale === "ar" ? "ar-IQ-u-nu-latn" : "en-GB", {
    style: "unit",
    unit,
    unitDisplay: "long",
  }).format(value);
}
