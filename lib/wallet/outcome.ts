// What a wallet call resolves to. The spec's four result statuses stay distinct (Errors section):
//   S done · A accepted, follow the response · F failed, inspect resultCode ·
//   U unknown: never mark success or failure; settle by inquiry, retry only with the same ids.
// A timeout, a network error, an unreadable answer or an unverifiable "success" is U, never F.
import type { ResultStatus } from "./fields";

export type UnknownCause =
  /** The wallet itself answered `U` (UNKNOWN_EXCEPTION, PAYMENT_IN_PROCESS, ...). */
  | "WALLET_UNKNOWN"
  /** No answer within the client timeout: the wallet may or may not have acted. */
  | "TIMEOUT"
  /** Connection refused, reset or dropped. */
  | "NETWORK"
  /** An answer that is not JSON, has no valid `result`, or a success that lacks its data. */
  | "INVALID_RESPONSE"
  /** An S or A answer whose signature did not verify against the wallet's public key. */
  | "UNVERIFIED_SIGNATURE"
  /** HTTP 5xx, or 4xx without a result: the wallet did not give a business answer. */
  | "HTTP_ERROR"
  /**
   * Not sent at all: the wallet stopped answering and the circuit breaker fails calls fast until it
   * answers again (circuit-breaker.ts). The wallet knows nothing of this call; settle it like any U.
   */
  | "CIRCUIT_OPEN";

/** One request/response round trip, redacted, for the wallet-call log and the order timeline. */
export interface WalletExchange {
  operation: string;
  method: "POST";
  path: string;
  /** The idempotency id of the call (`paymentRequestId`, `refundRequestId`, ...), when it has one. */
  requestKey: string | undefined;
  requestTime: string;
  requestBody: unknown;
  httpStatus: number | undefined;
  responseBody: unknown;
  startedAt: Date;
  durationMs: number;
  status: ResultStatus;
  resultCode: string;
  unknownCause: UnknownCause | undefined;
  errorMessage: string | undefined;
  attempt: number;
  /** False when the circuit breaker refused the call: no request left this process. */
  sent: boolean;
}

interface OutcomeBase {
  resultCode: string;
  resultMessage: string;
  exchange: WalletExchange;
}

export interface SuccessOutcome<T> extends OutcomeBase {
  status: "S";
  data: T;
}

export interface AcceptedOutcome<T> extends OutcomeBase {
  status: "A";
  data: T;
}

export interface FailedOutcome extends OutcomeBase {
  status: "F";
  /** The body as the wallet sent it (F answers need not match the success schema). */
  data: Record<string, unknown>;
}

export interface UnknownOutcome extends OutcomeBase {
  status: "U";
  unknownCause: UnknownCause;
  data: Record<string, unknown> | undefined;
}

export type WalletOutcome<T> = SuccessOutcome<T> | AcceptedOutcome<T> | FailedOutcome | UnknownOutcome;

/** Thrown before anything is sent: the request breaks a rule of the spec. */
export class WalletRequestInvalidError extends Error {
  override readonly name = "WalletRequestInvalidError";
  constructor(
    readonly operation: string,
    readonly issues: { field: string; message: string }[],
  ) {
    super(
      `${operation} request is invalid: ${issues.map((issue) => `${issue.field} ${issue.message}`).join("; ")}`,
    );
  }
}
