// The route pattern that labels request metrics: rebuilt from the path and Next's params, so ids,
// fuzzed paths and catch-all tails never become label values.
import { describe, expect, it } from "vitest";
import { routePattern } from "@/lib/http/route-pattern";

describe("routePattern", () => {
  it.each([
    ["/api/mini/orders", {}, "/api/mini/orders"],
    ["/api/mini/orders", undefined, "/api/mini/orders"],
    ["/api/mini/orders/0196-a1", { id: "0196-a1" }, "/api/mini/orders/[id]"],
    ["/api/mini/orders/0196-a1/confirm-receipt", { id: "0196-a1" }, "/api/mini/orders/[id]/confirm-receipt"],
    ["/api/wallet/notify/payment", { kind: "payment" }, "/api/wallet/notify/[kind]"],
    ["/api/no/such/thing", { path: ["no", "such", "thing"] }, "/api/[...path]"],
    // Next hands params over decoded; the path keeps its encoding.
    ["/api/mini/orders/a%20b", { id: "a b" }, "/api/mini/orders/[id]"],
    ["/api/mini/orders/%E0%A4%A", { id: "%E0%A4%A" }, "/api/mini/orders/[id]"],
    // An id that spells a static word is still the dynamic segment: matching runs from the right.
    ["/api/mini/orders/orders", { id: "orders" }, "/api/mini/orders/[id]"],
  ])("%s with %j is %s", (path, params, expected) => {
    expect(routePattern(path, params)).toBe(expected);
  });

  it("stays short whatever the path", () => {
    expect(routePattern(`/api/${"x".repeat(500)}`, {}).length).toBeLessThanOrEqual(120);
  });
});
