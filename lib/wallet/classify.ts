// Turns what came back from the wallet into one of the four outcomes. Pure: no I/O, unit-tested.
import type { z } from "zod";
import { result as resultSchema } from "./fields";
import type { UnknownCause } from "./outcome";

/** `missing`: no Signature header at all; `invalid`: one that does not verify. */
export type SignatureCheck = "valid" | "invalid" | "missing" | "not-checked";

export interface RawAnswer {
  httpStatus?: number;
  bodyText?: string;
  /** Set when no answer arrived. */
  transportError?: "TIMEOUT" | "NETWORK";
  transportMessage?: string;
  signature: SignatureCheck;
}

export type Classified<T> =
  | { status: "S" | "A"; resultCode: string; resultMessage: string; data: T }
  | { status: "F"; resultCode: string; resultMessage: string; data: Record<string, unknown> }
  | {
      status: "U";
      resultCode: string;
      resultMessage: string;
      data: Record<string, unknown> | undefined;
      unknownCause: UnknownCause;
    };

function unknown(
  cause: UnknownCause,
  message: string,
  data?: Record<string, unknown>,
  resultCode = "UNKNOWN_EXCEPTION",
): Classified<never> {
  return { status: "U", resultCode, resultMessage: message, data, unknownCause: cause };
}

export function classifyAnswer<T>(
  answer: RawAnswer,
  responseSchema: z.ZodType<T>,
  successSchema?: z.ZodType,
): Classified<T> {
  if (answer.transportError === "TIMEOUT")
    return unknown("TIMEOUT", answer.transportMessage ?? "no answer in time");
  if (answer.transportError === "NETWORK")
    return unknown("NETWORK", answer.transportMessage ?? "network error");

  const httpStatus = answer.httpStatus ?? 0;
  let body: unknown;
  try {
    body = JSON.parse(answer.bodyText ?? "");
  } catch {
    return unknown(
      httpStatus >= 400 ? "HTTP_ERROR" : "INVALID_RESPONSE",
      `HTTP ${httpStatus}: answer is not JSON`,
    );
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return unknown("INVALID_RESPONSE", `HTTP ${httpStatus}: answer is not a JSON object`);
  }
  const raw = body as Record<string, unknown>;
  const parsedResult = resultSchema.safeParse(raw.result);
  // A server error page, or a 4xx that carries no business result, says nothing about the operation.
  if (httpStatus >= 500 || !parsedResult.success) {
    return unknown(
      httpStatus >= 400 ? "HTTP_ERROR" : "INVALID_RESPONSE",
      `HTTP ${httpStatus}: answer has no valid result object`,
      raw,
    );
  }
  const { resultCode, resultStatus } = parsedResult.data;
  const resultMessage = parsedResult.data.resultMessage ?? "";

  // Unsigned F/U answers are accepted (some gateways cannot sign errors), but a signature that is
  // there and wrong means the answer was altered or forged: nothing in it is believed.
  if (answer.signature === "invalid") {
    return unknown(
      "UNVERIFIED_SIGNATURE",
      `unverified ${resultStatus} answer (${resultCode})`,
      raw,
      resultCode,
    );
  }
  if (resultStatus === "U") return unknown("WALLET_UNKNOWN", resultMessage, raw, resultCode);
  if (resultStatus === "F") return { status: "F", resultCode, resultMessage, data: raw };

  // S and A move money or grant access: they must be signed, authentic and complete to be believed.
  if (answer.signature === "missing") {
    return unknown(
      "UNVERIFIED_SIGNATURE",
      `unsigned ${resultStatus} answer (${resultCode})`,
      raw,
      resultCode,
    );
  }
  const parsed = responseSchema.safeParse(raw);
  if (!parsed.success) {
    return unknown(
      "INVALID_RESPONSE",
      `malformed ${resultStatus} answer: ${parsed.error.issues[0]?.message}`,
      raw,
    );
  }
  if (resultStatus === "S" && successSchema && !successSchema.safeParse(raw).success) {
    return unknown("INVALID_RESPONSE", "success answer lacks required fields", raw, resultCode);
  }
  return { status: resultStatus, resultCode, resultMessage, data: parsed.data };
}
