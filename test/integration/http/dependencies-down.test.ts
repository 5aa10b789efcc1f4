// While PostgreSQL or Redis cannot be reached, routes answer 503 with Retry-After (the mini program
// retries with the same Idempotency-Key, which is safe), never an opaque 500; liveness still answers
// and readiness says the instance is out. The app is pointed at ports where nothing listens.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSessionToken } from "@/lib/customers/session-token";
import { merchantAppEnv, sandboxWallet } from "@/test/support/app-env";
import { type CallInit, callRoute, listApiRoutes } from "@/test/support/route-harness";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";

let sandbox: TestSandbox;
const routes = listApiRoutes();

beforeAll(async () => {
  sandbox = await startTestSandbox();
  // Ports below 1024 that nothing here serves: a port picked free could be handed to another test's
  // server while this file runs, and a database client that reached it would not be refused.
  const [deadDatabasePort, deadRedisPort] = [1, 2];
  Object.assign(
    process.env,
    merchantAppEnv({
      databaseUrl: `postgresql://postgres@127.0.0.1:${deadDatabasePort}/merchant`,
      redisUrl: `redis://127.0.0.1:${deadRedisPort}`,
      wallet: sandboxWallet(sandbox),
      logLevel: "silent",
    }),
  );
});
afterAll(async () => {
  const { getRedis } = await import("@/lib/platform/redis");
  getRedis().disconnect();
  await sandbox?.close();
});

const call = (method: string, path: string, init?: CallInit) => callRoute(routes, method, path, init);

/** A well-signed session token (for a customer the unreachable database would have to confirm). */
async function validSessionToken(): Promise<string> {
  const { sessionToken } = await issueSessionToken(crypto.randomUUID(), process.env.SESSION_SECRET as string);
  return sessionToken;
}

const UNAVAILABLE = {
  error: {
    code: "SERVICE_UNAVAILABLE",
    message: "The service is briefly unavailable; retry in 5 s with the same request.",
  },
};

describe("with the database and Redis unreachable", () => {
  it("a customer route answers 503 with Retry-After", { timeout: 30_000 }, async () => {
    const token = await validSessionToken();
    for (const [method, path, json] of [
      ["GET", "/api/mini/orders", undefined],
      ["POST", "/api/mini/orders", { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] }],
    ] as const) {
      const response = await call(method, path, {
        headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": crypto.randomUUID() },
        json,
      });
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      expect(await response.json()).toEqual(UNAVAILABLE);
    }
  });

  it("a new session spends its code at the wallet, then cannot be stored: 503, not 500", async () => {
    const { userId } = await sandbox.createUser();
    const { authCode } = await sandbox.createAuthCode(userId, ["USER_ID"]);
    const response = await call("POST", "/api/mini/session", { json: { authCode } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual(UNAVAILABLE);
  });

  it("a notification is answered U with 503, so the wallet delivers it again later", async () => {
    const response = await call("POST", "/api/wallet/notify/payment", { json: {} });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toEqual({
      result: {
        resultCode: "SERVICE_UNAVAILABLE",
        resultStatus: "U",
        resultMessage: UNAVAILABLE.error.message,
      },
    });
  });

  it("liveness answers 200; readiness answers 503 naming what is down", { timeout: 15_000 }, async () => {
    expect((await call("GET", "/api/health/live")).status).toBe(200);
    const ready = await call("GET", "/api/health/ready");
    expect(ready.status).toBe(503);
    expect(ready.headers.get("Retry-After")).toBe("5");
    const report = (await ready.json()) as {
      status: string;
      checks: Record<string, { ok: boolean; state?: string }>;
    };
    expect(report.status).toBe("degraded");
    expect(report.checks.database?.ok).toBe(false);
    expect(report.checks.redis?.ok).toBe(false);
    // The wallet is up and accepts our signed call, and is reported as such; it never decides readiness.
    expect(report.checks.wallet).toMatchObject({ ok: true, state: "ok" });
  });

  it("hides errors and addresses unless details are asked for (operators, HEALTH_DETAILS)", async () => {
    const { checkReadiness } = await import("@/lib/platform/health/app-health");
    const summary = await checkReadiness({ details: false });
    expect(Object.keys(summary.checks.database ?? {}).sort()).toEqual(["latencyMs", "ok"]);
    expect(JSON.stringify(summary)).not.toContain("127.0.0.1");
    const detailed = await checkReadiness({ details: true, queues: true });
    expect(detailed.checks.database?.error).toBeTruthy();
    expect(detailed.checks.wallet?.detail).toMatchObject({ baseUrl: sandbox.url, sandbox: false });
    expect(detailed.checks.queues?.ok).toBe(false);
  }, 15_000);
});
