// The outbound policy over a table of addresses in every notation a URL accepts: loopback, private,
// link-local (cloud metadata), unique-local, carrier NAT, unspecified, multicast, broadcast, reserved
// and documentation ranges, and the IPv6 forms that carry an IPv4 address — written in decimal,
// octal, hex, short, bracketed, upper case, with a trailing dot — and host names whose addresses
// (from a resolver of the test's own) include one of them.
import { describe, expect, it } from "vitest";
import { OutboundFailure } from "@/lib/platform/db";
import { addressKind } from "@/lib/platform/outbound/address-kind";
import { describeFailure, OUTBOUND_FAILURES } from "@/lib/platform/outbound/failures";
import {
  checkOutboundUrl,
  type OutboundPolicy,
  OutboundRefusal,
  outboundPolicy,
  parseNetworks,
  type ResolvedAddress,
} from "@/lib/platform/outbound/outbound-policy";
import { classifyError } from "@/lib/platform/outbound/outbound-request";

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

/** What DNS answers in this test: public names, names of internal services, names that rebind. */
const ZONE: Record<string, ResolvedAddress[]> = {
  "shop.example": [v4("93.184.216.34")],
  "dual.example": [v4("93.184.216.34"), v6("2606:2800:220:1:248:1893:25c8:1946")],
  "v6only.example": [v6("2606:4700:4700::1111")],
  "nat64.example": [v6("64:ff9b::5db8:d822")],
  "mixed.example": [v4("93.184.216.34"), v4("10.0.0.5")],
  "mixed6.example": [v6("2606:4700:4700::1111"), v6("::1")],
  "metadata.google.internal": [v4("169.254.169.254")],
  redis: [v4("172.18.0.3")],
  "postgres.internal.example": [v4("10.1.2.3")],
  "127.0.0.1.nip.io": [v4("127.0.0.1")],
  "mapped.example": [v6("::ffff:127.0.0.1")],
  "metadata64.example": [v6("64:ff9b::a9fe:a9fe")],
  "ula.example": [v6("fd00:ec2::254")],
  "cgnat.example": [v4("100.100.100.200")],
  "zero.example": [v4("0.0.0.0")],
  "office.example": [v4("10.20.3.4")],
  "empty.example": [],
  localhost: [v4("127.0.0.1"), v6("::1")],
};

const resolve = async (hostname: string) => {
  const answer = ZONE[hostname.replace(/\.$/, "")];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return answer;
};

const development = outboundPolicy({ httpsOnly: false, resolve });
const production = outboundPolicy({ httpsOnly: true, resolve });

/** "allowed", or how the policy refuses: the failure, and for an address its kind. */
async function verdict(policy: OutboundPolicy, url: string): Promise<string> {
  try {
    await checkOutboundUrl(policy, url);
    return "allowed";
  } catch (error) {
    if (!(error instanceof OutboundRefusal)) throw error;
    return error.kind ? `${error.failure}:${error.kind}` : error.failure;
  }
}

const refused = (kind: string) => `REFUSED_ADDRESS:${kind}`;

