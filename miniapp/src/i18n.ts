// The language the mini program speaks: the customer's choice, else the wallet app's language
// (my.getSystemInfo), else English. Arabic turns the page right to left.

import { type Language, MESSAGES, type MessageKey } from "./messages";
import { kept } from "./storage";

const CHOICE_KEY = "language";
let current: Language = "en";

export function language(): Language {
  return current;
}

export function setLanguage(next: Language, remember = false): void {
  current = next;
  document.documentElement.lang = next;
  document.documentElement.dir = next === "ar" ? "rtl" : "ltr";
  if (remember) kept.set(CHOICE_KEY, next);
}

/** The remembered choice, else the wallet's language ("ar", "ar-IQ", "en-US", …). */
export function initialLanguage(walletLanguage: string | undefined): Language {
  const chosen = kept.get(CHOICE_KEY);
  if (chosen === "ar" || chosen === "en") return chosen;
  return walletLanguage?.toLowerCase().startsWith("ar") ? "ar" : "en";
}

export function t(key: MessageKey, params: Record<string, string> = {}): string {
  return MESSAGES[current][key].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? "");
}

export function hasMessage(key: string): key is MessageKey {
  return key in MESSAGES.en;
}

/** A count in the customer's digits: 3, or ٣ in Arabic. */
export function count(value: number): string {
  return new Intl.NumberFormat(current === "ar" ? "ar-IQ" : "en-US").format(value);
}

/** A day as people read it: 22 December 2026, or ٢٢ كانون الأول ٢٠٢٦ in Arabic. */
export function day(iso: string): string {
  return new Intl.DateTimeFormat(current === "ar" ? "ar-IQ" : "en-GB", { dateStyle: "long" }).format(
    new Date(iso),
  );
}
