import "server-only";
// Reading what a request carries — body, query, path parameters — with the limits every route shares:
// bodies are bounded in size and nesting, text never carries a NUL character (PostgreSQL refuses it,
// and no field of ours has a use for one), and everything is validated with the route's zod schema.
// Whatever fails here is the caller's mistake: a 4xx, never a 500.
import { z } from "zod";
import { HttpError } from "@/lib/platform/errors/http-errors";
import { findUnstorable, MAX_NESTING } from "@/lib/platform/validation/storable-text";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKey } from "./idempotency-key";

/** Mini program and admin bodies are small; a larger one is a mistake or an attack. */
const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The caller closed the connection before its request arrived whole (a wallet that stopped waiting,
 * a phone that lost its network). Nobody is left to read an answer, and the part that did arrive
 * proves nothing: it is neither processed nor counted against the caller (error-response.ts).
 */
export class RequestAbortedError extends Error {
  override readonly name = "RequestAbortedError";
}

/** The body as text, refused with 413 as soon as it grows past `maxBytes`. */
export async function readBodyText(request: Request, maxBytes = DEFAULT_BODY_LIMIT_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      // Node's request stream fails with "aborted" (ECONNRESET) when the caller hangs up mid-body.
      throw request.signal.aborted || isConnectionReset(error) ? aborted(size, declared) : error;
    });
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  // A request the caller gave up on while the server was busy (say, compiling the route in
  // development) may reach the handler as a shorter or empty body that ends without an error.
  if (request.signal.aborted || (Number.isFinite(declared) && size < declared)) throw aborted(size, declared);
  return Buffer.concat(chunks).toString("utf8");
}

function aborted(size: number, declared: number): RequestAbortedError {
  const of = Number.isFinite(declared) && declared > 0 ? ` of ${declared}` : "";
  return new RequestAbortedError(`the caller closed the connection after ${size}${of} bytes of its request`);
}

function isConnectionReset(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "ECONNRESET";
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError("PAYLOAD_TOO_LARGE", `The request body must be at most ${maxBytes} bytes.`);
}

/** Reads a JSON body and validates it: not JSON, too big, too deep or a NUL in any text is a 4xx. */
export async function readJson<T extends z.ZodType>(
  request: Request,
  schema: T,
  options: { maxBytes?: number } = {},
): Promise<z.output<T>> {
  // Form encodings are what a cross-site HTML form can send without asking; a JSON API never
  // needs them. Anything else is read as JSON (some clients label JSON text/plain).
  const type = request.headers.get("content-type") ?? "";
  if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
    throw new HttpError("UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON (Content-Type: application/json).");
  }
  const text = await readBodyText(request, options.maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError("VALIDATION_FAILED", "The request body must be JSON.");
  }
  assertPlainData(body, "body");
  return schema.parse(body);
}

/** The query string as an object, validated. */
export function readQuery<T extends z.ZodType>(request: Request, schema: T): z.output<T> {
  // A key given more than once (`?status=PAID&status=ACCEPTED`) is a list; the schema decides.
  const params = new URL(request.url).searchParams;
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length > 1 ? values : (values[0] as string);
  }
  assertPlainData(query, "query");
  return schema.parse(query);
}

/** Path parameters (Next.js passes them decoded), validated. */
export function readParams<T extends z.ZodType>(params: unknown, schema: T): z.output<T> {
  assertPlainData(params ?? {}, "path");
  return schema.parse(params ?? {});
}

/** Refuses values no route can store: text with a NUL character, or nesting that is too deep. */
function assertPlainData(value: unknown, where: string): void {
  const found = findUnstorable(value, where);
  if (!found) return;
  throw new HttpError(
    "VALIDATION_FAILED",
    found.reason === "NUL"
      ? "Text must not contain the NUL character (\\u0000)."
      : `The request nests deeper than ${MAX_NESTING} levels.`,
    { field: found.path },
  );
}

/** The Idempotency-Key header every creating request carries (8-128 characters of a safe set). */
export function readIdempotencyKey(request: Request): string {
  const key = idempotencyKey.safeParse(request.headers.get(IDEMPOTENCY_KEY_HEADER));
  if (!key.success) {
    throw new HttpError(
      "IDEMPOTENCY_KEY_REQUIRED",
      "Send an Idempotency-Key header (8-128 characters: letters, digits, . _ : -) unique per request.",
    );
  }
  return key.data;
}
