// Which of an operator's refund limits an amount would pass, from the limits and what they already
// gave back on their own today. Pure: the server decides with it whether a refund (or an escrow
// cancel or void) is sent or waits for approval (./refund-limits.ts), and the console's review
// says the same before anything is sent.

export type LimitPassed = "PER_REFUND" | "PER_DAY";

export interface RefundLimitsNow {
  /** The largest amount sent without approval, in fils; null: no limit. */
  perRefundFils: bigint | null;
  /** What the operator may give back on their own in a Baghdad day, in fils; null: no limit. */
  perDayFils: bigint | null;
  /** What they already gave back on their own today. */
  refundedTodayFils: bigint;
}

export function limitPassed(amountFils: bigint, limits: RefundLimitsNow): LimitPassed | null {
  if (limits.perRefundFils !== null && amountFils > limits.perRefundFils) return "PER_REFUND";
  if (limits.perDayFils !== null && limits.refundedTodayFils + amountFils > limits.perDayFils)
    return "PER_DAY";
  return null;
}
