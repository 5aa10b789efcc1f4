// Counts in the console's words, by each language's plural rules: no more "1 operator(s)", and
// Arabic's six forms where it has them.
import { describe, expect, it } from "vitest";
import { ar } from "@/lib/console/i18n/ar";
import { en } from "@/lib/console/i18n/en";
import { expandPlurals, pluralForm } from "@/lib/console/i18n/plural";
import { translatorFor } from "@/lib/console/i18n/translate";

const PLURAL = /\{(\w+), plural,/g;

describe("plural forms", () => {
  it.each([
    [0, "No operators"],
    [1, "1 operator"],
    [2, "2 operators"],
    [1234, "1,234 operators"],
  ])("English: %i → %s", (count, words) => {
    expect(translatorFor("en")("roles.holders", { count })).toBe(words);
  });

  it.each([
    [0, "لا طلبات"],
    [1, "طلب واحد"],
    [2, "طلبان"],
    [3, "3 طلبات"],
    [10, "10 طلبات"],
    [11, "11 طلباً"],
    [99, "99 طلباً"],
    [100, "100 طلب"],
    [102, "102 طلب"],
    [103, "103 طلبات"],
  ])("Arabic: %i → %s", (count, words) => {
    expect(translatorFor("ar")("dashboard.ordersCount", { count })).toBe(words);
  });

  it("fills the other placeholders of the message around the plural", () => {
    expect(translatorFor("en")("sessions.headingOf", { name: "Noor" })).toBe("Where Noor is signed in");
    expect(
      expandPlurals("{name}: {count, plural, one {# order} other {# orders}} of {total}", { count: 1 }, "en"),
    ).toBe("{name}: 1 order of {total}");
  });

  it("takes an exact match before the language's category, and `other` when a category is missing", () => {
    expect(pluralForm("en", 0, { "=0": "none", one: "#", other: "# many" })).toBe("none");
    expect(pluralForm("ar", 2, { other: "# طلب" })).toBe("2 طلب");
  });

  it("leaves a plural whose count is missing as written, like an unknown placeholder", () => {
    const message = "{count, plural, one {# order} other {# orders}}";
    expect(expandPlurals(message, {}, "en")).toBe(message);
    expect(expandPlurals(message, { count: "three" }, "en")).toBe(message);
  });

  it("every plural message counts the same value in both languages, and has an `other` form", () => {
    for (const [key, text] of Object.entries(en)) {
      const english = [...text.matchAll(PLURAL)].map((match) => match[1]);
      const arabic = [...ar[key as keyof typeof en].matchAll(PLURAL)].map((match) => match[1]);
      expect(arabic, key).toEqual(english);
      for (const language of [text, ar[key as keyof typeof en]]) {
        if (PLURAL.test(language)) expect(language, key).toContain("other {");
        PLURAL.lastIndex = 0;
      }
    }
  });

  it("no message counts with a bracketed (s)", () => {
    for (const [key, text] of Object.entries(en)) expect(text, key).not.toMatch(/\w\(s\)/);
  });

  it.each([
    ["en", 1, "1 failed sign-in (wrong password or code) since the last sign-in"],
    ["en", 2, "2 failed sign-ins (wrong passwords or codes) since the last sign-in"],
    ["en", 11, "11 failed sign-ins (wrong passwords or codes) since the last sign-in"],
    ["ar", 0, "لا محاولات دخول فاشلة منذ آخر دخول"],
    ["ar", 1, "محاولة دخول فاشلة واحدة (كلمة مرور أو رمز خاطئ) منذ آخر دخول"],
    ["ar", 2, "محاولتا دخول فاشلتان (كلمة مرور أو رمز خاطئ) منذ آخر دخول"],
    ["ar", 3, "3 محاولات دخول فاشلة (كلمات مرور أو رموز خاطئة) منذ آخر دخول"],
    ["ar", 10, "10 محاولات دخول فاشلة (كلمات مرور أو رموز خاطئة) منذ آخر دخول"],
    ["ar", 11, "11 محاولة دخول فاشلة (كلمات مرور أو رموز خاطئة) منذ آخر دخول"],
    ["ar", 100, "100 محاولة دخول فاشلة (كلمات مرور أو رموز خاطئة) منذ آخر دخول"],
  ] as const)("failed sign-ins, %s %i", (locale, count, text) => {
    expect(translatorFor(locale)("operators.failedSignIns", { count })).toBe(text);
  });

  it("every form Arabic's rules can choose has its own text", () => {
    const t = translatorFor("ar");
    const forms = new Set(Array.from({ length: 200 }, (_, n) => new Intl.PluralRules("ar").select(n)));
    const texts = new Set(
      [...Array(200).keys()].map((count) => t("operators.failedSignIns", { count }).replace(/\d+/, "#")),
    );
    expect(forms.size).toBe(6);
    expect(texts.size).toBe(5); // many and other read the same in this sentence
  });
});
