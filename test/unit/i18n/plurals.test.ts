// Counted messages in the language's own plural forms: English one/other; Arabic zero, one, two,
// few (3–10), many (11–99) and other (100 and on), each its own words, never "(s)".
import { describe, expect, it } from "vitest";
import { plural } from "@/lib/console/i18n/plurals";

describe("counted messages", () => {
  it.each([
    [1, "1 failed sign-in (wrong password or code) since the last sign-in"],
    [2, "2 failed sign-ins (wrong passwords or codes) since the last sign-in"],
    [11, "11 failed sign-ins (wrong passwords or codes) since the last sign-in"],
  ])("English, %i", (count, text) => {
    expect(plural("en", "operators.failedSignIns", count)).toBe(text);
  });

  it.each([
    [0, "لا محاولات دخول فاشلة منذ آخر دخول"],
    [1, "محاولة دخول فاشلة واحدة (كلمة مرور أو رمز خاطئ) منذ آخر دخول"],
    [2, "محاولتا دخول فاشلتان (كلمة مرور أو رمز خاطئ) منذ آخر دخول"],
    [3, "3 محاولات دخول فاشلة (كلمات مرور أو رموز خاطئة) منذ آخر دخول"],
    [10, "10 محاولات دخول فاشلة (كلمات مرور أو رموز خاطئة) منذ آخر دخول"],
    [11, "11 محاولة دخول فاشلة (كلمات مرور أو رموز خاطئة) منذ آخر دخول"],
    [100, "100 محاولة دخول فاشلة (كلمات مرور أو رموز خاطئة) منذ آخر دخول"],
  ])("Arabic, %i", (count, text) => {
    expect(plural("ar", "operators.failedSignIns", count)).toBe(text);
  });

  it("every form Arabic's rules can choose has its own text", () => {
    const forms = new Set(Array.from({ length: 200 }, (_, n) => new Intl.PluralRules("ar").select(n)));
    const texts = new Set(
      [...Array(200).keys()].map((n) => plural("ar", "operators.failedSignIns", n).replace(/\d+/, "#")),
    );
    expect(forms.size).toBe(6);
    expect(texts.size).toBe(5); // many and other read the same in this sentence
  });
});
