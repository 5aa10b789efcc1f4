// Budgets (rate limits, wrong passwords) live in Redis so that every instance sees them. A process's
// Redis connection queues no commands while it connects (a request should fail fast, not wait, when
// Redis is down), so the first checks after a start used to be refused by the connection and fall to
// the process's own memory: a burst right after a deploy went unseen by the other instances, and an
// admin's "Unlock" as the first thing a process did was an error.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { distinctAddress } from "@/test/support/addresses";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
let redis: Redis;
beforeAll(async () => {
  app = await startRouteHarness();
  redis = new Redis(process.env.REDIS_URL as string);
});
afterAll(async () => {
  redis?.disconnect();
  await app?.close();
});

describe("a process's first requests", () => {
  it("are counted in Redis, where every instance sees them", async () => {
    const { getRedis } = await import("@/lib/platform/redis");
    expect(getRedis().status, "this process has not used Redis yet").toBe("wait");
    const from = distinctAddress();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        app.call("POST", "/api/mini/session", {
          headers: { "x-forwarded-for": from },
          json: { authCode: "" },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400]);
    const [key] = await redis.keys(`rate:mini-session:${from}`);
    expect(key, "the budget's key in Redis").toBeDefined();
    expect(Number(await redis.get(key as string)), "points spent").toBe(3);
  });

  it("can begin with an admin's Unlock, which forgets the wrong passwords kept in Redis", async () => {
    // A fresh copy of the modules: a process whose Redis connection has not connected yet.
    vi.resetModules();
    const fresh = await import("@/lib/platform/redis");
    const { forgetSignInFailures, signInBudgets } = await import("@/lib/operators/sign-in/sign-in-failures");
    try {
      expect(fresh.getRedis().status).toBe("wait");
      const email = `locked-${crypto.randomUUID().slice(0, 8)}@shop.example`;
      const { account, pair } = signInBudgets(email, distinctAddress());
      await redis.set(pair.key, "5", "EX", 60);
      await redis.set(account.key, "10", "EX", 60);
      await forgetSignInFailures(email);
      expect(await redis.exists(pair.key, account.key)).toBe(0);
    } finally {
      fresh.getRedis().disconnect();
    }
  });
});
