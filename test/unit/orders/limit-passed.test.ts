// The one rule for "does this refund wait for approval": the server applies it when the refund is
// sent, and the refund's review applies it before, to say so up front.
import { describe, expect, it } from "vitest";
import { limitPassed } from "@/lib/payments/refunds/limit-passed";

const IQD = 1000n;

describe("limitPassed", () => {
  it.each([
    ["no limits", null, null, 0n, 1_000_000n, null],
    ["at the per-refund limit", 25_000n, null, 0n, 25_000n, null],
    ["above the per-refund limit", 25_000n, 100_000n, 0n, 40_000n, "PER_REFUND"],
    ["within both", 50_000n, 60_000n, 20_000n, 40_000n, null],
    ["past the day with what was refunded today", 50_000n, 60_000n, 30_000n, 40_000n, "PER_DAY"],
    ["the per-refund limit first when both pass", 25_000n, 60_000n, 50_000n, 40_000n, "PER_REFUND"],
    ["every refund waits with a limit of 0", 0n, null, 0n, 1n, "PER_REFUND"],
  ] as const)("%s", (_case, perRefund, perDay, today, amount, expected) => {
    const fils = (iqd: bigint | null) => (iqd === null ? null : iqd * IQD);
    expect(
      limitPassed(amount * IQD, {
        perRefundFils: fils(perRefund),
        perDayFils: fils(perDay),
        refundedTodayFils: today * IQD,
      }),
    ).toBe(expected);
  });

  it("counts fils: one fils above the limit waits", () => {
    const limits = { perRefundFils: 25_000_000n, perDayFils: null, refundedTodayFils: 0n };
    expect(limitPassed(25_000_000n, limits)).toBeNull();
    expect(limitPassed(25_000_001n, limits)).toBe("PER_REFUND");
  });
});
