// Which X-Forwarded-For entry is believed: the one our own proxies wrote, never what a client typed;
// and which budget an address spends from.
import { describe, expect, it } from "vitest";
import { addressBudgetKey, clientAddressFrom } from "@/lib/platform/addresses/client-address";

describe("clientAddressFrom", () => {
  it("takes the address a proxy that replaces the header (Caddy) or Next.js itself wrote", () => {
    expect(clientAddressFrom("203.0.113.7", null, 1)).toBe("203.0.113.7");
  });

  it("ignores what the client typed when one proxy appends (a cloud load balancer)", () => {
    // The client sent "X-Forwarded-For: 1.2.3.4" to change its address; the balancer appended the real one.
    expect(clientAddressFrom("1.2.3.4, 203.0.113.7", null, 1)).toBe("203.0.113.7");
    expect(clientAddressFrom("spoof-a, spoof-b,203.0.113.7", null, 1)).toBe("203.0.113.7");
  });

  it("counts back past each trusted proxy (a CDN in front of the balancer)", () => {
    expect(clientAddressFrom("1.2.3.4, 203.0.113.7, 198.51.100.2", null, 2)).toBe("203.0.113.7");
  });

  it("takes the leftmost entry when the request passed fewer proxies than configured", () => {
    expect(clientAddressFrom("10.0.0.5", null, 2)).toBe("10.0.0.5");
  });

  it("falls back to X-Real-IP, then to one shared 'unknown' bucket", () => {
    expect(clientAddressFrom(null, " 203.0.113.9 ", 1)).toBe("203.0.113.9");
    expect(clientAddressFrom(" , ", null, 1)).toBe("unknown");
    expect(clientAddressFrom(undefined, undefined, 1)).toBe("unknown");
  });

  it("drops a port a balancer wrote, so a client cannot get a budget per source port", () => {
    expect(clientAddressFrom("1.2.3.4, 203.0.113.7:51234", null, 1)).toBe("203.0.113.7");
    expect(clientAddressFrom("[2001:db8::7]:443", null, 1)).toBe("2001:db8::7");
    expect(clientAddressFrom("2001:db8::7", null, 1)).toBe("2001:db8::7");
  });

  it("with the connection's address known, counts the proxies back from it; 0 proxies: the connection itself", () => {
    // Reached directly (npm run dev): whatever the client typed is left of the connection's address.
    expect(clientAddressFrom("1.2.3.4, 127.0.0.200", null, 0, "127.0.0.200")).toBe("127.0.0.200");
    expect(clientAddressFrom("127.0.0.1", null, 0, "127.0.0.1")).toBe("127.0.0.1");
    // Behind one proxy that appended the client: the entry left of the proxy's own connection.
    expect(clientAddressFrom("1.2.3.4, 203.0.113.7, 10.0.0.2", null, 1, "10.0.0.2")).toBe("203.0.113.7");
    // A probe that skipped the proxy: the leftmost entry is the best there is.
    expect(clientAddressFrom("10.0.0.9", null, 1, "10.0.0.9")).toBe("10.0.0.9");
  });

  it("keeps at most 64 characters, so a long header cannot make long keys", () => {
    expect(clientAddressFrom("x".repeat(500), null, 1)).toHaveLength(64);
  });
});

describe("addressBudgetKey", () => {
  it("gives a whole IPv6 /64 one budget: its holder picks any address in it", () => {
    const a = addressBudgetKey("2001:db8:1234:5678::1");
    expect(a).toBe("2001:db8:1234:5678::/64");
    expect(addressBudgetKey("2001:0db8:1234:5678:ffff:eeee:dddd:cccc")).toBe(a);
    expect(addressBudgetKey("2001:db8:1234:5679::1"), "the next /64 is someone else").not.toBe(a);
    expect(addressBudgetKey("fe80::1%eth0")).toBe("fe80::/64");
  });

  it("keeps an IPv4 address its own budget, however it is written", () => {
    expect(addressBudgetKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBudgetKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressBudgetKey("203.0.113.8")).not.toBe(addressBudgetKey("203.0.113.7"));
  });

  it("keeps what is not an address as it is", () => {
    expect(addressBudgetKey("unknown")).toBe("unknown");
    expect(addressBudgetKey("not:an:address")).toBe("not:an:address");
  });
});
