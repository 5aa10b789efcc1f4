// The sandbox clock: real time plus an offset that `POST /sandbox/clock` advances.
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
}
