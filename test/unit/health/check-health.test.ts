import { describe, expect, it } from "vitest";
import { checkHealth, ProbeFailure } from "@/lib/platform/health/check-health";

describe("checkHealth", () => {
  it("is ok when every probe answers, with a latency for each", async () => {
    const report = await checkHealth({
      database: async () => undefined,
      redis: async () => ({ role: "master" }),
    });
    expect(report.status).toBe("ok");
    expect(report.checks.redis).toMatchObject({ ok: true, detail: { role: "master" } });
    expect(report.checks.database?.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("is degraded, naming the error, when a probe fails or hangs", async () => {
    const report = await checkHealth(
      {
        database: async () => {
          throw new Error("connection refused");
        },
        redis: () => new Promise(() => undefined),
        wallet: async () => undefined,
      },
      50,
    );
    expect(report.status).toBe("degraded");
    expect(report.checks.database).toMatchObject({ ok: false, error: "connection refused" });
    expect(report.checks.redis).toMatchObject({ ok: false, error: "no answer within 50 ms" });
    expect(report.checks.wallet?.ok).toBe(true);
  });

  it("reports the state and detail of a probe that got an answer and judged it bad", async () => {
    const report = await checkHealth(
      {
        database: async () => undefined,
        wallet: async () => {
          throw new ProbeFailure("misconfigured: INVALID_CLIENT", "misconfigured", {
            resultCode: "INVALID_CLIENT",
          });
        },
      },
      50,
      ["database"],
    );
    expect(report.status).toBe("ok");
    expect(report.checks.wallet).toMatchObject({
      ok: false,
      state: "misconfigured",
      error: "misconfigured: INVALID_CLIENT",
      detail: { resultCode: "INVALID_CLIENT" },
    });
  });
});
