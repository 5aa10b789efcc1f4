// What can go wrong in the domain, in business terms only. Services, workers and reconciliation throw
// these and branch on them; none of them knows about HTTP. The route boundary (lib/http) is the one
// place that turns a code into a status, and workers turn them into "retry", "final" or "flag".
//
// The codes are also what the mini program and operators read in `{ error: { code } }`, so they are
// stable public names: add codes, never rename them.

const DOMAIN_ERROR_CODES = [
  /** The request names something that cannot be used (an unknown product, an empty total). */
  "VALIDATION_FAILED",
  /** The record does not exist, or is not the caller's to see. */
  "NOT_FOUND",
  /** A record with this unique key exists already (a SKU, an operator's e-mail). */
  "CONFLICT",
  /** The record's status does not allow this now (e.g. refund of an unpaid order). */
  "ORDER_STATUS_INVALID",
  /**
   * Escrow: the merchant has not accepted the order yet, so its receipt cannot be confirmed: the
   * mini program says so and asks again once the order is ACCEPTED.
   */
  "ESCROW_NOT_ACCEPTED",
  /** Another operation on the same record is still in flight; try again after it settles. */
  "OPERATION_IN_PROGRESS",
  /** A business rule refuses the request whatever the state (e.g. void of a cashier order). */
  "ORDER_UNSUPPORTED_OPERATION",
  /** More money than is left (refund above what was captured, void above what is held). */
  "AMOUNT_EXCEEDS_REMAINING",
  /** The Idempotency-Key was already used for a different request. */
  "IDEMPOTENCY_KEY_REUSED",
  /** The wallet no longer accepts the customer's authorization: my.getAuthCode again. */
  "REAUTHORIZE",
  /** The wallet refused an authCode (invalid, used or expired). */
  "AUTH_CODE_REJECTED",
  /** The caller may not do this (e.g. bind an agreement another wallet user signed). */
  "FORBIDDEN",
  /** The customer did not grant the scope the operation needs. */
  "SCOPE_NOT_GRANTED",
  /** The wallet answered F: a final refusal, with the wallet's resultCode in details. */
  "WALLET_REJECTED",
  /** The wallet gave no usable answer (U, timeout): nothing is known to have happened. */
  "WALLET_UNAVAILABLE",
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError<Code extends DomainErrorCode = DomainErrorCode> extends Error {
  override name = "DomainError";
  constructor(
    readonly code: Code,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** True when `error` is a domain error, and (if codes are given) one of those codes. */
export function isDomainError(error: unknown, ...codes: DomainErrorCode[]): error is DomainError {
  return error instanceof DomainError && (codes.length === 0 || codes.includes(error.code));
}

// The small typed set services throw. Each names a kind of failure; the code says which one exactly.

export class InvalidRequestError extends DomainError {
  override name = "InvalidRequestError";
  constructor(message: string, details?: Record<string, unknown>) {
    super("VALIDATION_FAILED", message, details);
  }
}

export class NotFoundError extends DomainError {
  override name = "NotFoundError";
  constructor(message: string, details?: Record<string, unknown>) {
    super("NOT_FOUND", message, details);
  }
}

export class ConflictError extends DomainError {
  override name = "ConflictError";
  constructor(message: string, details?: Record<string, unknown>) {
    super("CONFLICT", message, details);
  }
}

export class StateInvalidError extends DomainError {
  override name = "StateInvalidError";
  constructor(
    message: string,
    details?: Record<string, unknown>,
    code: "ORDER_STATUS_INVALID" | "OPERATION_IN_PROGRESS" | "ESCROW_NOT_ACCEPTED" = "ORDER_STATUS_INVALID",
  ) {
    super(code, message, details);
  }
}

export class BusinessRuleError extends DomainError<
  "ORDER_UNSUPPORTED_OPERATION" | "AMOUNT_EXCEEDS_REMAINING" | "IDEMPOTENCY_KEY_REUSED"
> {
  override name = "BusinessRuleError";
}

/** The caller may not do this: another user's agreement, an operator below the role it needs. */
export class ForbiddenError extends DomainError {
  override name = "ForbiddenError";
  constructor(message: string, details?: Record<string, unknown>) {
    super("FORBIDDEN", message, details);
  }
}

/** The customer's standing with the wallet stops the request: authorize again, or grant a scope. */
export class CustomerAuthorizationError extends DomainError<
  "REAUTHORIZE" | "AUTH_CODE_REJECTED" | "SCOPE_NOT_GRANTED"
> {
  override name = "CustomerAuthorizationError";
}

/** The wallet answered F. Final: the same request will be refused again. */
export class WalletRejectedError extends DomainError {
  override name = "WalletRejectedError";
  constructor(
    message: string,
    readonly resultCode: string,
    details?: Record<string, unknown>,
  ) {
    super("WALLET_REJECTED", message, { resultCode, ...details });
  }
}

/** The wallet gave no answer we can act on. Not final: retry with the same request ids, or reconcile. */
export class WalletUnavailableError extends DomainError {
  override name = "WalletUnavailableError";
  constructor(message: string, details?: Record<string, unknown>) {
    super("WALLET_UNAVAILABLE", message, details);
  }
}
