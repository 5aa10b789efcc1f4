// The process's circuit breaker for each wallet (by address and Client-Id): every wallet client of
// the process shares it, so all operations open and close it together, and health and metrics read
// the one state. Kept on globalThis because Next.js may load this module once per route chunk.
import type { Logger } from "@/lib/log";
import { watchBreakerState } from "@/lib/observability/metrics";
import { type CircuitBreakerOptions, WalletCircuitBreaker } from "@/lib/wallet/circuit-breaker";

const BREAKERS_KEY = Symbol.for("wallet-merchant.wallet-breakers");
const holder = globalThis as typeof globalThis & { [BREAKERS_KEY]?: Map<string, WalletCircuitBreaker> };

/** Undefined when `options.failuresToOpen` is 0 (no breaker). */
export function sharedWalletBreaker(
  wallet: { baseUrl: string; clientId: string },
  options: CircuitBreakerOptions,
  logger: () => Logger,
): WalletCircuitBreaker | undefined {
  if (options.failuresToOpen <= 0) return undefined;
  holder[BREAKERS_KEY] ??= new Map();
  const breakers = holder[BREAKERS_KEY];
  const key = `${wallet.baseUrl} ${wallet.clientId}`;
  let breaker = breakers.get(key);
  if (!breaker) {
    breaker = createLoggedBreaker(options, logger);
    breakers.set(key, breaker);
    const created = breaker;
    watchBreakerState(() => created.state);
  }
  return breaker;
}

/** A breaker that logs when it opens, tries again and closes. */
function createLoggedBreaker(options: CircuitBreakerOptions, logger: () => Logger): WalletCircuitBreaker {
  const breaker = new WalletCircuitBreaker(options);
  breaker.onStateChange((state) => {
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
