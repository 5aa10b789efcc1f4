import { describe, expect, it } from "vitest";
import { checkHealth, walletProbe } from "@/lib/health/check-health";

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

  it("counts any HTTP answer from the wallet as reachable, and a network error as not", async () => {
    const answering = walletProbe("http://wallet", async () => new Response("nope", { status: 404 }));
    expect(await answering()).toEqual({ httpStatus: 404 });
    const refused = walletProbe("http://127.0.0.1:9");
    await expect(refused()).rejects.toThrow();
  });
});
