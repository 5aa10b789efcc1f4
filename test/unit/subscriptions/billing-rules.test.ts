// The pure rules of billing: where periods end, how failed charges are sorted and retried, and which
// status moves the subscription and period machines allow.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { periodBounds, periodEnd } from "@/lib/payments/subscriptions/billing-period";
import {
  CLASSIFIED_CODES,
  DEFAULT_RETRY_SCHEDULE_HOURS,
  failureKindOf,
  graceEndsAt,
  nextRetryAt,
} from "@/lib/payments/subscriptions/dunning";
import { PERIOD_TRANSITIONS } from "@/lib/payments/subscriptions/period-state";
import { SUBSCRIPTION_TRANSITIONS } from "@/lib/payments/subscriptions/subscription-state";

const at = (iso: string) => new Date(iso);
const monthly = { intervalUnit: "MONTH" as const, intervalCount: 1 };

describe("period ends", () => {
  it("a monthly plan begun on the 31st renews on each month's last day when shorter, and on the 31st again", () => {
    const anchor = at("2027-01-31T09:30:00.000Z");
    expect([1, 2, 3, 4, 12, 13].map((n) => periodEnd(monthly, anchor, n).toISOString())).toEqual([
      "2027-02-28T09:30:00.000Z",
      "2027-03-31T09:30:00.000Z",
      "2027-04-30T09:30:00.000Z",
      "2027-05-31T09:30:00.000Z",
      "2028-01-31T09:30:00.000Z",
      "2028-02-29T09:30:00.000Z",
    ]);
  });

  it.each([
    [{ intervalUnit: "WEEK" as const, intervalCount: 1 }, 1, "2027-03-08T00:00:00.000Z"],
    [{ intervalUnit: "WEEK" as const, intervalCount: 2 }, 3, "2027-04-12T00:00:00.000Z"],
    [{ intervalUnit: "MONTH" as const, intervalCount: 3 }, 2, "2027-09-01T00:00:00.000Z"],
    [{ intervalUnit: "YEAR" as const, intervalCount: 1 }, 2, "2029-03-01T00:00:00.000Z"],
  ])("%o, period %i ends at %s", (rule, number, end) => {
    expect(periodEnd(rule, at("2027-03-01T00:00:00.000Z"), number).toISOString()).toBe(end);
  });

  it("a leap day anchor renews on 28 February in other years, and each period starts where the last ended", () => {
    const yearly = { intervalUnit: "YEAR" as const, intervalCount: 1 };
    const anchor = at("2028-02-29T00:00:00.000Z");
    expect(periodEnd(yearly, anchor, 1).toISOString()).toBe("2029-02-28T00:00:00.000Z");
    expect(periodEnd(yearly, anchor, 4).toISOString()).toBe("2032-02-29T00:00:00.000Z");
    for (let n = 2; n <= 6; n++) {
      expect(periodBounds(monthly, anchor, n).startsAt).toEqual(periodBounds(monthly, anchor, n - 1).endsAt);
    }
  });
});

describe("dunning", () => {
  it("sorts every pay code of the spec's error table, and documents each", () => {
    const spec = [
      "USER_BALANCE_NOT_ENOUGH",
      "USER_AMOUNT_EXCEED_LIMIT",
      "INVALID_ACCESS_TOKEN",
      "INVALID_CODE",
      "AUTH_CODE_ALREADY_USED",
      "USER_NOT_EXIST",
      "USER_STATUS_ABNORMAL",
      "RISK_REJECT",
      "PARTNER_NOT_EXIST",
      "PARTNER_STATUS_ABNORMAL",
      "CURRENCY_NOT_SUPPORT",
      "PAYMENT_AMOUNT_EXCEED_LIMIT",
      "REPEAT_REQ_INCONSISTENT",
      "ORDER_STATUS_INVALID",
    ];
    expect([...CLASSIFIED_CODES].sort()).toEqual([...spec].sort());
    const docs = readFileSync("docs/subscriptions.md", "utf8");
    for (const code of CLASSIFIED_CODES) expect(docs, code).toContain(`\`${code}\``);
  });

  it.each([
    ["USER_BALANCE_NOT_ENOUGH", "RETRY"],
    ["USER_AMOUNT_EXCEED_LIMIT", "RETRY"],
    ["RISK_REJECT", "CUSTOMER"],
    ["USER_STATUS_ABNORMAL", "CUSTOMER"],
    ["INVALID_ACCESS_TOKEN", "CUSTOMER"],
    ["PARTNER_STATUS_ABNORMAL", "MERCHANT"],
    ["SOMETHING_NEW", "RETRY"],
    [null, "RETRY"],
  ])("%s is %s", (code, kind) => {
    expect(failureKindOf(code)).toBe(kind);
  });

  it("tries 8 times in 2 weeks by default, counted from the first failure, then stops", () => {
    const first = at("2027-05-01T06:00:00.000Z");
    const tries = DEFAULT_RETRY_SCHEDULE_HOURS.map((_, index) =>
      nextRetryAt(DEFAULT_RETRY_SCHEDULE_HOURS, first, index + 1),
    );
    expect(tries).toHaveLength(7);
    expect(tries.at(-1)?.toISOString()).toBe("2027-05-15T06:00:00.000Z");
    expect(nextRetryAt(DEFAULT_RETRY_SCHEDULE_HOURS, first, 8)).toBeNull();
    expect(nextRetryAt([2, 5], first, 2)?.toISOString()).toBe("2027-05-01T11:00:00.000Z");
    expect(graceEndsAt(72, first).toISOString()).toBe("2027-05-04T06:00:00.000Z");
  });
});

describe("status machines", () => {
  it("never leave CANCELLED, or a settled period", () => {
    expect(SUBSCRIPTION_TRANSITIONS.CANCELLED).toEqual([]);
    for (const final of ["PAID", "FREE", "UNPAID", "VOID"] as const)
      expect(PERIOD_TRANSITIONS[final]).toEqual([]);
  });

  it("cannot pause a past-due subscription, nor void a charge at the wallet", () => {
    expect(SUBSCRIPTION_TRANSITIONS.PAST_DUE).not.toContain("PAUSED");
    expect(PERIOD_TRANSITIONS.CHARGING).not.toContain("VOID");
  });
});
