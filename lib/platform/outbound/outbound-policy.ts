// The one policy for every URL the server calls on an operator's behalf (webhook endpoints, alert
// chat webhooks, anything later): who may add such a URL must not be able to make the server talk to
// itself or its network — Redis, PostgreSQL, an admin panel on the host, a cloud metadata address.
// A URL passes when it is https:// (http:// too outside production) and its host is a public
// address, or a name whose every address is public. Names are resolved when the URL is registered
// and again at every connection (outbound-request.ts), since DNS can answer differently the second
// time. A shop whose receivers live on its own network opens that network by name
// (OUTBOUND_ALLOWED_NETWORKS); `npm run dev` opens loopback for local testing.
import { lookup as systemLookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { type AddressKind, addressKind, embeddedIPv4, KINDS_A_SHOP_MAY_ALLOW } from "./address-kind";
import type { OutboundFailure } from "./failures";

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a name, as the system resolves it (dns.lookup with all: true). */
export type ResolveAll = (hostname: string) => Promise<ResolvedAddress[]>;

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

export interface OutboundPolicy {
  /** Production: https:// only, so what we send never crosses a network in clear. */
  readonly httpsOnly: boolean;
  /** Internal networks opened on purpose (OUTBOUND_ALLOWED_NETWORKS; loopback under npm run dev). */
  readonly allowedNetworks: readonly Network[];
  readonly resolve: ResolveAll;
}

const resolveWithSystem: ResolveAll = (hostname) => systemLookup(hostname, { all: true, verbatim: true });

/** The networks of a comma- or space-separated CIDR list; throws on anything that is not one. */
export function parseNetworks(list: string): Network[] {
  return list
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((cidr) => {
      if (!ipaddr.isValidCIDR(cidr)) throw new Error(`"${cidr}" is not a network in CIDR form (10.0.0.0/8)`);
      return ipaddr.parseCIDR(cidr);
    });
}

export function outboundPolicy(options: {
  httpsOnly: boolean;
  allowedNetworks?: string;
  resolve?: ResolveAll;
}): OutboundPolicy {
  return {
    httpsOnly: options.httpsOnly,
    allowedNetworks: parseNetworks(options.allowedNetworks ?? ""),
    resolve: options.resolve ?? resolveWithSystem,
  };
}

/** A refusal by the policy, with the failure delivery records keep. */
export class OutboundRefusal extends Error {
  override readonly name = "OutboundRefusal";
  constructor(
    readonly failure: Extract<OutboundFailure, "REFUSED_URL" | "REFUSED_ADDRESS" | "DNS_FAILED">,
    message: string,
    /** The refused address's kind, when an address was refused. */
    readonly kind?: AddressKind,
  ) {
    super(message);
  }
}

function inAllowedNetwork(policy: OutboundPolicy, text: string): boolean {
  if (policy.allowedNetworks.length === 0) return false;
  const bare = text.replace(/^\[|\]$/g, "");
  const address = ipaddr.parse(bare);
  const forms = [address];
  if (address.kind() === "ipv6") {
    const carried = embeddedIPv4(address as ipaddr.IPv6);
    if (carried) forms.push(carried);
  }
  return forms.some((form) =>
    policy.allowedNetworks.some(
      ([network, bits]) => network.kind() === form.kind() && form.match(network as never, bits),
    ),
  );
}

/** The kind of an address the policy refuses, or undefined when the policy lets it through. */
function refusedKind(policy: OutboundPolicy, address: string): AddressKind | undefined {
  const kind = addressKind(address);
  if (kind === "public") return undefined;
  if (KINDS_A_SHOP_MAY_ALLOW.has(kind) && inAllowedNetwork(policy, address)) return undefined;
  return kind;
}

/** RFC 6761: localhost and every name under it are this host, whatever DNS would say. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.replace(/\.+$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

const refusedAddress = (kind: AddressKind) =>
  new OutboundRefusal(
    "REFUSED_ADDRESS",
    `refused: ${kind === "not-an-address" ? "not a usable" : `${kind === "unspecified" ? "an" : "a"} ${kind}`} address; outbound requests go to public addresses only`,
    kind,
  );

/**
 * The URL parsed, after what can be judged without DNS: the scheme, and the host when it is an
 * address (in whatever spelling: the URL parser has already made 0177.0.0.1, 0x7f.1, 2130706433 and
 * 127.1 into 127.0.0.1) or a localhost name. Throws an OutboundRefusal.
 */
export function checkUrlShape(policy: OutboundPolicy, url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundRefusal("REFUSED_URL", "refused: not a URL");
  }
  if (parsed.protocol !== "https:" && (policy.httpsOnly || parsed.protocol !== "http:")) {
    throw new OutboundRefusal(
      "REFUSED_URL",
      policy.httpsOnly ? "refused: must be an https:// address" : "refused: must be http:// or https://",
    );
  }
  const host = parsed.hostname;
  const literal = addressKind(host) !== "not-an-address";
  if (literal) {
    const kind = refusedKind(policy, host);
    if (kind) throw refusedAddress(kind);
  } else if (isLocalhostName(host) && !inAllowedNetwork(policy, "127.0.0.1")) {
    throw refusedAddress("loopback");
  }
  return parsed;
}

/**
 * Every address `hostname` resolves to, when each one passes; throws an OutboundRefusal otherwise
 * (one internal address is enough: a client may try them in any order).
 */
export async function resolvePermitted(policy: OutboundPolicy, hostname: string): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await policy.resolve(hostname);
  } catch {
    throw new OutboundRefusal("DNS_FAILED", "its host name does not resolve");
  }
  if (addresses.length === 0) throw new OutboundRefusal("DNS_FAILED", "its host name does not resolve");
  for (const { address } of addresses) {
    const kind = refusedKind(policy, address);
    if (kind) throw refusedAddress(kind);
  }
  return addresses;
}

/** The whole check, as at registration: the URL's shape, then every address of its host. */
export async function checkOutboundUrl(policy: OutboundPolicy, url: string): Promise<URL> {
  const parsed = checkUrlShape(policy, url);
  if (addressKind(parsed.hostname) === "not-an-address") await resolvePermitted(policy, parsed.hostname);
  return parsed;
}
