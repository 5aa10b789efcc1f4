import "server-only";
// The single catch of the route boundary: every error becomes one JSON answer with the status from
// ERROR_STATUS. Domain errors keep their code and message; input errors are 400s with the details
// the caller needs to fix them; an unreachable database or Redis is a 503 the client may retry (with
// the same Idempotency-Key, which is safe); anything else is an opaque 500 whose reference is in the
// log. No answer ever carries a stack trace, a file path or a driver's message.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { isDatabaseUnavailable, isUniqueViolation } from "@/lib/platform/db/errors";
import { DomainError } from "@/lib/platform/errors/domain-errors";
import { ERROR_STATUS, type ErrorCode, errorBody, HttpError } from "@/lib/platform/errors/http-errors";
import { getLogger } from "@/lib/platform/log";
import { isRedisUnavailable } from "@/lib/platform/redis";
import { WalletRequestInvalidError } from "@/lib/wallet/outcome";
import { RequestAbortedError } from "./read-request";

/** Seconds a client should wait before retrying after a 503 of ours. */
export const RETRY_AFTER_SECONDS = 5;

interface ErrorAnswer {
  status: number;
  code: ErrorCode;
  message: string;
  details?: unknown;
  headers?: Record<string, string>;
}

/** What an error means for the caller. Pure apart from logging unexpected errors. */
function describeError(error: unknown, request?: Request): ErrorAnswer {
  const answer = (code: ErrorCode, message: string, details?: unknown, headers?: Record<string, string>) => ({
    status: ERROR_STATUS[code],
    code,
    message,
    ...(details === undefined ? {} : { details }),
    ...(headers ? { headers } : {}),
  });
  if (error instanceof HttpError) return answer(error.code, error.message, error.details, error.headers);
  if (error instanceof RequestAbortedError) {
    // Not a failure of ours nor an attack: a sender that gives up retries (the wallet does, on its
    // schedule), and a half-read notification must never count as a forged one.
    getLogger().info({ path: pathOf(request), reason: error.message }, "request abandoned by the caller");
    return answer("CLIENT_CLOSED_REQUEST", "The request was not received whole.");
  }
  if (error instanceof DomainError) {
    // The wallet will be asked again later: tell the client when to retry (same request, same key).
    const retry =
      error.code === "WALLET_UNAVAILABLE" ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : undefined;
    return answer(error.code, error.message, error.details, retry);
  }
  if (error instanceof z.ZodError) {
    return answer("VALIDATION_FAILED", "The request is invalid.", z.flattenError(error));
  }
  if (error instanceof WalletRequestInvalidError) {
    // Our own input broke a wallet rule (e.g. a description too long): the caller can fix it.
    return answer("VALIDATION_FAILED", error.message, { issues: error.issues });
  }
  if (isUniqueViolation(error)) return answer("CONFLICT", "This resource already exists.");
  if (isDatabaseUnavailable(error) || isRedisUnavailable(error)) {
    getLogger().error({ err: describeCause(error), path: pathOf(request) }, "dependency unavailable");
    return answer(
      "SERVICE_UNAVAILABLE",
      `The service is briefly unavailable; retry in ${RETRY_AFTER_SECONDS} s with the same request.`,
      undefined,
      { "Retry-After": String(RETRY_AFTER_SECONDS) },
    );
  }
  const reference = randomUUID();
  getLogger().error(
    { err: error, reference, method: request?.method, path: pathOf(request) },
    "unhandled error in route",
  );
  return answer("INTERNAL", `Something went wrong. Reference: ${reference}`, { reference });
}

/** Our API's error shape. */
export function errorResponse(error: unknown, request?: Request): Response {
  const answer = describeError(error, request);
  return Response.json(errorBody(answer.code, answer.message, answer.details), {
    status: answer.status,
    headers: answer.headers,
  });
}

/**
 * The wallet's result format, for the notification routes: the wallet reads `result`, and anything
 * but an acknowledgement makes it deliver again later. 5xx answers say U (try again), 4xx say F.
 */
export function walletErrorResponse(error: unknown, request?: Request): Response {
  const answer = describeError(error, request);
  return Response.json(
    {
      result: {
        resultCode: answer.code,
        resultStatus: answer.status >= 500 ? "U" : "F",
        resultMessage: answer.message,
      },
    },
    { status: answer.status, headers: answer.headers },
  );
}

function pathOf(request: Request | undefined): string | undefined {
  return request ? new URL(request.url).pathname : undefined;
}

function describeCause(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message.split("\n").at(-1)}` : String(error);
}
