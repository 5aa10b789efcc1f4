// How a signed request travels to the wallet: one POST, a total deadline, the answer's status, headers
// and body as text. The default runs on undici's `request` over a keep-alive connection pool, not on
// `fetch`: fetch builds WHATWG Request/Response objects, streams and an AbortSignal per call, and
// measured 0.5–0.7 ms of CPU per call against 0.07–0.14 ms for `request` (BENCHMARKS.md, "The wallet
// transport"), on a path every order, inquiry and refund takes. Tests pass their own transport.
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { Agent, type Dispatcher, request } from "undici";

interface TransportRequest {
  url: URL;
  headers: Record<string, string>;
  body: string;
  /** From connecting to the last byte of the answer; past it the call is a TIMEOUT. */
  timeoutMs: number;
}

interface TransportAnswer {
  status: number;
  /** Header names in lower case; a repeated header keeps its first value. */
  headers: Record<string, string>;
  bodyText: string;
}

export type WalletTransport = (request: TransportRequest) => Promise<TransportAnswer>;

/** No answer in time (TIMEOUT) or no exchange at all (NETWORK): either way the outcome is unknown. */
export class WalletTransportError extends Error {
  override readonly name = "WalletTransportError";
  constructor(
    readonly kind: "TIMEOUT" | "NETWORK",
    message: string,
  ) {
    super(message);
  }
}

/**
 * The largest answer read, before and after decompression. The wallet's answers are a few kilobytes;
 * anything past this is not one, and reading it whole would only cost memory. Such an answer is a
 * NETWORK error: unknown, settled later like any other.
 */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * A transport with its own connection pool. Connections are kept alive between calls (the wallet is
 * called many times a second under load; a TLS handshake per call would cost more than the call).
 * Another undici dispatcher fits here: a `ProxyAgent` for an egress proxy, or an `Agent` with
 * `connect: { cert, key, ca }` for a wallet that wants mutual TLS. The size cap and the deadline
 * hold whichever dispatcher carries the call.
 */
export function createHttpTransport(
  pool: Dispatcher = new Agent({ keepAliveTimeout: 4_000 }),
): WalletTransport {
  return async ({ url, headers, body, timeoutMs }) => {
    // One deadline for the whole exchange, as a plain timer: AbortSignal.timeout costs more per call.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    try {
      const answer = await request(url, {
        method: "POST",
        // Answers are small: nothing to gain from compression, so none is asked for.
        headers: { ...headers, "accept-encoding": "identity" },
        body,
        dispatcher: pool,
        signal: deadline.signal,
      });
      const answerHeaders = firstValues(answer.headers);
      const raw = await readCapped(answer.body);
      return {
        status: answer.statusCode,
        headers: answerHeaders,
        bodyText: decode(raw, answerHeaders["content-encoding"]).toString("utf8"),
      };
    } catch (error) {
      if (deadline.signal.aborted)
        throw new WalletTransportError("TIMEOUT", `no answer within ${timeoutMs} ms`);
      if (error instanceof WalletTransportError) throw error;
      throw new WalletTransportError("NETWORK", describeNetworkError(error));
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The body as bytes, refused as soon as it passes MAX_ANSWER_BYTES (the rest is never read). */
async function readCapped(body: Dispatcher.ResponseData["body"]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MAX_ANSWER_BYTES) {
      body.destroy();
      throw new WalletTransportError("NETWORK", `answer larger than ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

/**
 * A gateway that compresses although we asked for no compression: the signature covers the JSON
 * text, so it is decoded first (within the same size cap). An encoding we cannot decode is NETWORK.
 */
function decode(raw: Buffer, contentEncoding: string | undefined): Buffer {
  const encoding = contentEncoding?.trim().toLowerCase();
  if (!encoding || encoding === "identity") return raw;
  const limit = { maxOutputLength: MAX_ANSWER_BYTES };
  try {
    if (encoding === "gzip" || encoding === "x-gzip") return gunzipSync(raw, limit);
    if (encoding === "deflate") return inflateSync(raw, limit);
    if (encoding === "br") return brotliDecompressSync(raw, limit);
  } catch (error) {
    throw new WalletTransportError(
      "NETWORK",
      `answer could not be decoded (${encoding}): ${describeNetworkError(error)}`,
    );
  }
  throw new WalletTransportError("NETWORK", `answer in an encoding we do not read: ${encoding}`);
}

/** The transport of clients that do not bring their own: one pool per process. */
let sharedTransport: WalletTransport | undefined;
export function defaultTransport(): WalletTransport {
  sharedTransport ??= createHttpTransport();
  return sharedTransport;
}

function firstValues(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) values[name] = first;
  }
  return values;
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as Error & { code?: string }).code;
  return code && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
}
