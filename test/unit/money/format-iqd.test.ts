import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatIqd } from "@/lib/platform/money/format-iqd";

describe("formatIqd", () => {
  it.each([
    [0n, "0 IQD"],
    [1n, "0.001 IQD"],
    [250n, "0.250 IQD"],
    [1_000n, "1 IQD"],
    [999_999n, "999.999 IQD"],
    [1_000_000n, "1,000 IQD"],
    [12_000_000n, "12,000 IQD"],
    [12_000_250n, "12,000.250 IQD"],
    [1_234_567_890_123n, "1,234,567,890.123 IQD"],
  ])("%s fils reads %s", (fils, text) => {
    expect(formatIqd(fils)).toBe(text);
  });

  it("refuses a negative amount instead of printing a minus sign on a price", () => {
    expect(() => formatIqd(-1n)).toThrow(RangeError);
    expect(() => formatIqd(-12_000_000n)).toThrow(/cannot be negative/);
  });

  it("reads back to the same number of fils for any amount", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (fils) => {
        const [number = ""] = formatIqd(fils).split(" ");
        const [dinars = "", rest = "000"] = number.replaceAll(",", "").split(".");
        expect(BigInt(dinars) * 1_000n + BigInt(rest)).toBe(fils);
      }),
    );
  });
});
