// Readiness asks the wallet a signed question, not merely whether its address answers: with a
// Client-Id the wallet does not know, the wallet is "misconfigured" (the app stays ready: a wallet
// problem must not take the notification intake out of rotation).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
beforeAll(async () => {
  app = await startRouteHarness({
    extraEnv: { WALLET_CLIENT_ID: "unknown-to-the-wallet", HEALTH_DETAILS: "true" },
  });
});
afterAll(() => app?.close());

describe("readiness with a wallet that refuses us", () => {
  it("reports the wallet misconfigured, naming the refusal, while the app stays ready", async () => {
    const response = await app.call("GET", "/api/health/ready");
    expect(response.status).toBe(200);
    const report = (await response.json()) as { checks: { wallet: Record<string, unknown> } };
    expect(report.checks.wallet).toMatchObject({
      ok: false,
      state: "misconfigured",
      error: "misconfigured: INVALID_CLIENT: unknown Client-Id",
      detail: { state: "misconfigured", resultCode: "INVALID_CLIENT", baseUrl: app.sandbox.url },
    });
  });

  it("says only the word, without the detail, when details are off", async () => {
    const { checkReadiness } = await import("@/lib/platform/health/app-health");
    const summary = await checkReadiness({ details: false });
    expect(summary.checks.wallet).toEqual({
      ok: false,
      state: "misconfigured",
      latencyMs: expect.any(Number),
    });
  });
});
