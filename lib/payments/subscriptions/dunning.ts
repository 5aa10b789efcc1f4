// What a failed charge means and when it is tried again (docs/subscriptions.md, "Dunning"). The pay
// result codes of the wallet's error table are sorted into three kinds:
//
// - RETRY: the customer's money or limits, which change by themselves (a salary arrives, a new day
//   starts): tried again on the plan's retry schedule.
// - CUSTOMER: only the customer can fix it (sign the agreement again, talk to the wallet about their
//   account): the subscription goes past due at once and the customer is asked; tries go on with the
//   schedule in case it is fixed.
// - MERCHANT: our own account or request is wrong; the customer cannot fix it and an operator must.
//   Tried again on the schedule like RETRY, and the period's order is what operators look at.
//
// INVALID_ACCESS_TOKEN is not sorted here: the billing engine first refreshes the agreement's token
// and tries again at once; only a token that cannot be refreshed makes it CUSTOMER. Pure: no I/O.

export type FailureKind = "RETRY" | "CUSTOMER" | "MERCHANT";

const KIND_OF_CODE: Readonly<Record<string, FailureKind>> = {
  USER_BALANCE_NOT_ENOUGH: "RETRY",
  USER_AMOUNT_EXCEED_LIMIT: "RETRY",
  // The agreement's token is gone for good (revoked, refresh impossible): the customer signs again.
  INVALID_ACCESS_TOKEN: "CUSTOMER",
  INVALID_CODE: "CUSTOMER",
  AUTH_CODE_ALREADY_USED: "CUSTOMER",
  USER_NOT_EXIST: "CUSTOMER",
  USER_STATUS_ABNORMAL: "CUSTOMER",
  RISK_REJECT: "CUSTOMER",
  PARTNER_NOT_EXIST: "MERCHANT",
  PARTNER_STATUS_ABNORMAL: "MERCHANT",
  CURRENCY_NOT_SUPPORT: "MERCHANT",
  PAYMENT_AMOUNT_EXCEED_LIMIT: "MERCHANT",
  REPEAT_REQ_INCONSISTENT: "MERCHANT",
  ORDER_STATUS_INVALID: "MERCHANT",
};

/** A code the table does not know is tried again: a new code is likelier passing than permanent. */
export function failureKindOf(resultCode: string | null | undefined): FailureKind {
  return (resultCode && KIND_OF_CODE[resultCode]) || "RETRY";
}

/** Every code the table sorts, for the docs and the tests that keep them in step. */
export const CLASSIFIED_CODES: readonly string[] = Object.keys(KIND_OF_CODE);

/** Stripe's default: 8 tries in 2 weeks. Hours after the first failed try. */
export const DEFAULT_RETRY_SCHEDULE_HOURS: readonly number[] = [24, 72, 120, 168, 216, 264, 336];

/** How long the customer keeps access after the first failed try before the subscription is past due. */
export const DEFAULT_GRACE_HOURS = 72;

const HOUR_MS = 3_600_000;

/**
 * When the period is tried next after `failedTries` failed tries (1 after the first), counted from
 * the first failure; null once the schedule is spent.
 */
export function nextRetryAt(
  schedule: readonly number[],
  firstFailedAt: Date,
  failedTries: number,
): Date | null {
  const hours = schedule[failedTries - 1];
  return hours === undefined ? null : new Date(firstFailedAt.getTime() + hours * HOUR_MS);
}

/** When the grace of a period that first failed at `firstFailedAt` ends. */
export function graceEndsAt(graceHours: number, firstFailedAt: Date): Date {
  return new Date(firstFailedAt.getTime() + graceHours * HOUR_MS);
}
