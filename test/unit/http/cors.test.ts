// CORS for /api/mini/*: the listed origins are answered, every other origin gets nothing.
import { describe, expect, it } from "vitest";
import { corsHeaders, isMiniProgramPath, preflightResponse } from "@/lib/http/cors";

const LISTED = ["https://shop.wallet-cdn.example", "http://app-5173.localhost:4010"];

describe("corsHeaders", () => {
  it("names a listed origin, and only that one", () => {
    for (const origin of LISTED) {
      expect(corsHeaders(origin, LISTED)).toEqual({
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Expose-Headers": "Retry-After",
        Vary: "Origin",
      });
    }
  });

  it("gives nothing but Vary to other origins, near misses included", () => {
    for (const origin of [
      "https://evil.example",
      "http://shop.wallet-cdn.example",
      "https://shop.wallet-cdn.example:444",
      "https://shop.wallet-cdn.example.evil.example",
      "null",
      "",
    ]) {
      expect(corsHeaders(origin, LISTED)).toEqual({ Vary: "Origin" });
    }
    expect(corsHeaders(null, LISTED)).toEqual({ Vary: "Origin" });
    expect(corsHeaders("https://shop.wallet-cdn.example", [])).toEqual({ Vary: "Origin" });
  });
});

describe("preflightResponse", () => {
  it("allows the mini program's methods and headers to a listed origin", () => {
    const answer = preflightResponse("https://shop.wallet-cdn.example", LISTED);
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-origin")).toBe("https://shop.wallet-cdn.example");
    expect(answer.headers.get("access-control-allow-methods")).toBe("GET, POST");
    expect(answer.headers.get("access-control-allow-headers")).toBe(
      "Authorization, Content-Type, Idempotency-Key",
    );
  });

  it("allows nothing to another origin", () => {
    const answer = preflightResponse("https://evil.example", LISTED);
    expect(answer.status).toBe(204);
    expect([...answer.headers.keys()].filter((name) => name.startsWith("access-control"))).toEqual([]);
  });
});

describe("isMiniProgramPath", () => {
  it("is the mini program's API only", () => {
    expect(isMiniProgramPath("/api/mini/orders")).toBe(true);
    expect(isMiniProgramPath("/api/mini/orders/1/confirm-receipt")).toBe(true);
    for (const path of ["/api/admin/orders", "/api/minimal", "/admin", "/api/wallet/notify/payment"]) {
      expect(isMiniProgramPath(path)).toBe(false);
    }
  });
});
