// The retry schedules' shape, checked for every outage length of the first minute: the first try
// after a receiver is back comes within a few seconds of it, so an order's later events (which wait
// behind the earlier one) are not held for minutes by a short outage. The real timing, with the
// database's clock and the worker's cadence, is measured in test/integration/events/retry-timing.test.ts.
import { describe, expect, it } from "vitest";
import {
  afterFailure,
  HOOK_RETRY_DELAYS_MS,
  WEBHOOK_RETRY_DELAYS_MS,
} from "@/lib/platform/queue/retry-schedule";

const SCAN_EVERY_MS = 1_000;
const HOUR = 3_600_000;

/**
 * When the first attempt that finds the receiver up is made, for a receiver down from 0 to
 * `outageMs`: the first attempt at 0, each retry its delay after the previous, picked up by the next
 * scan (the events worker looks every second). Undefined if the schedule runs out first.
 */
function firstSuccessAt(delays: readonly number[], outageMs: number): number | undefined {
  let at = 0;
  for (let attempt = 1; ; attempt++) {
    if (at >= outageMs) return at;
    const next = afterFailure(delays, attempt);
    if (next.dead) return undefined;
    at = Math.ceil((at + next.retryInMs) / SCAN_EVERY_MS) * SCAN_EVERY_MS;
  }
}

const total = (delays: readonly number[]) => delays.reduce((sum, delay) => sum + delay, 0);

describe.each([
  ["webhooks", WEBHOOK_RETRY_DELAYS_MS],
  ["hooks", HOOK_RETRY_DELAYS_MS],
])("the %s retry schedule", (_name, delays) => {
  it.each(Array.from({ length: 60 }, (_, index) => (index + 1) * 1_000))(
    "a receiver down for %i ms is reached again within 6 s of coming back",
    (outageMs) => {
      const at = firstSuccessAt(delays, outageMs) as number;
      expect(at).toBeGreaterThanOrEqual(outageMs);
      expect(at - outageMs).toBeLessThanOrEqual(6_000);
    },
  );

  it("starts within seconds, then only ever waits longer", () => {
    expect(delays[0]).toBeLessThanOrEqual(1_000);
    for (let index = 1; index < delays.length; index++) {
      expect(delays[index]).toBeGreaterThanOrEqual(delays[index - 1] as number);
    }
  });

  it("backs off after about a minute: a long outage costs few tries", () => {
    const fast = delays.filter((delay) => delay < 60_000);
    expect(total(fast)).toBeLessThanOrEqual(65_000);
    expect(delays.length - fast.length).toBeLessThanOrEqual(6);
    expect(firstSuccessAt(delays, 2 * HOUR)).toBeDefined();
  });

  it("gives up after its last delay: 21 tries in all", () => {
    expect(delays).toHaveLength(20);
    expect(afterFailure(delays, 20)).toEqual({ dead: false, retryInMs: delays[19] });
    expect(afterFailure(delays, 21)).toEqual({ dead: true });
  });
});

describe("how long each keeps trying", () => {
  it("webhooks: more than a day, as Standard Webhooks senders do", () => {
    expect(total(WEBHOOK_RETRY_DELAYS_MS)).toBeGreaterThan(24 * HOUR);
    expect(total(WEBHOOK_RETRY_DELAYS_MS)).toBeLessThan(30 * HOUR);
  });

  it("hooks: most of a working day", () => {
    expect(total(HOOK_RETRY_DELAYS_MS)).toBeGreaterThan(10 * HOUR);
    expect(total(HOOK_RETRY_DELAYS_MS)).toBeLessThan(12 * HOUR);
  });
});
