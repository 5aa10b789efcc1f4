// Sending one request on an operator's behalf, under the outbound policy (outbound-policy.ts). The
// host's name is resolved by the connection itself through the policy (undici's `connect.lookup`),
// so the address checked is the address dialled: a name that answered a public address at
// registration and answers 127.0.0.1 now (DNS rebinding) is refused here. Redirects are not followed.
// What comes back is the status, the time taken and, for a failure, its classification: the
// receiver's body is discarded unread, so it can never be shown to anyone.
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from "node:dns";
import { Agent, fetch } from "undici";
import type { OutboundFailure } from "./failures";
import { checkUrlShape, type OutboundPolicy, OutboundRefusal, resolvePermitted } from "./outbound-policy";

export interface OutboundResult {
  ok: boolean;
  /** The answer's HTTP status; null when there was none. */
  statusCode: number | null;
  latencyMs: number;
  /** Null when ok. */
  failure: OutboundFailure | null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** net.connect's `lookup`, answering only with addresses the policy lets through. */
function guardedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    resolvePermitted(policy, hostname).then(
      (addresses) => {
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((entry) => entry.family === options.family)
            : addresses;
        const first = wanted[0];
        if (!first) {
          callback(new OutboundRefusal("DNS_FAILED", "no address of the family asked for"), "", 0);
        } else if (options.all) callback(null, wanted);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, "", 0),
    );
  };
}

const agents = new WeakMap<OutboundPolicy, Agent>();

function agentOf(policy: OutboundPolicy): Agent {
  let agent = agents.get(policy);
  if (!agent) {
    agent = new Agent({ connect: { lookup: guardedLookup(policy) as never } });
    agents.set(policy, agent);
  }
  return agent;
}

const TLS_CODE = /^(ERR_TLS|ERR_SSL|ERR_OSSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/;
const CODES: Readonly<Record<string, OutboundFailure>> = {
  ENOTFOUND: "DNS_FAILED",
  EAI_AGAIN: "DNS_FAILED",
  EAI_FAIL: "DNS_FAILED",
  ENODATA: "DNS_FAILED",
  ECONNREFUSED: "CONNECT_FAILED",
  EHOSTUNREACH: "CONNECT_FAILED",
  ENETUNREACH: "CONNECT_FAILED",
  EADDRNOTAVAIL: "CONNECT_FAILED",
  ETIMEDOUT: "TIMEOUT",
  UND_ERR_CONNECT_TIMEOUT: "TIMEOUT",
  UND_ERR_HEADERS_TIMEOUT: "TIMEOUT",
  ECONNRESET: "CONNECTION_LOST",
  EPIPE: "CONNECTION_LOST",
  UND_ERR_SOCKET: "CONNECTION_LOST",
  UND_ERR_CLOSED: "CONNECTION_LOST",
};

/** The classification of an error a request ended with (fetch wraps the cause: look along the chain). */
export function classifyError(error: unknown): OutboundFailure {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current instanceof OutboundRefusal) return current.failure;
    if (current.name === "TimeoutError" || current.name === "AbortError") return "TIMEOUT";
    const code = (current as NodeJS.ErrnoException).code;
    if (code && CODES[code]) return CODES[code];
    if (code && TLS_CODE.test(code)) return "TLS_FAILED";
    // fetch's own list of ports it never calls (SMTP, IRC, ...): the URL is what is refused.
    if (current.message === "bad port") return "REFUSED_URL";
    current = current.cause;
  }
  return "NO_ANSWER";
}

/** The classification of an answer: none for 2xx. */
function classifyStatus(status: number): OutboundFailure | null {
  if (status >= 200 && status < 300) return null;
  return status >= 300 && status < 400 ? "REDIRECT" : "HTTP_STATUS";
}

/** POSTs `body` to `url` under `policy`. Never throws: every way it can end is an OutboundResult. */
export async function postOutbound(
  policy: OutboundPolicy,
  url: string,
  request: { headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<OutboundResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    checkUrlShape(policy, url);
    const answer = await fetch(url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(request.timeoutMs),
      dispatcher: agentOf(policy),
    });
    // Unread: the receiver's words are never kept or shown.
    await answer.body?.cancel().catch(() => undefined);
    const failure = classifyStatus(answer.status);
    return { ok: failure === null, statusCode: answer.status, latencyMs: elapsed(), failure };
  } catch (error) {
    return { ok: false, statusCode: null, latencyMs: elapsed(), failure: classifyError(error) };
  }
}
