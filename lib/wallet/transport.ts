// How a signed request travels to the wallet: one POST, a total deadline, the answer's status, headers
// and body as text. The default runs on undici's `request` over a keep-alive connection pool, not on
// `fetch`: fetch builds WHATWG Request/Response objects, streams and an AbortSignal per call, and
// measured 0.5–0.7 ms of CPU per call against 0.07–0.14 ms for `request` (BENCHMARKS.md, "The wallet
// transport"), on a path every order, inquiry and refund takes. Tests pass their own transport.
import { Agent, type Dispatcher, request } from "undici";

export interface TransportRequest {
  url: URL;
  headers: Record<string, string>;
  body: string;
  /** From the first byte sent to the last byte received; past it the call is a TIMEOUT. */
  timeoutMs: number;
}

export interface TransportAnswer {
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
 * The largest answer read. The wallet's answers are a few kilobytes; anything past this is not one,
 * and reading it whole would only cost memory. Such an answer is a NETWORK error: unknown, settled
 * later like any other.
 */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * A transport with its own connection pool. Connections are kept alive between calls (the wallet is
 * called many times a second under load; a TLS handshake per call would cost more than the call).
 * Another undici dispatcher fits here: a `ProxyAgent` for an egress proxy, or an `Agent` with
 * `connect: { cert, key, ca }` for a wallet that wants mutual TLS (keep `maxResponseSize` on it).
 */
export function createHttpTransport(
  pool: Dispatcher = new Agent({ keepAliveTimeout: 4_000, maxResponseSize: MAX_ANSWER_BYTES }),
): WalletTransport {
  return async ({ url, headers, body, timeoutMs }) => {
    // One deadline for the whole exchange, as a plain timer: AbortSignal.timeout costs more per call.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    try {
      const answer = await request(url, {
        method: "POST",
        headers,
        body,
        dispatcher: pool,
        signal: deadline.signal,
      });
      return {
        status: answer.statusCode,
        headers: firstValues(answer.headers),
        bodyText: await answer.body.text(),
      };
    } catch (error) {
      if (deadline.signal.aborted)
        throw new WalletTransportError("TIMEOUT", `no answer within ${timeoutMs} ms`);
      throw new WalletTransportError("NETWORK", describeNetworkError(error));
    } finally {
      clearTimeout(timer);
    }
  };
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
