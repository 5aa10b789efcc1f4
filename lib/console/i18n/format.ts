// Amounts and times as operators in Iraq read them. Amounts: whole dinars with thousands separators,
// fils only when not zero ("12,000 IQD", "12,000.250 IQD"; "د.ع" in Arabic). Times: Asia/Baghdad,
// which has no daylight saving (UTC+3 all year); the UTC instant goes in a tooltip. Latin digits in
// both languages, as on the wallet's receipts and in the ids operators copy.
import { formatIqd } from "@/lib/platform/money/format-iqd";
import type { Locale } from "./translate";

const BAGHDAD_TIME_ZONE = "Asia/Baghdad";

export function formatAmount(fils: bigint, locale: Locale): string {
  const text = formatIqd(fils < 0n ? -fils : fils);
  const signed = fils < 0n ? `−${text}` : text;
  return locale === "ar" ? signed.replace(/ IQD$/, " د.ع") : signed;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

type Detail = "time" | "day" | "shortDay";

function dateTimeFormat(locale: Locale, detail: Detail): Intl.DateTimeFormat {
  const cacheKey = `${locale}:${detail}`;
  let format = timeFormats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "ar" ? "ar-IQ-u-nu-latn" : "en-GB", {
      timeZone: BAGHDAD_TIME_ZONE,
      ...(detail === "shortDay" ? {} : { year: "numeric" }),
      month: "short",
      day: "numeric",
      ...(detail === "time" ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
    });
    timeFormats.set(cacheKey, format);
  }
  return format;
}

/** "24 Nov 2026, 14:05" in Baghdad. */
export function formatBaghdadTime(time: Date, locale: Locale): string {
  return dateTimeFormat(locale, "time").format(time);
}

/** "24 Nov 2026" in Baghdad. */
export function formatBaghdadDay(time: Date, locale: Locale): string {
  return dateTimeFormat(locale, "day").format(time);
}

/** "24 Nov" in Baghdad: a chart's axis, where the year is the same on every label. */
export function formatBaghdadShortDay(time: Date, locale: Locale): string {
  return dateTimeFormat(locale, "shortDay").format(time);
}

/** The tooltip: the exact instant in UTC, e.g. "2026-11-24 11:05:09 UTC". */
export function formatUtc(time: Date): string {
  return `${time.toISOString().replace("T", " ").slice(0, 19)} UTC`;
}
