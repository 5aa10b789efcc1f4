// Messages whose words change with a number. English has two forms (one, other); Arabic has six
// (zero, one, two, few: 3–10, many: 11–99, other: 100 and on), and a text with "{count} (s)" reads
// wrong in both. The form is chosen by the language's own rules (Intl.PluralRules).
import type { Locale } from "./translate";

type EnglishForms = { one: string; other: string };
type ArabicForms = Record<"zero" | "one" | "two" | "few" | "many" | "other", string>;

const PLURALS = {
  // Wrong passwords and wrong second-factor codes alike (lib/operators/sign-in/authorize-operator.ts).
  "operators.failedSignIns": {
    en: {
      one: "1 failed sign-in (wrong password or code) since the last sign-in",
      other: "{count} failed sign-ins (wrong passwords or codes) since the last sign-in",
    },
    ar: {
      zero: "لا محاولات دخول فاشلة منذ آخر دخول",
      one: "محاولة دخول فاشلة واحدة (كلمة مرور أو رمز خاطئ) منذ آخر دخول",
      two: "محاولتا دخول فاشلتان (كلمة مرور أو رمز خاطئ) منذ آخر دخول",
      few: "{count} محاولات دخول فاشلة (كلمات مرور أو رموز خاطئة) منذ آخر دخول",
      many: "{count} محاولة دخول فاشلة (كلمات مرور أو رموز خاطئة) منذ آخر دخول",
      other: "{count} محاولة دخول فاشلة (كلمات مرور أو رموز خاطئة) منذ آخر دخول",
    },
  },
} satisfies Record<string, { en: EnglishForms; ar: ArabicForms }>;

export type PluralKey = keyof typeof PLURALS;

/** The message for `count` in the language's own plural form, with `{count}` filled in. */
export function plural(locale: Locale, key: PluralKey, count: number): string {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string } = PLURALS[key][locale];
  const form = new Intl.PluralRules(locale).select(count);
  return (forms[form] ?? forms.other).replaceAll("{count}", String(count));
}
