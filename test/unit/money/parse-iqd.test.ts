import { describe, expect, it } from "vitest";
import { filsToInput, parseIqd } from "@/lib/platform/money/parse-iqd";

describe("parseIqd: what an operator types, to fils", () => {
  it.each([
    ["12000", 12_000_000n],
    ["12,000", 12_000_000n],
    [" 12 000 ", 12_000_000n],
    ["12٬000", 12_000_000n],
    ["12000.25", 12_000_250n],
    ["12000.250", 12_000_250n],
    ["0.001", 1n],
    ["0.1", 100n],
    ["999999999999999.999", 999_999_999_999_999_999n],
    // Arabic phone keyboards: Arabic-Indic and Eastern Arabic-Indic digits, ٬ and ٫ as separators.
    ["١٢", 12_000n],
    ["٢٤٬٠٠٠", 24_000_000n],
    ["۲۴۰۰۰", 24_000_000n],
    ["١٢٠٠٠٫٢٥", 12_000_250n],
    // The currency written after it.
    ["24,000 IQD", 24_000_000n],
    ["24000 د.ع", 24_000_000n],
    ["٢٤٠٠٠ دينار", 24_000_000n],
  ])("reads %j as %s fils, never through a float", (text, fils) => {
    expect(parseIqd(text)).toBe(fils);
  });

  it.each([
    "",
    "abc",
    "-5",
    "1.2345",
    "1e3",
    "12.",
    ".5",
    "1000000000000000",
    "12,000.5.5",
    "IQD",
    "24 000 EUR",
  ])("refuses %j", (text) => {
    expect(parseIqd(text)).toBeNull();
  });

  it("round-trips with filsToInput", () => {
    for (const fils of [1n, 100n, 12_000_000n, 12_000_250n, 7n, 1_000_001n]) {
      expect(parseIqd(filsToInput(fils))).toBe(fils);
    }
    expect(filsToInput(12_000_250n)).toBe("12000.25");
    expect(filsToInput(12_000_000n)).toBe("12000");
  });
});