const INTERNAL: [url: string, expected: string][] = [
  // This host, however it is written.
  ["http://127.0.0.1/", refused("loopback")],
  ["http://127.0.0.2:6379/", refused("loopback")],
  ["http://127.255.255.254:5432/", refused("loopback")],
  ["http://0177.0.0.1/", refused("loopback")],
  ["http://0177.0000.0000.0001/", refused("loopback")],
  ["http://2130706433/", refused("loopback")],
  ["http://017700000001/", refused("loopback")],
  ["http://0x7f000001/", refused("loopback")],
  ["http://0x7f.1/", refused("loopback")],
  ["http://0X7F.0.0.1/", refused("loopback")],
  ["http://127.1/", refused("loopback")],
  ["http://127.0.1/", refused("loopback")],
  ["http://127.0.0.1./", refused("loopback")],
  ["http://%31%32%37.0.0.1/", refused("loopback")],
  ["http://①②⑦.0.0.1/", refused("loopback")],
  ["http://127。0。0。1/", refused("loopback")],
  ["http://[::1]/", refused("loopback")],
  ["http://[0:0:0:0:0:0:0:1]:6379/", refused("loopback")],
  ["http://[::ffff:127.0.0.1]/", refused("loopback")],
  ["http://[::FFFF:7F00:1]/", refused("loopback")],
  ["http://[0:0:0:0:0:ffff:7f00:1]/", refused("loopback")],
  ["http://[::127.0.0.1]/", refused("loopback")],
  ["http://[::ffff:0:127.0.0.1]/", refused("loopback")],
  ["http://[64:ff9b::127.0.0.1]/", refused("loopback")],
  ["http://[64:ff9b::7f00:1]/", refused("loopback")],
  ["http://[2002:7f00:1::]/", refused("loopback")],
  ["http://localhost/", refused("loopback")],
  ["http://LOCALHOST:6379/", refused("loopback")],
  ["http://localhost./", refused("loopback")],
  ["http://LocalHost.:8080/", refused("loopback")],
  ["http://api.localhost/", refused("loopback")],
  ["http://a.b.localhost./", refused("loopback")],
  // Nothing (0.0.0.0 reaches this host on Linux).
  ["http://0/", refused("unspecified")],
  ["http://0.0.0.0:3000/", refused("unspecified")],
  ["http://0x0/", refused("unspecified")],
  ["http://000.000.000.000/", refused("unspecified")],
  ["http://0.1.2.3/", refused("unspecified")],
  ["http://[::]/", refused("unspecified")],
  ["http://[0:0:0:0:0:0:0:0]/", refused("unspecified")],
  // Private networks (RFC 1918) in their spellings.
  ["http://10.0.0.1/", refused("private")],
  ["http://10.255.255.255/", refused("private")],
  ["http://012.0.0.1/", refused("private")],
  ["http://167772161/", refused("private")],
  ["http://0xa.0.0.1/", refused("private")],
  ["http://172.16.0.1/", refused("private")],
  ["http://172.31.255.255/", refused("private")],
  ["http://192.168.1.1/", refused("private")],
  ["http://0xc0a80101/", refused("private")],
  ["http://3232235777/", refused("private")],
  ["http://192.168.257/", refused("private")],
  ["http://[::ffff:10.0.0.1]/", refused("private")],
  ["http://[::ffff:c0a8:101]/", refused("private")],
  ["http://[64:ff9b::10.0.0.1]/", refused("private")],
  ["http://[2002:c0a8:101::1]/", refused("private")],
  ["http://[64:ff9b:1::a00:1]/", refused("private")],
  // Link-local: where cloud metadata answers.
  ["http://169.254.169.254/latest/meta-data/", refused("link-local")],
  ["http://0xa9fea9fe/", refused("link-local")],
  ["http://2852039166/", refused("link-local")],
  ["http://0251.0376.0251.0376/", refused("link-local")],
  ["http://169.254.43518/", refused("link-local")],
  ["http://[::ffff:169.254.169.254]/", refused("link-local")],
  ["http://[64:ff9b::a9fe:a9fe]/", refused("link-local")],
  ["http://[fe80::1]/", refused("link-local")],
  ["http://[FE80::A9FE:A9FE]/", refused("link-local")],
  // Unique-local IPv6 (fc00::/7), and the site-local block it replaced.
  ["http://[fc00::1]/", refused("unique-local")],
  ["http://[fd12:3456:789a::1]/", refused("unique-local")],
  ["http://[fd00:ec2::254]/", refused("unique-local")],
  ["http://[fec0::1]/", refused("unique-local")],
  // Carrier-grade NAT (100.64.0.0/10).
  ["http://100.64.0.1/", refused("carrier-nat")],
  ["http://100.127.255.254/", refused("carrier-nat")],
  ["http://[::ffff:100.100.100.200]/", refused("carrier-nat")],
  // Multicast and broadcast.
  ["http://224.0.0.1/", refused("multicast")],
  ["http://239.255.255.250:1900/", refused("multicast")],
  ["http://[ff02::1]/", refused("multicast")],
  ["http://[ff05::c]/", refused("multicast")],
  ["http://255.255.255.255/", refused("broadcast")],
  ["http://4294967295/", refused("broadcast")],
  ["http://0xffffffff/", refused("broadcast")],
  // Reserved and documentation ranges.
  ["http://192.0.2.1/", refused("reserved")],
  ["http://198.51.100.7/", refused("reserved")],
  ["http://203.0.113.9/", refused("reserved")],
  ["http://198.18.0.1/", refused("reserved")],
  ["http://192.0.0.8/", refused("reserved")],
  ["http://240.0.0.1/", refused("reserved")],
  ["http://[2001:db8::1]/", refused("reserved")],
  ["http://[100::1]/", refused("reserved")],
  ["http://[4000::1]/", refused("reserved")],
  // Teredo hides its client's address.
  ["http://[2001::1]/", refused("tunnel")],
  ["http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", refused("tunnel")],
  // Names whose answers include an internal address: one is enough.
  ["https://mixed.example/hooks", refused("private")],
  ["https://mixed6.example/hooks", refused("loopback")],
  ["https://metadata.google.internal/computeMetadata/v1/", refused("link-local")],
  ["http://redis:6379/", refused("private")],
  ["https://postgres.internal.example:5432/", refused("private")],
  ["https://127.0.0.1.nip.io/", refused("loopback")],
  ["https://mapped.example/", refused("loopback")],
  ["https://metadata64.example/", refused("link-local")],
  ["https://ula.example/", refused("unique-local")],
  ["https://cgnat.example/", refused("carrier-nat")],
  ["https://zero.example/", refused("unspecified")],
  ["https://MIXED.EXAMPLE./hooks", refused("private")],
  // Names that do not resolve.
  ["https://missing.example/", "DNS_FAILED"],
  ["https://empty.example/", "DNS_FAILED"],
];

