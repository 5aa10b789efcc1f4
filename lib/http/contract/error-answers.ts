// The error answers of an endpoint, derived from what it is: every code it can answer (its own plus
// those of its kind), grouped by the HTTP status the one code→status table gives them, and the body
// schema of each status with exactly those codes. Our routes answer `{ error: { code, message,
// details? } }`; the wallet's notification route answers in the wallet's result format.
import { z } from "zod";
import { NOTIFICATION_REFUSALS } from "@/lib/payments/notifications/notification-bodies";
import { ERROR_STATUS } from "@/lib/platform/errors/http-errors";
import type { AnswerCode, EndpointSpec } from "./endpoint";

function statusOfCode(code: AnswerCode): number {
  return code in NOTIFICATION_REFUSALS
    ? NOTIFICATION_REFUSALS[code as keyof typeof NOTIFICATION_REFUSALS]
    : ERROR_STATUS[code as keyof typeof ERROR_STATUS];
}

/** Codes every endpoint of this kind can answer, whatever its own service does. */
function codesOfItsKind(endpoint: EndpointSpec): AnswerCode[] {
  const codes: AnswerCode[] = ["INTERNAL"];
  if (endpoint.usesStorage !== false) codes.push("SERVICE_UNAVAILABLE");
  if (endpoint.params || endpoint.query) codes.push("VALIDATION_FAILED");
  if (endpoint.auth === "customer") codes.push("UNAUTHENTICATED", "REAUTHORIZE");
  else if (endpoint.auth === "wallet") {
    // Unverifiable notifications, a sender that keeps sending them, and bodies over the limit.
    codes.push("INVALID_SIGNATURE", "RATE_LIMITED", "PAYLOAD_TOO_LARGE");
  } else if (typeof endpoint.auth === "object") {
    codes.push("UNAUTHENTICATED", "FORBIDDEN");
    // The browser sends the session cookie to any site's request: writes must come from our origin.
    if (endpoint.method !== "get") codes.push("CROSS_SITE_REQUEST");
  }
  // JSON bodies are read by readJson (lib/http/read-request.ts); the wallet's raw body is not.
  if (endpoint.body && endpoint.auth !== "wallet") {
    codes.push("VALIDATION_FAILED", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE");
  }
  return codes;
}

/** Every error code the endpoint can answer, by HTTP status (statuses and codes sorted). */
export function errorCodesByStatus(endpoint: EndpointSpec): Map<number, AnswerCode[]> {
  const codes = [...new Set([...codesOfItsKind(endpoint), ...(endpoint.errors ?? [])])].sort();
  const byStatus = new Map<number, AnswerCode[]>();
  for (const code of codes) {
    const status = statusOfCode(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

function answersInWalletFormat(endpoint: EndpointSpec): boolean {
  return endpoint.auth === "wallet";
}

/** The body of an error answer with one of `codes`, in the endpoint's format. */
export function errorBodySchema(endpoint: EndpointSpec, status: number, codes: readonly AnswerCode[]) {
  const code = z.enum(codes as [AnswerCode, ...AnswerCode[]]);
  if (answersInWalletFormat(endpoint)) {
    return z.object({
      result: z.object({
        resultCode: code,
        // U asks the wallet to deliver again later; F says this delivery can never be accepted.
        resultStatus: z.literal(status >= 500 ? "U" : "F"),
        resultMessage: z.string(),
      }),
    });
  }
  return z.object({
    error: z.object({
      code,
      message: z.string().meta({ description: "For people: safe to show, never a stack or a path." }),
      details: z
        .unknown()
        .optional()
        .meta({ description: "What to fix: zod's flattened issues for invalid input, else per code." }),
    }),
  });
}

/** Answers that tell the caller when to try again: always after 429, after a 503 of our own storage. */
export function errorHeadersSchema(status: number) {
  const retryAfter = z.string().regex(/^\d+$/).meta({ description: "Seconds to wait before retrying." });
  if (status === 429) return z.object({ "Retry-After": retryAfter });
  if (status === 503) return z.object({ "Retry-After": retryAfter.optional() });
  return undefined;
}
