// The dashboard's word on the read replica's lag: said only from 5 s, in whole seconds, in English
// and Arabic.
import { describe, expect, it } from "vitest";
import { lagWorthSaying } from "@/lib/console/dashboard";
import { translatorFor } from "@/lib/console/i18n/translate";

describe("the dashboard's lag notice", () => {
  it("stays quiet without a replica and while it is under 5 s behind", () => {
    for (const lag of [null, 0, 0.4, 4.99]) expect(lagWorthSaying(lag), String(lag)).toBeNull();
  });

  it("says how many whole seconds the figures may be behind from 5 s on", () => {
    expect(lagWorthSaying(5)).toBe(5);
    expect(lagWorthSaying(12.6)).toBe(13);
    expect(lagWorthSaying(3600)).toBe(3600);
  });

  it("reads in both languages with the number in it", () => {
    expect(translatorFor("en")("dashboard.readModelBehind", { seconds: 13 })).toMatch(
      /^These figures may be 13 s behind/,
    );
    expect(translatorFor("ar")("dashboard.readModelBehind", { seconds: 13 })).toContain("13");
  });
});
