// A price as an operator in Iraq types it, and how it is said back before it is saved: "1.250" is
// one thousand two hundred and fifty dinars (a dot groups thousands), never 1.25; a fraction of a
// dinar is refused; a change beyond tenfold either way needs a confirmation.
import { describe, expect, it } from "vitest";
import { dinarsInWords } from "@/lib/console/i18n/amount-words";
import { priceChangeSize } from "@/lib/payments/catalog/price-change";
import { parsePrice } from "@/lib/platform/money/parse-price";

const price = (fils: bigint) => ({ kind: "price", fils });

describe("parsePrice: whole dinars, thousands grouped as people write them", () => {
  it.each([
    ["1.250", 1_250_000n],
    ["1,250", 1_250_000n],
    ["1 250", 1_250_000n],
    ["1250", 1_250_000n],
    ["١٬٢٥٠", 1_250_000n],
    ["١٢٥٠", 1_250_000n],
    ["۱۲۵۰", 1_250_000n],
    ["1.250.000", 1_250_000_000n],
    ["1,250,000", 1_250_000_000n],
    ["1.000", 1_000_000n],
    ["12,000 IQD", 12_000_000n],
    ["١٢٬٠٠٠ د.ع", 12_000_000n],
    ["25000 دينار", 25_000_000n],
    // A decimal part of zeros only is still whole dinars.
    ["1250.000", 1_250_000n],
    ["12,000.00", 12_000_000n],
  ])("%s is %s fils", (text, fils) => {
    expect(parsePrice(text)).toEqual(price(fils));
  });

  it.each(["1.25", "1,5", "0.5", "12.5", "1.2500", "1٫250", "١٫٢٥", "1,250.50", "999.9"])(
    "%s is a fraction of a dinar: refused, never read as fils",
    (text) => {
      expect(parsePrice(text)).toEqual({ kind: "fraction" });
    },
  );

  it.each(["", "0", "000", "abc", "1,25,000", "1.250,000", "-5", "12e3", "99999999999999"])(
    "%s is no price",
    (text) => {
      expect(parsePrice(text)).toEqual({ kind: "invalid" });
    },
  );
});

describe("dinarsInWords: the price said back", () => {
  it.each([
    [1n, "one dinar", "دينار واحد"],
    [2n, "two dinars", "ديناران"],
    [5n, "five dinars", "خمسة دنانير"],
    [11n, "eleven dinars", "أحد عشر دينارًا"],
    [21n, "twenty-one dinars", "واحد وعشرون دينارًا"],
    [200n, "two hundred dinars", "مئتا دينار"],
    [1000n, "one thousand dinars", "ألف دينار"],
    [1050n, "one thousand and fifty dinars", "ألف وخمسون دينارًا"],
    [1250n, "one thousand two hundred and fifty dinars", "ألف ومئتان وخمسون دينارًا"],
    [2000n, "two thousand dinars", "ألفا دينار"],
    [3000n, "three thousand dinars", "ثلاثة آلاف دينار"],
    [25000n, "twenty-five thousand dinars", "خمسة وعشرون ألف دينار"],
    [250500n, "two hundred and fifty thousand five hundred dinars", "مئتان وخمسون ألفًا وخمسمئة دينار"],
    [1_250_000n, "one million two hundred and fifty thousand dinars", "مليون ومئتان وخمسون ألف دينار"],
  ])("%s: %s / %s", (dinars, english, arabic) => {
    expect(dinarsInWords(dinars, "en")).toBe(english);
    expect(dinarsInWords(dinars, "ar")).toBe(arabic);
  });
});

describe("priceChangeSize: beyond tenfold either way must be confirmed", () => {
  it.each([
    [1_250_000n, 1_250n, "LARGE_DROP"],
    [1_000_000n, 1_250n, "LARGE_DROP"],
    [1_000_000n, 99_999n, "LARGE_DROP"],
    [1_000_000n, 100_000n, "SMALL"],
    [1_000_000n, 1_250_000n, "SMALL"],
    [1_000_000n, 10_000_000n, "SMALL"],
    [1_000_000n, 10_001_000n, "LARGE_RISE"],
    [1_250n, 1_250_000n, "LARGE_RISE"],
    [1_000_000n, 1_000_000n, "SAME"],
  ])("%s → %s fils is %s", (before, after, size) => {
    expect(priceChangeSize(before, after)).toBe(size);
  });
});
