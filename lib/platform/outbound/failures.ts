// How a request the server made on an operator's behalf (a webhook, an alert's chat message) can
// fail, as a fixed list. Delivery records keep one of these with the status code and the timing,
// never what the receiver answered: an answer read back in the console would make every receiver
// URL a way to read whatever the server can reach. The console shows each in words (en and ar).

export const OUTBOUND_FAILURES = [
  /** The URL itself is refused: not http(s), http:// in production, or a port fetch never calls (25, 6000...). */
  "REFUSED_URL",
  /** The host is, or resolved to, an address outbound requests may not reach (this host, a private network, metadata). */
  "REFUSED_ADDRESS",
  /** The host name did not resolve. */
  "DNS_FAILED",
  /** Nothing accepted the connection (refused, unreachable). */
  "CONNECT_FAILED",
  /** No answer within the time allowed. */
  "TIMEOUT",
  /** The TLS handshake or the certificate failed. */
  "TLS_FAILED",
  /** The connection closed before a complete answer. */
  "CONNECTION_LOST",
  /** A 3xx answer: redirects are never followed (one could lead anywhere). */
  "REDIRECT",
  /** Any other answer outside 2xx. */
  "HTTP_STATUS",
  /** Failed some other way. */
  "NO_ANSWER",
] as const;
export type OutboundFailure = (typeof OUTBOUND_FAILURES)[number];

const WORDS: Record<OutboundFailure, string> = {
  REFUSED_URL: "refused: the URL is not allowed (https:// only in production, and never a blocked port)",
  REFUSED_ADDRESS: "refused: the host is not a public address",
  DNS_FAILED: "the host name did not resolve",
  CONNECT_FAILED: "could not connect",
  TIMEOUT: "no answer in time",
  TLS_FAILED: "the TLS handshake or certificate failed",
  CONNECTION_LOST: "the connection closed before an answer",
  REDIRECT: "answered with a redirect, which is not followed",
  HTTP_STATUS: "answered with an error status",
  NO_ANSWER: "no answer",
};

/** The failure in one fixed English line, for logs, alerts and `lastError` (never the receiver's words). */
export function describeFailure(failure: OutboundFailure, statusCode: number | null): string {
  return statusCode === null ? WORDS[failure] : `HTTP ${statusCode}: ${WORDS[failure]}`;
}
