import "server-only";
// Per-client-address rate limits, shared by all app instances through Redis. If Redis is down the
// limiter falls back to a per-process memory limiter rather than letting everything through or
// refusing everyone.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { getRedis } from "@/lib/redis";
import { ApiError } from "./api-error";

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

/**
 * The client's address as the nearest proxy reports it. Route handlers do not see the socket; behind
 * a load balancer the first X-Forwarded-For entry is the client (configure the proxy to overwrite it).
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip") || "unknown";
}

export async function enforceRateLimit(limit: RateLimit, key: string): Promise<void> {
  try {
    await limiterFor(limit).consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new ApiError("RATE_LIMITED", `Too many requests; retry in ${retryAfter} s.`, undefined, {
        "Retry-After": String(retryAfter),
      });
    }
    throw rejection;
  }
}
