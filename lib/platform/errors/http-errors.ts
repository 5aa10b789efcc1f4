// The one error shape of our HTTP API, `{ error: { code, message, details? } }`, and the one table
// that decides each code's HTTP status (docs/architecture.md, rules 1 and 2). Domain codes come from
// lib/platform/errors; the codes below them exist only at the boundary (bad input, no session, limits).
import type { DomainErrorCode } from "@/lib/platform/errors/domain-errors";

export const ERROR_STATUS = {
  // Domain outcomes.
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  /** A unique key is taken: by an existing record, or by a concurrent request. */
  CONFLICT: 409,
  ORDER_STATUS_INVALID: 409,
  ESCROW_NOT_ACCEPTED: 409,
  OPERATION_IN_PROGRESS: 409,
  ORDER_UNSUPPORTED_OPERATION: 422,
  AMOUNT_EXCEEDS_REMAINING: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The wallet no longer accepts our tokens: the mini program must call my.getAuthCode again. */
  REAUTHORIZE: 401,
  AUTH_CODE_REJECTED: 401,
  FORBIDDEN: 403,
  SCOPE_NOT_GRANTED: 403,
  WALLET_REJECTED: 422,
  WALLET_UNAVAILABLE: 503,
  // Boundary-only outcomes.
  IDEMPOTENCY_KEY_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  /** A cookie-authenticated write from another origin: refused, whatever the session says. */
  CROSS_SITE_REQUEST: 403,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /**
   * The caller hung up before its request arrived whole (nginx's 499): nothing was done, and the
   * answer only reaches our logs and metrics. Never in the API reference: no caller can receive it.
   */
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL: 500,
  /** Our own database or Redis is unreachable: safe to retry with the same Idempotency-Key. */
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<DomainErrorCode, number> & Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
type BoundaryCode = Exclude<ErrorCode, DomainErrorCode> | "VALIDATION_FAILED";

/** An error only the route boundary raises: the request itself is refused before any service runs. */
export class HttpError extends Error {
  override readonly name = "HttpError";
  constructor(
    readonly code: BoundaryCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function errorBody(code: ErrorCode, message: string, details?: unknown) {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}
