// Result objects and the failure type operations throw: a thrown WalletFailure becomes an HTTP 200
// answer carrying its `result` (our decision: every business outcome is a 200 with a result).
import type { z } from "zod";
import type { WalletResult } from "../store/entities";

export function success(message = "success"): WalletResult {
  return { resultStatus: "S", resultCode: "SUCCESS", resultMessage: message };
}

export function accepted(message = "accepted"): WalletResult {
  return { resultStatus: "A", resultCode: "ACCEPT", resultMessage: message };
}

export function failed(code: string, message: string): WalletResult {
  return { resultStatus: "F", resultCode: code, resultMessage: message };
}

export function unknownResult(code = "UNKNOWN_EXCEPTION", message = "unknown exception"): WalletResult {
  return { resultStatus: "U", resultCode: code, resultMessage: message };
}

export class WalletFailure extends Error {
  constructor(
    readonly result: WalletResult,
    /** Extra response fields sent with the result (e.g. refundId of a refund still in process). */
    readonly fields: Record<string, unknown> = {},
  ) {
    super(`${result.resultStatus}/${result.resultCode}: ${result.resultMessage}`);
  }
}

export function fail(code: string, message: string): WalletFailure {
  return new WalletFailure(failed(code, message));
}

/** Validates a request body with a schema of lib/wallet/operations.ts; malformed → F/PARAM_ILLEGAL. */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")} ` : "";
  throw fail("PARAM_ILLEGAL", `${where}${issue?.message ?? "is invalid"}`.trim());
}

/**
 * A request id seen before (spec: idempotent on the request id): the earlier outcome when the
 * payload is the same, REPEAT_REQ_INCONSISTENT when it is not, undefined for a new id.
 */
export function replayed<T extends { fingerprint: string }, R>(
  existing: T | undefined,
  print: string,
  idName: string,
  answer: (existing: T) => R,
): R | undefined {
  if (!existing) return undefined;
  if (existing.fingerprint !== print) {
    throw fail("REPEAT_REQ_INCONSISTENT", `this ${idName} was used with a different payload`);
  }
  return answer(existing);
}

/** Canonical JSON (sorted keys) of a request: what "the same payload" means for idempotency. */
export function fingerprint(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
