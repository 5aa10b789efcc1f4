// A circuit breaker in front of the wallet (cockatiel): after `failuresToOpen` calls in a row that got
// no answer at all (a timeout or a network error), calls fail at once, without touching the network,
// as a U with unknownCause CIRCUIT_OPEN — nothing was sent, so nothing is guessed. After
// `halfOpenAfterMs` one call is let through as a trial: an answer closes the breaker, another
// timeout opens it again for the same time.
//
// Only silence opens it. Any answer, even a U or a 5xx, shows the wallet is reachable; those are
// settled one by one as usual. One breaker per wallet per process, shared by every operation: a
// wallet that does not answer `pay` will not answer `inquiryPayment` either.
import {
  CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhenResult,
  isBrokenCircuitError,
  isIsolatedCircuitError,
} from "cockatiel";
import type { UnknownCause } from "./outcome";

export type BreakerState = "closed" | "open" | "half-open";

export interface CircuitBreakerOptions {
  /** Calls in a row without an answer that open the breaker. */
  failuresToOpen: number;
  /** How long it stays open before one trial call is let through. */
  halfOpenAfterMs: number;
}

/** What a call through the breaker reports back: only its unknown cause matters here. */
export interface BreakerObservation {
  status: string;
  unknownCause?: UnknownCause | undefined;
}

/** The breaker refused the call: it was not sent. */
export const REFUSED = Symbol("refused by the circuit breaker");

const STATE_NAMES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: "closed",
  [CircuitState.Open]: "open",
  [CircuitState.HalfOpen]: "half-open",
  [CircuitState.Isolated]: "open",
};

/** No answer at all: the kind of failure that says the wallet is down rather than busy or wrong. */
function isSilence(observation: BreakerObservation): boolean {
  return (
    observation.status === "U" &&
    (observation.unknownCause === "TIMEOUT" || observation.unknownCause === "NETWORK")
  );
}

export class WalletCircuitBreaker {
  private readonly policy: CircuitBreakerPolicy;
  private readonly listeners = new Set<(state: BreakerState) => void>();

  constructor(readonly options: CircuitBreakerOptions) {
    this.policy = circuitBreaker(
      handleWhenResult((result) => isSilence(result as BreakerObservation)),
      {
        halfOpenAfter: options.halfOpenAfterMs,
        breaker: new ConsecutiveBreaker(options.failuresToOpen),
      },
    );
    this.policy.onStateChange((state) => {
      for (const listener of this.listeners) listener(STATE_NAMES[state]);
    });
  }

  get state(): BreakerState {
    return STATE_NAMES[this.policy.state];
  }

  onStateChange(listener: (state: BreakerState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs `attempt` unless the breaker is open; REFUSED (nothing ran) when it is. */
  async run<T extends BreakerObservation>(attempt: () => Promise<T>): Promise<T | typeof REFUSED> {
    // While the trial call of a half-open breaker is under way, cockatiel makes other calls wait
    // for its verdict, which takes a whole client timeout when the wallet is still down. Fail them
    // fast instead, as if still open: a caller that waits 8 s to hear "unavailable" is what this
    // breaker exists to prevent.
    if (this.policy.state === CircuitState.HalfOpen) return REFUSED;
    try {
      return await this.policy.execute(() => attempt());
    } catch (error) {
      if (isBrokenCircuitError(error) || isIsolatedCircuitError(error)) return REFUSED;
      throw error;
    }
  }
}
