// A length of time in the operator's language, in whole hours, minutes or seconds.
import { largestUnit } from "@/lib/platform/time/duration";
import type { Locale } from "./translate";

/** "24 hours" / "24 ساعة": Latin digits, as the console writes every number. */
export function formatDurationIn(ms: number, locale: Locale): string {
  const { value, unit } = largestUnit(ms);
  return new Intl.NumberFormat(locale === "ar" ? "ar-IQ-u-nu-latn" : "en-GB", {
    style: "unit",
    unit,
    unitDisplay: "long",
  }).format(value);
}
