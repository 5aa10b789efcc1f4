// Digits as Arabic phone keyboards type them read as the digits they are.
import { describe, expect, it } from "vitest";
import { toLatinDigits } from "@/lib/platform/validation/latin-digits";

describe("toLatinDigits", () => {
  it("reads Arabic-Indic, Eastern Arabic-Indic and Latin digits alike, and leaves the rest", () => {
    expect(toLatinDigits("٤٩٢٠٣٩")).toBe("492039");
    expect(toLatinDigits("۴۹۲۰۳۹")).toBe("492039");
    expect(toLatinDigits("49٢0۳9")).toBe("492039");
    expect(toLatinDigits("k7m2p-x9qr4")).toBe("k7m2p-x9qr4");
  });
});