const PUBLIC: string[] = [
  "http://8.8.8.8/",
  "https://1.1.1.1/hooks",
  "http://134744072/",
  "http://0x8.0x8.0x8.0x8/",
  "http://100.63.255.255/",
  "http://100.128.0.1/",
  "http://172.15.255.255/",
  "http://172.32.0.1/",
  "http://169.253.255.255/",
  "http://11.0.0.1/",
  "http://192.169.0.1/",
  "http://223.255.255.255/",
  "http://[2606:4700:4700::1111]/",
  "http://[::ffff:8.8.8.8]/",
  "http://[64:ff9b::808:808]/",
  "http://[2002:808:808::1]/",
  "https://shop.example/hooks",
  "https://SHOP.EXAMPLE./hooks",
  "https://dual.example/",
  "https://v6only.example/",
  "https://nat64.example/",
];

describe("the outbound policy, address by address", () => {
  it.each(INTERNAL)("refuses %s (%s)", async (url, expected) => {
    expect(await verdict(development, url)).toBe(expected);
    expect(await verdict(production, url.replace(/^http:/, "https:"))).toBe(expected);
  });

  it.each(PUBLIC)("lets %s through", async (url) => {
    expect(await verdict(development, url)).toBe("allowed");
  });

  it("has more than a hundred cases", () => {
    expect(INTERNAL.length + PUBLIC.length).toBeGreaterThan(100);
  });
});

describe("the scheme", () => {
  it.each([
    ["http://shop.example/hooks", "REFUSED_URL", "allowed"],
    ["https://shop.example/hooks", "allowed", "allowed"],
    ["HTTPS://shop.example/hooks", "allowed", "allowed"],
    ["ftp://shop.example/", "REFUSED_URL", "REFUSED_URL"],
    ["file:///etc/passwd", "REFUSED_URL", "REFUSED_URL"],
    ["gopher://shop.example:6379/_INFO", "REFUSED_URL", "REFUSED_URL"],
    ["javascript:alert(1)", "REFUSED_URL", "REFUSED_URL"],
    ["not a url", "REFUSED_URL", "REFUSED_URL"],
  ])("%s: production %s, development %s", async (url, inProduction, inDevelopment) => {
    expect(await verdict(production, url)).toBe(inProduction);
    expect(await verdict(development, url)).toBe(inDevelopment);
  });
});

