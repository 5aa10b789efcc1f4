// Which kind of network an IP address belongs to, for the outbound policy (outbound-policy.ts).
// Only a public unicast address is "public"; everything else is named by why it is not: this host,
// a private or carrier network, a link (where cloud metadata services live), a range set aside.
// IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, the deprecated
// IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by the address they
// carry, since that is where a packet can end up; Teredo hides its client's address and is refused.
// The ranges are ipaddr.js's (a dependency kept for this), plus IPv6's global unicast block.
import ipaddr from "ipaddr.js";

const ADDRESS_KINDS = [
  "public",
  "loopback",
  "private",
  "link-local",
  "unique-local",
  "carrier-nat",
  "unspecified",
  "multicast",
  "broadcast",
  "reserved",
  "tunnel",
  "not-an-address",
] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/** The kinds a shop may open up for its own network (OUTBOUND_ALLOWED_NETWORKS); never the rest. */
export const KINDS_A_SHOP_MAY_ALLOW: ReadonlySet<AddressKind> = new Set([
  "loopback",
  "private",
  "link-local",
  "unique-local",
  "carrier-nat",
]);

const IPV4_KINDS: Readonly<Record<string, AddressKind>> = {
  unicast: "public",
  loopback: "loopback",
  private: "private",
  linkLocal: "link-local",
  carrierGradeNat: "carrier-nat",
  unspecified: "unspecified",
  multicast: "multicast",
  broadcast: "broadcast",
  reserved: "reserved",
  as112: "reserved",
  amt: "reserved",
};

/** IPv6 global unicast (RFC 4291): anything outside it is not on the public internet. */
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];
/** ::/96, the deprecated IPv4-compatible form (::127.0.0.1); ::/128 and ::1/128 are named before. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96") as [ipaddr.IPv6, number];

function kindOfIPv4(address: ipaddr.IPv4): AddressKind {
  return IPV4_KINDS[address.range()] ?? "reserved";
}

/** The IPv4 address inside an IPv6 form that carries one, or undefined. */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = address.range();
  const part = (index: number) => address.parts[index] ?? 0;
  const ipv4From = (high: number, low: number) =>
    new ipaddr.IPv4([part(high) >> 8, part(high) & 0xff, part(low) >> 8, part(low) & 0xff]);
  const fromLow = () => ipv4From(6, 7);
  if (range === "ipv4Mapped" || range === "rfc6145") return fromLow();
  // 64:ff9b::/96 (NAT64); the local-use 64:ff9b:1::/48 is a private network's own translator.
  if (range === "rfc6052" && part(2) === 0) return fromLow();
  if (range === "6to4") return ipv4From(1, 2);
  if (range !== "unspecified" && range !== "loopback" && address.match(IPV4_COMPATIBLE)) return fromLow();
  return undefined;
}

function kindOfIPv6(address: ipaddr.IPv6): AddressKind {
  const carried = embeddedIPv4(address);
  if (carried) return kindOfIPv4(carried);
  // ipaddr.js's ranges, as text: its type leaves some of its own names out.
  switch (address.range() as string) {
    case "loopback":
      return "loopback";
    case "unspecified":
      return "unspecified";
    case "linkLocal":
      return "link-local";
    case "uniqueLocal":
    case "deprecatedSiteLocal":
      return "unique-local";
    case "rfc6052":
      return "private";
    case "multicast":
      return "multicast";
    case "teredo":
      return "tunnel";
    case "unicast":
      return address.match(GLOBAL_UNICAST) ? "public" : "reserved";
    default:
      return "reserved";
  }
}

/**
 * The kind of `text`, an IP address as DNS answers it or a URL's hostname writes it (IPv6 with or
 * without its brackets). Anything that is not one address is "not-an-address".
 */
export function addressKind(text: string): AddressKind {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  // Only the plain notations: a URL has already turned 0177.0.0.1, 0x7f.1 or 2130706433 into
  // 127.0.0.1, and DNS answers in this form. ipaddr.parse would read other spellings its own way.
  if (!ipaddr.IPv6.isValid(bare) && !ipaddr.IPv4.isValidFourPartDecimal(bare)) return "not-an-address";
  const address = ipaddr.parse(bare);
  return address.kind() === "ipv4" ? kindOfIPv4(address as ipaddr.IPv4) : kindOfIPv6(address as ipaddr.IPv6);
}
