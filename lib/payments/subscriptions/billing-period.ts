// Where a period ends, from where it starts: calendar arithmetic in UTC, anchored on the day the
// subscription began so a monthly plan started on the 31st is charged on the 31st, or on the last day
// of a shorter month, and never drifts to the 28th for good. Pure: no I/O.
import type { BillingInterval } from "@/lib/platform/db";

export interface BillingRule {
  intervalUnit: BillingInterval;
  intervalCount: number;
}

const DAY_MS = 86_400_000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** `anchor` moved by `months` calendar months, its day clamped to the target month's last day. */
function addMonths(anchor: Date, months: number): Date {
  const total = anchor.getUTCMonth() + months;
  const year = anchor.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/**
 * The end of period `number` (1-based) of a subscription whose first period started at `anchor`:
 * the start of period n+1. Computed from the anchor, not from the previous end, so clamping in a
 * short month does not carry into the next one.
 */
export function periodEnd(rule: BillingRule, anchor: Date, number: number): Date {
  const steps = number * rule.intervalCount;
  switch (rule.intervalUnit) {
    case "WEEK":
      return new Date(anchor.getTime() + steps * 7 * DAY_MS);
    case "MONTH":
      return addMonths(anchor, steps);
    case "YEAR":
      return addMonths(anchor, steps * 12);
  }
}

/** Period `number`'s start and end. */
export function periodBounds(
  rule: BillingRule,
  anchor: Date,
  number: number,
): { startsAt: Date; endsAt: Date } {
  return {
    startsAt: number === 1 ? anchor : periodEnd(rule, anchor, number - 1),
    endsAt: periodEnd(rule, anchor, number),
  };
}