describe("networks a shop opens (OUTBOUND_ALLOWED_NETWORKS)", () => {
  const office = outboundPolicy({ httpsOnly: true, allowedNetworks: "10.20.0.0/16, fd00:20::/64", resolve });

  it.each([
    ["https://10.20.1.2/", "allowed"],
    ["https://[::ffff:10.20.1.2]/", "allowed"],
    ["https://[fd00:20::5]/", "allowed"],
    ["https://office.example/", "allowed"],
    ["https://10.21.0.1/", refused("private")],
    ["https://[fd00:21::5]/", refused("unique-local")],
    ["https://127.0.0.1/", refused("loopback")],
    ["https://localhost/", refused("loopback")],
    ["https://169.254.169.254/", refused("link-local")],
    ["https://mixed.example/", refused("private")],
  ])("%s: %s", async (url, expected) => {
    expect(await verdict(office, url)).toBe(expected);
  });

  it("never opens nothing, multicast, broadcast or reserved addresses, even to 0.0.0.0/0", async () => {
    const everything = outboundPolicy({ httpsOnly: false, allowedNetworks: "0.0.0.0/0,::/0", resolve });
    expect(await verdict(everything, "http://10.0.0.1/")).toBe("allowed");
    expect(await verdict(everything, "http://0.0.0.0/")).toBe(refused("unspecified"));
    expect(await verdict(everything, "http://[::]/")).toBe(refused("unspecified"));
    expect(await verdict(everything, "http://224.0.0.1/")).toBe(refused("multicast"));
    expect(await verdict(everything, "http://255.255.255.255/")).toBe(refused("broadcast"));
    expect(await verdict(everything, "http://192.0.2.1/")).toBe(refused("reserved"));
    expect(await verdict(everything, "http://[2001::1]/")).toBe(refused("tunnel"));
  });

  it("lets `npm run dev`'s loopback through, and nothing else internal", async () => {
    const dev = outboundPolicy({ httpsOnly: false, allowedNetworks: "127.0.0.0/8,::1/128", resolve });
    for (const url of [
      "http://localhost:3000/",
      "http://127.0.0.1:9000/",
      "http://[::1]/",
      "http://0x7f.1/",
    ]) {
      expect(await verdict(dev, url), url).toBe("allowed");
    }
    expect(await verdict(dev, "http://10.0.0.1/")).toBe(refused("private"));
    expect(await verdict(dev, "http://169.254.169.254/")).toBe(refused("link-local"));
    expect(await verdict(dev, "http://0.0.0.0/")).toBe(refused("unspecified"));
  });

  it.each(["10.0.0.0", "10.0.0.0/33", "banana", "::1/129", "10.0.0.0/8;rm"])(
    "refuses %s as a network",
    (list) => {
      expect(() => parseNetworks(list)).toThrow(/CIDR/);
    },
  );
});

describe("address kinds as DNS writes them", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["[::1]", "loopback"],
    ["8.8.8.8", "public"],
    ["2a00:1450:4001:80b::200e", "public"],
    ["0177.0.0.1", "not-an-address"],
    ["2130706433", "not-an-address"],
    ["shop.example", "not-an-address"],
  ])("%s is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});

describe("failures, classified from what a request ended with", () => {
  const wrapped = (cause: unknown) => new TypeError("fetch failed", { cause });
  it.each([
    [wrapped(new OutboundRefusal("REFUSED_ADDRESS", "no")), "REFUSED_ADDRESS"],
    [wrapped(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })), "CONNECT_FAILED"],
    [wrapped(Object.assign(new Error("getaddrinfo"), { code: "ENOTFOUND" })), "DNS_FAILED"],
    [wrapped(Object.assign(new Error("socket"), { code: "UND_ERR_SOCKET" })), "CONNECTION_LOST"],
    [wrapped(Object.assign(new Error("cert"), { code: "DEPTH_ZERO_SELF_SIGNED_CERT" })), "TLS_FAILED"],
    [wrapped(Object.assign(new Error("altname"), { code: "ERR_TLS_CERT_ALTNAME_INVALID" })), "TLS_FAILED"],
    [new DOMException("The operation was aborted due to timeout", "TimeoutError"), "TIMEOUT"],
    [wrapped(Object.assign(new Error("connect timeout"), { code: "UND_ERR_CONNECT_TIMEOUT" })), "TIMEOUT"],
    [wrapped(new Error("bad port")), "REFUSED_URL"],
    [new Error("something else"), "NO_ANSWER"],
  ])("%s → %s", (error, failure) => {
    expect(classifyError(error)).toBe(failure);
  });

  it("is the list the database keeps (the outbound_failure enum)", () => {
    expect(Object.values(OutboundFailure)).toEqual([...OUTBOUND_FAILURES]);
  });

  it("describes a failure in fixed words, with the status when there was one", () => {
    expect(describeFailure("HTTP_STATUS", 500)).toBe("HTTP 500: answered with an error status");
    expect(describeFailure("REFUSED_ADDRESS", null)).toBe("refused: the host is not a public address");
  });
});
