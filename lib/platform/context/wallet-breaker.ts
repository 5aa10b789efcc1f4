// The process's circuit breaker for each wallet (by address and Client-Id): every wallet client of
// the process shares it, so all operations open and close it together, and health and metrics read
// the one state. Kept on globalThis because Next.js may load this module once per route chunk.
import { hostname } from "node:os";
import type { PrismaClient } from "@/lib/platform/db";
import type { Logger } from "@/lib/platform/log";
import { watchBreakerState } from "@/lib/platform/observability/metrics";
import { writeEvent } from "@/lib/platform/outbox/write-event";
import { type CircuitBreakerOptions, WalletCircuitBreaker } from "@/lib/wallet/circuit-breaker";

const BREAKERS_KEY = Symbol.for("wallet-merchant.wallet-breakers");
const holder = globalThis as typeof globalThis & { [BREAKERS_KEY]?: Map<string, WalletCircuitBreaker> };

/** Undefined when `options.failuresToOpen` is 0 (no breaker). */
export function sharedWalletBreaker(
  wallet: { baseUrl: string; clientId: string },
  options: CircuitBreakerOptions,
  logger: () => Logger,
  prisma?: () => PrismaClient,
): WalletCircuitBreaker | undefined {
  if (options.failuresToOpen <= 0) return undefined;
  holder[BREAKERS_KEY] ??= new Map();
  const breakers = holder[BREAKERS_KEY];
  const key = `${wallet.baseUrl} ${wallet.clientId}`;
  let breaker = breakers.get(key);
  if (!breaker) {
    breaker = createLoggedBreaker(options, logger, prisma);
    breakers.set(key, breaker);
    const created = breaker;
    watchBreakerState(() => created.state);
  }
  return breaker;
}

/** Outages are announced once per window, however many processes see them open their breakers. */
const ANNOUNCE_WINDOW_MS = 5 * 60_000;

/**
 * Announces `wallet.unavailable` / `wallet.recovered` (lib/events). There is no transaction to join:
 * the breaker lives in memory, so the event is written on its own, at most once per window across
 * processes (its dedupe key), and a database that is down too only costs the announcement (logged).
 */
function announceOutage(
  prisma: PrismaClient,
  logger: Logger,
  state: "open" | "closed",
  options: CircuitBreakerOptions,
) {
  const window = Math.floor(Date.now() / ANNOUNCE_WINDOW_MS);
  const process_ = `${hostname()}-${process.pid}`;
  const written =
    state === "open"
      ? writeEvent(prisma, {
          type: "wallet.unavailable",
          data: { process: process_, halfOpenAfterMs: options.halfOpenAfterMs },
          dedupeKey: `wallet.unavailable:${window}`,
        })
      : writeEvent(prisma, {
          type: "wallet.recovered",
          data: { process: process_ },
          dedupeKey: `wallet.recovered:${window}`,
        });
  written.catch((error: Error) =>
    logger.warn({ err: error.message }, "could not announce the wallet's state"),
  );
}

/** A breaker that logs (and announces, given a database) when it opens, tries again and closes. */
function createLoggedBreaker(
  options: CircuitBreakerOptions,
  logger: () => Logger,
  prisma: (() => PrismaClient) | undefined,
): WalletCircuitBreaker {
  const breaker = new WalletCircuitBreaker(options);
  breaker.onStateChange((state) => {
    if (prisma && state !== "half-open") announceOutage(prisma(), logger(), state, options);
    if (state === "open") {
      logger().error(
        { breaker: state, halfOpenAfterMs: options.halfOpenAfterMs },
        "wallet not answering: circuit breaker open, calls fail fast until a trial call is answered",
      );
    } else if (state === "half-open") {
      logger().info({ breaker: state }, "wallet circuit breaker half-open: one trial call");
    } else {
      logger().warn({ breaker: state }, "wallet answering again: circuit breaker closed");
    }
  });
  return breaker;
}
