// The address a request came from, for rate limits, sign-in throttling and counting unverifiable
// notifications. Route handlers see it only through X-Forwarded-For, and only the entries our own
// side wrote can be believed; everything left of them is whatever the client typed, and believing
// that would let anyone pick a fresh address (a fresh budget) per request.
// - In a server process, lib/platform/addresses/peer-address.ts appends the connection's own address and says so
//   in X-Peer-Address: with N proxies in front (TRUSTED_PROXY_HOPS, 0 when reached directly, as in
//   `npm run dev` and `npm start`), the client is N entries left of that last one.
// - Without it (a route called in-process, in tests), Next.js's rule stands: it fills the header from
//   the socket only when absent, so the N-th entry from the right is the address the outermost proxy
//   saw.
import ipaddr from "ipaddr.js";

/** Longest address kept: an IPv6 address with a zone fits, a pasted essay does not. */
const MAX_ADDRESS_LENGTH = 64;

export function clientAddressFrom(
  forwardedFor: string | null | undefined,
  realIp: string | null | undefined,
  trustedProxyHops: number,
  peer?: string | null,
): string {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const fromRight = peer ? trustedProxyHops + 1 : Math.max(1, trustedProxyHops);
  // Fewer entries than proxies: the request skipped one (a probe on the internal network); the
  // leftmost entry is then the best there is.
  const chosen = entries[Math.max(0, entries.length - fromRight)] ?? peer ?? realIp?.trim();
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

/**
 * The budget an address spends from (rate limits, sign-in throttling, forged notifications). An IPv6
 * client is usually handed a whole /64 and picks any address in it, so all of a /64 shares one
 * budget; an IPv4 address, also written IPv4-mapped (::ffff:203.0.113.7), is its own. Anything that
 * is not an address ("unknown") is kept as it is.
 */
export function addressBudgetKey(address: string): string {
  if (!ipaddr.IPv6.isValid(address)) return address;
  const ipv6 = ipaddr.IPv6.parse(address);
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  const network = new ipaddr.IPv6([...ipv6.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}
