// The one error shape of our HTTP API: `{ error: { code, message, details? } }`, with the HTTP status
// decided by the code in one table (STYLE.md, "Boundaries and errors").

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  /** The wallet no longer accepts our tokens: the mini program must call my.getAuthCode again. */
  REAUTHORIZE: 401,
  AUTH_CODE_REJECTED: 401,
  FORBIDDEN: 403,
  SCOPE_NOT_GRANTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ORDER_STATUS_INVALID: 409,
  OPERATION_IN_PROGRESS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  AMOUNT_EXCEEDS_REMAINING: 422,
  ORDER_UNSUPPORTED_OPERATION: 422,
  PAYMENT_FAILED: 422,
  WALLET_REJECTED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  WALLET_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly code: ErrorCode,
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

export function errorBody(code: ErrorCode | string, message: string, details?: unknown) {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}
