// compose.production.yml puts one proxy (Caddy) in front of the app instances, so their client
// address is one entry left of the connection's: TRUSTED_PROXY_HOPS must say 1, or every customer
// shares Caddy's address (one rate-limit budget for all) or chooses their own.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { clientAddressFrom } from "@/lib/platform/addresses/client-address";

const compose = parse(readFileSync(new URL("../../../compose.production.yml", import.meta.url), "utf8"), {
  merge: true,
}) as {
  services: Record<string, { image?: string; command?: string[]; environment?: Record<string, string> }>;
};

describe("compose.production.yml's proxy depth", () => {
  const proxies = Object.values(compose.services).filter((service) => service.image?.startsWith("caddy"));
  const apps = Object.entries(compose.services).filter(([name]) => name.startsWith("app-"));

  it("has one proxy, and every app instance counts one hop", () => {
    expect(proxies).toHaveLength(1);
    expect(apps.length).toBeGreaterThan(0);
    for (const [name, app] of apps) {
      // Compose's own default syntax: 1 unless the deployment says otherwise.
      expect(app.environment?.TRUSTED_PROXY_HOPS, name).toMatch(/^\$\{TRUSTED_PROXY_HOPS:-1\}$/);
    }
  });

  it("so a client behind Caddy is the client, whatever it typed", () => {
    // Caddy replaces X-Forwarded-For with the client's address; the app appends Caddy's.
    expect(clientAddressFrom("203.0.113.7, 172.18.0.5", null, 1, "172.18.0.5")).toBe("203.0.113.7");
  });
});
