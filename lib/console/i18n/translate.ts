// The console's two languages and how a message is looked up and filled in. Pure: the server pages
// and the browser's components use the same function with the same messages.
import { ar } from "./ar";
import { en, type MessageKey, type Messages } from "./en";
import { expandPlurals } from "./plural";

const LOCALES = ["en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];

/** The cookie that keeps an operator's choice of language (a year; no account setting needed). */
export const LOCALE_COOKIE = "console_locale";

const MESSAGES: Record<Locale, Messages> = { en, ar };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}

export function directionOf(locale: Locale): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

export type TranslateValues = Record<string, string | number | bigint>;
export type Translate = (key: MessageKey, values?: TranslateValues) => string;

/**
 * `{name}` in the message is replaced by `values.name`; an unknown placeholder stays visible. A count
 * takes the language's plural form: `{count, plural, one {# order} other {# orders}}` (./plural.ts).
 */
export function translate(
  messages: Messages,
  key: MessageKey,
  values?: TranslateValues,
  locale: Locale = "en",
): string {
  const message = messages[key] ?? key;
  if (!values) return message;
  return expandPlurals(message, values, locale).replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

export function translatorFor(locale: Locale): Translate {
  const messages = messagesFor(locale);
  return (key, values) => translate(messages, key, values, locale);
}

/** Keys whose suffix is chosen at run time (a status, a role), still checked against the messages. */
export function dynamicKey(prefix: string, value: string): MessageKey {
  const key = `${prefix}.${value}`;
  return (Object.hasOwn(en, key) ? key : "common.none") as MessageKey;
}

export type { MessageKey, Messages };
