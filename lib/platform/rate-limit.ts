import "server-only";
// Per-client-address rate limits, shared by all app instances through Redis. If Redis is down the
// limiter falls back to a per-process memory limiter rather than letting everything through or
// refusing everyone.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { getEnv } from "@/lib/platform/env";
import { HttpError } from "@/lib/platform/errors/http-errors";
import { ensureRedisReady, getRedis } from "@/lib/platform/redis";
import { clientAddressFrom } from "./addresses/client-address";
import { PEER_ADDRESS_HEADER, peerAddressInstalled } from "./addresses/peer-address";

export interface RateLimit {
  /** Distinct name per use, so limits of different routes never share counters. */
  name: string;
  points: number;
  durationSeconds: number;
}

const limiters = new Map<string, RateLimiterRedis>();

function limiterFor(limit: RateLimit): RateLimiterRedis {
  let limiter = limiters.get(limit.name);
  if (!limiter) {
    limiter = new RateLimiterRedis({
      storeClient: getRedis(),
      keyPrefix: `rate:${limit.name}`,
      points: limit.points,
      duration: limit.durationSeconds,
      insuranceLimiter: new RateLimiterMemory({ points: limit.points, duration: limit.durationSeconds }),
    });
    limiters.set(limit.name, limiter);
  }
  return limiter;
}

let redisConnected: Promise<unknown> | undefined;

/**
 * The limiter for `limit`, once this process's Redis connection has had its chance to connect (up to
 * a second, once per process). The producer connection queues no commands while it connects, so
 * without the wait the first checks after a start (a burst right after a deploy) would be counted in
 * this process's memory only, where other instances cannot see them.
 */
async function readyLimiterFor(limit: RateLimit): Promise<RateLimiterRedis> {
  redisConnected ??= ensureRedisReady(getRedis(), 1_000).catch(() => undefined);
  await redisConnected;
  return limiterFor(limit);
}

/** The client's address as our own proxies report it (client-address.ts), from any header lookup. */
export function clientAddressOf(header: (name: string) => string | null | undefined): string {
  return clientAddressFrom(
    header("x-forwarded-for"),
    header("x-real-ip"),
    getEnv().trustedProxyHops,
    peerAddressInstalled() ? header(PEER_ADDRESS_HEADER) : undefined,
  );
}

export function clientAddress(request: Request): string {
  return clientAddressOf((name) => request.headers.get(name));
}

function rateLimited(msBeforeNext: number): HttpError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError("RATE_LIMITED", `Too many requests; retry in ${retryAfter} s.`, undefined, {
    "Retry-After": String(retryAfter),
  });
}

/** Spends one point of `key`'s budget, or throws RATE_LIMITED when it is used up. */
export async function enforceRateLimit(limit: RateLimit, key: string): Promise<void> {
  try {
    await (await readyLimiterFor(limit)).consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw rateLimited(rejection.msBeforeNext);
    throw rejection;
  }
}

/**
 * A budget spent only by failures (e.g. notifications whose signature does not verify): checking
 * costs nothing, so a well-behaved caller never runs into it, while one that keeps failing is
 * refused before it costs us any work.
 */
export const failureBudget = {
  async check(limit: RateLimit, key: string): Promise<void> {
    const wait = await failureBudget.waitMs(limit, key);
    if (wait > 0) throw rateLimited(wait);
  },
  /** How long `key` must wait before its budget allows another try; 0 when it may try now. */
  async waitMs(limit: RateLimit, key: string): Promise<number> {
    const state = await (await readyLimiterFor(limit)).get(key);
    return state && state.consumedPoints >= limit.points ? Math.max(1, state.msBeforeNext) : 0;
  },
  async forget(limit: RateLimit, key: string): Promise<void> {
    await (await readyLimiterFor(limit)).delete(key);
  },
  async spend(limit: RateLimit, key: string): Promise<void> {
    await (await readyLimiterFor(limit)).consume(key).catch((rejection: unknown) => {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
    });
  },
};
