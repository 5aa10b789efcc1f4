// The sandbox clock: real time plus an offset that `POST /sandbox/clock` advances or resets.
//
// Business time (token and auth-code expiry, the cancel window, paymentExpiryTime, refund delays,
// notification retries) follows this clock so tests can jump hours ahead instead of waiting.
// Transport time does not: Request-Time/Response-Time skew checks use real time, because the
// merchant signs with its own real clock and would otherwise be rejected after every advance.
export class SandboxClock {
  constructor(private offsetMs = 0) {}

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  get offset(): number {
    return this.offsetMs;
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError("the clock only moves forward");
    this.offsetMs += Math.round(seconds * 1000);
  }

  /**
   * Back to real time. The one way the clock moves backwards: a wallet left days ahead closes every
   * payment whose paymentExpiryTime the merchant computed from its real clock.
   */
  reset(): void {
    this.offsetMs = 0;
  }
}

const UNITS = [
  [86_400, (n: number) => `${n} day${n === 1 ? "" : "s"}`],
  [3_600, (n: number) => `${n} h`],
  [60, (n: number) => `${n} min`],
  [1, (n: number) => `${n} s`],
] as const;

/** "1 day 2 h", "5 min 3 s", "1 day": the largest unit of an offset and the next one, for people. */
export function describeOffset(offsetMs: number): string {
  let rest = Math.round(Math.abs(offsetMs) / 1000);
  const counts = UNITS.map(([size]) => {
    const count = Math.floor(rest / size);
    rest -= count * size;
    return count;
  });
  const first = counts.findIndex((count) => count > 0);
  if (first === -1) return "0 s";
  return [first, first + 1]
    .filter((index) => (counts[index] ?? 0) > 0)
    .map((index) => UNITS[index]?.[1](counts[index] ?? 0))
    .join(" ");
}
