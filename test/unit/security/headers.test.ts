import { describe, expect, it } from "vitest";
import { adminContentSecurityPolicy, isAdminPath, securityHeadersFor } from "@/lib/platform/security/headers";

const fixedNonce = () => "bm9uY2U=";

describe("security headers decided per request", () => {
  it("sends HSTS only when the public address is https (the app itself only sees http behind TLS)", () => {
    const https = securityHeadersFor({
      pathname: "/api/health",
      publicBaseUrl: "https://shop.example.com",
      development: false,
    });
    const http = securityHeadersFor({
      pathname: "/api/health",
      publicBaseUrl: "http://127.0.0.1:3000",
      development: false,
    });
    expect(https.response).toEqual({ "Strict-Transport-Security": "max-age=31536000" });
    expect(http.response).toEqual({});
    expect(http.request).toEqual({});
  });

  it("gives admin pages a nonce policy on the request (for Next.js to find) and on the response", () => {
    const headers = securityHeadersFor({
      pathname: "/admin/orders",
      publicBaseUrl: "https://shop.example.com",
      development: false,
      nonce: fixedNonce,
    });
    const policy = headers.response["Content-Security-Policy"];
    expect(policy).toContain("script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(headers.request).toEqual({ "Content-Security-Policy": policy, "x-nonce": "bm9uY2U=" });
  });

  it("gives every admin request a fresh nonce", () => {
    const nonces = new Set(
      Array.from(
        { length: 20 },
        () =>
          securityHeadersFor({
            pathname: "/admin",
            publicBaseUrl: "http://localhost:3000",
            development: false,
          }).request["x-nonce"],
      ),
    );
    expect(nonces.size).toBe(20);
  });

  it.each([
    ["/admin", true],
    ["/admin/", true],
    ["/admin/orders/1", true],
    ["/administrator", false],
    ["/api/admin", false],
    ["/", false],
  ])("treats %s as an admin page: %s", (pathname, expected) => {
    expect(isAdminPath(pathname)).toBe(expected);
  });
});

describe("the admin pages' policy", () => {
  const policy = (options: { https: boolean; development: boolean }) =>
    adminContentSecurityPolicy({ nonce: "abc", ...options });

  it("allows no inline or foreign script, no framing, no plugins, and forms only to us", () => {
    const production = policy({ https: true, development: false });
    expect(production).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(production).toContain("default-src 'self'");
    expect(production).toContain("frame-ancestors 'none'");
    expect(production).toContain("object-src 'none'");
    expect(production).toContain("form-action 'self'");
    expect(production).toContain("upgrade-insecure-requests");
  });

  it("allows eval only in development (React's dev tooling) and never upgrades plain-http origins", () => {
    expect(policy({ https: false, development: true })).toContain("'strict-dynamic' 'unsafe-eval'");
    expect(policy({ https: false, development: false })).not.toContain("upgrade-insecure-requests");
  });
});
