// Budgets of failures (wrong passwords, wrong codes) that are checked and spent in one step. A check
// followed by a separate count lets every guess sent at the same moment pass the check before any
// of them is counted: ten at once, all ten tried against a budget of five. So a try *reserves* its
// failure first, in one Redis script that looks at every budget the try belongs to and counts it in
// all of them only if none is used up; the try then runs, and gives its point back if it turns out
// not to be a failure (release). At most `limit` tries of a budget are ever running or done within
// its window, however many are sent at once, and from however many app instances.
//
// Each budget is a fixed window opened by its first failure (as the rate limiter's are). If Redis
// cannot be reached, the same rule is kept in this process's memory, as the rate limiter's insurance
// limiter does: slower guessing per instance rather than none, and no one locked out by an outage.
// Keys of one try must hash to one Redis Cluster slot: callers give them a common `{hash tag}`.
import type { Cluster, Redis } from "ioredis";
import { getLogger } from "./log";
import { ensureRedisReady, getRedis, isRedisUnavailable, type RedisClient } from "./redis";

export interface FailureBudget {
  /** The Redis key; every key of one reservation carries the same `{…}` hash tag. */
  key: string;
  /** Failures allowed within the window. */
  limit: number;
  windowMs: number;
}

export type Reservation =
  | { ok: true /** The try was no failure: its point is given back. */; release(): Promise<void> }
  | { ok: false /** The first used-up budget, in the order given. */; budget: FailureBudget; waitMs: number };

// KEYS: the budgets' keys; ARGV: limit and window (ms) of each, in turn. Answers {0, 0} when the
// failure was counted in all of them, or {index (1-based), ms left} of the first one used up.
const RESERVE = `
for i, key in ipairs(KEYS) do
  local used = tonumber(redis.call('GET', key) or '0')
  if used >= tonumber(ARGV[2 * i - 1]) then
    local left = redis.call('PTTL', key)
    if left < 0 then
      redis.call('PEXPIRE', key, ARGV[2 * i])
      left = tonumber(ARGV[2 * i])
    end
    return {i, left}
  end
end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[2 * i]) end
end
return {0, 0}`;

// KEYS: the budgets' keys: one point back in each that still counts one.
const RELEASE = `
for _, key in ipairs(KEYS) do
  local used = tonumber(redis.call('GET', key) or '0')
  if used > 1 then redis.call('DECR', key) elseif used == 1 then redis.call('DEL', key) end
end
return 0`;

/** The same rule in this process, for when Redis cannot be reached. */
const inMemory = new Map<string, { used: number; endsAt: number }>();

/** How often the memory copy forgets budgets whose window has passed (Redis expires its own keys). */
const SWEEP_EVERY_MS = 60_000;
let nextSweepAt = 0;

/** Without this, every address that ever failed during an outage would stay in memory for good. */
function forgetEndedBudgets(now: number): void {
  if (now < nextSweepAt) return;
  nextSweepAt = now + SWEEP_EVERY_MS;
  for (const [key, entry] of inMemory) if (entry.endsAt <= now) inMemory.delete(key);
}

/** Budgets kept in this process's memory now: the outage copy's size, for tests and metrics. */
export function failureBudgetsInMemory(): number {
  return inMemory.size;
}

function reserveInMemory(budgets: FailureBudget[], now = Date.now()): [number, number] {
  forgetEndedBudgets(now);
  const current = (budget: FailureBudget) => {
    const entry = inMemory.get(budget.key);
    return entry && entry.endsAt > now ? entry : undefined;
  };
  for (const [index, budget] of budgets.entries()) {
    const entry = current(budget);
    if (entry && entry.used >= budget.limit) return [index + 1, entry.endsAt - now];
  }
  for (const budget of budgets) {
    const entry = current(budget);
    inMemory.set(budget.key, {
      used: (entry?.used ?? 0) + 1,
      endsAt: entry?.endsAt ?? now + budget.windowMs,
    });
  }
  return [0, 0];
}

function releaseInMemory(keys: string[]): void {
  for (const key of keys) {
    const entry = inMemory.get(key);
    if (entry && entry.used > 1) entry.used -= 1;
    else inMemory.delete(key);
  }
}

let redisConnected: Promise<unknown> | undefined;

/** Redis, once this process's connection has had a second to connect (see rate-limit.ts). */
async function connectedRedis(): Promise<RedisClient> {
  redisConnected ??= ensureRedisReady(getRedis(), 1_000).catch(() => undefined);
  await redisConnected;
  return getRedis();
}

/** Runs `script` in Redis, or `fallback` in memory when Redis cannot be reached. */
async function run<T>(script: string, keys: string[], args: (string | number)[], fallback: () => T) {
  try {
    return (await (await connectedRedis()).eval(script, keys.length, ...keys, ...args)) as T;
  } catch (error) {
    if (!isRedisUnavailable(error)) throw error;
    getLogger().warn({ err: (error as Error).message }, "failure budgets kept in memory: redis unavailable");
  }
  return fallback();
}

/** Counts one failure in every budget, unless one of them is used up (then counts nothing). */
export async function reserveFailure(budgets: FailureBudget[]): Promise<Reservation> {
  const keys = budgets.map((budget) => budget.key);
  const args = budgets.flatMap((budget) => [budget.limit, budget.windowMs]);
  const [index, waitMs] = await run<[number, number]>(RESERVE, keys, args, () => reserveInMemory(budgets));
  if (index > 0)
    return { ok: false, budget: budgets[index - 1] as FailureBudget, waitMs: Math.max(1, waitMs) };
  return {
    ok: true,
    release: async () => {
      await run(RELEASE, keys, [], () => releaseInMemory(keys));
    },
  };
}

/** Forgets every failure counted under these keys (a success). */
export async function forgetFailures(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await run("for _, key in ipairs(KEYS) do redis.call('DEL', key) end return 0", keys, [], () => {
    for (const key of keys) inMemory.delete(key);
  });
}

/**
 * Forgets every failure counted under keys that start with `prefix` (an administrator's unlock),
 * in Redis and in this process's memory. Keys are found with SCAN — on every primary of a cluster,
 * as each holds only its own slots — and deleted one by one (keys of different slots cannot go in
 * one DEL); there are few per prefix, as each lives one window.
 */
export async function forgetFailuresStartingWith(
  prefix: string,
  connect: () => Promise<RedisClient>,
): Promise<void> {
  for (const key of inMemory.keys()) if (key.startsWith(prefix)) inMemory.delete(key);
  const redis = await connect();
  const pattern = `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`;
  const servers: Redis[] = redis.isCluster ? (redis as Cluster).nodes("master") : [redis as Redis];
  for (const server of servers) {
    let cursor = "0";
    do {
      const [next, keys] = await server.scan(cursor, "MATCH", pattern, "COUNT", 500);
      await Promise.all(keys.map((key) => redis.del(key)));
      cursor = next;
    } while (cursor !== "0");
  }
}
