// Failure budgets when Redis cannot be reached (a closed port): the same rule is kept in this
// process's memory — checked and counted in one step, so guesses sent at once are not all let
// through, and a released point is given back — rather than letting every guess through or
// refusing everyone.
import { Redis } from "ioredis";
import { afterAll, describe, expect, it, vi } from "vitest";
import { freePort } from "@/test/support/ports";

const unreachable = new Redis(`redis://127.0.0.1:${await freePort()}`, {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  retryStrategy: () => null,
});
unreachable.on("error", () => undefined);

vi.mock("@/lib/platform/redis", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/redis")>()),
  getRedis: () => unreachable,
}));
vi.mock("@/lib/platform/log", () => ({ getLogger: () => ({ warn: () => undefined }) }));

const { reserveFailure, forgetFailures, failureBudgetsInMemory } = await import(
  "@/lib/platform/failure-budgets"
);

afterAll(() => unreachable.disconnect());

const budget = (limit: number) => ({ key: `test:{${crypto.randomUUID()}}:b`, limit, windowMs: 60_000 });

describe("failure budgets without Redis", () => {
  it("let through at most the budget of tries sent at once", async () => {
    const one = budget(5);
    const answers = await Promise.all(Array.from({ length: 10 }, () => reserveFailure([one])));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(5);
    const refused = answers.find((answer) => !answer.ok);
    expect(refused).toMatchObject({ ok: false, budget: one });
    expect((refused as { waitMs: number }).waitMs).toBeGreaterThan(59_000);
  });

  it("count a try in every budget only when none is used up, and name the first one that is", async () => {
    const [account, pair] = [budget(3), budget(2)];
    expect((await reserveFailure([account, pair])).ok).toBe(true);
    expect((await reserveFailure([account, pair])).ok).toBe(true);
    expect(await reserveFailure([account, pair])).toMatchObject({ ok: false, budget: pair });
    // The refused try counted nothing: the account budget has one left, for another pair.
    expect((await reserveFailure([account, budget(2)])).ok).toBe(true);
    expect(await reserveFailure([account, budget(2)])).toMatchObject({ ok: false, budget: account });
  });

  it("give a released point back, and forget on request", async () => {
    const one = budget(1);
    const first = await reserveFailure([one]);
    expect((await reserveFailure([one])).ok).toBe(false);
    if (first.ok) await first.release();
    expect((await reserveFailure([one])).ok).toBe(true);
    await forgetFailures([one.key]);
    expect((await reserveFailure([one])).ok).toBe(true);
  });

  it("forget budgets whose window has passed, so a long outage does not keep every address for good", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      for (let i = 0; i < 50; i += 1) await reserveFailure([budget(5)]);
      const during = failureBudgetsInMemory();
      expect(during).toBeGreaterThanOrEqual(50);
      vi.setSystemTime(Date.now() + 61_000 + 60_000);
      await reserveFailure([budget(5)]);
      expect(failureBudgetsInMemory()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
