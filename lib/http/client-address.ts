// The address a request came from, for rate limits and for counting unverifiable notifications. The
// app only ever sees it through X-Forwarded-For: Next.js fills the header from the socket when it is
// absent, and keeps what the caller sent when it is present. So only the entries our own proxies
// wrote can be believed: with N proxies in front (TRUSTED_PROXY_HOPS), the N-th entry from the right
// is the address the outermost one saw. Everything left of it is whatever the client typed, and
// taking the first entry would let anyone pick a fresh address per request.

/** Longest address kept: an IPv6 address with a zone fits, a pasted essay does not. */
const MAX_ADDRESS_LENGTH = 64;

export function clientAddressFrom(
  forwardedFor: string | null | undefined,
  realIp: string | null | undefined,
  trustedProxyHops: number,
): string {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the request skipped one (a probe on the internal network); the
  // leftmost entry is then the best there is.
  const chosen = entries[Math.max(0, entries.length - trustedProxyHops)] ?? realIp?.trim();
  return withoutPort(chosen || "unknown").slice(0, MAX_ADDRESS_LENGTH);
}

/**
 * Some balancers write `ip:port`. The client picks its source port, so a key with the port in it
 * would give every connection a budget of its own.
 */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) return bracketed[1];
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return ipv4WithPort?.[1] ?? address;
}
