// What each failover did to the clients, from the load's recorded attempts: latency (p50/p99) of the
// answered requests in the window before the kill and in the window after it, the errors after it,
// the time to the first answered request sent after the kill and to the last error (recovery), the
// hooks' delay (paid → kitchen ticket) of orders paid before and after, and the time to the first
// ticket after the kill (the events worker scanning again). Printed, never asserted.
import type { Attempt, LoadRecord } from "./load";
import type { Kitchen } from "./stack";

export interface Failover {
  name: string;
  /** Date.now() of the kill. */
  at: number;
  /** What else was measured about it (e.g. the cluster's takeover), in words. */
  notes: string[];
  /** When the next failover (or the end of the load) came: errors are counted up to it. */
  until?: number;
}

const WINDOW_MS = 15_000;

function percentile(sorted: number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

function latency(attempts: Attempt[]) {
  const answered = attempts
    .filter((attempt) => attempt.ok)
    .map((attempt) => attempt.ms)
    .sort((a, b) => a - b);
  return {
    n: answered.length,
    p50: percentile(answered, 0.5),
    p99: percentile(answered, 0.99),
    errors: attempts.filter((attempt) => !attempt.ok).length,
    errorKinds: errorKinds(attempts),
  };
}

/** "order 502 ×3, console no answer ×1": what the failed attempts got. */
export function errorKinds(attempts: Attempt[]): string {
  const counts = new Map<string, number>();
  for (const attempt of attempts.filter((a) => !a.ok)) {
    const key = `${attempt.kind} ${attempt.status}${attempt.code ? ` ${attempt.code}` : ""}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key} ×${count}`).join(", ");
}

const ms = (value: number | undefined) => (value === undefined ? "–" : `${Math.round(value)} ms`);

export interface FailoverSummary {
  name: string;
  before: ReturnType<typeof latency>;
  after: ReturnType<typeof latency>;
  firstSuccessMs: number | undefined;
  lastErrorMs: number | undefined;
  firstHookMs: number | undefined;
  hookBefore: { p50?: number; p99?: number; max?: number };
  hookAfter: { p50?: number; p99?: number; max?: number };
  notes: string[];
}

/** Delay from payment (the order's paidAt) to the kitchen's first copy of its ticket, by paid time. */
export function hookDelays(kitchen: Kitchen, paidAt: Map<string, number>): { paidAt: number; ms: number }[] {
  return [...kitchen.tickets.values()].flatMap((ticket) => {
    const paid = paidAt.get(ticket.orderId);
    return paid === undefined ? [] : [{ paidAt: paid, ms: ticket.firstAt - paid }];
  });
}

export function summarize(
  record: LoadRecord,
  failover: Failover,
  delays: { paidAt: number; ms: number }[],
): FailoverSummary {
  const { at } = failover;
  const within = (from: number, to: number) => record.attempts.filter((a) => a.at >= from && a.at < to);
  const after = within(at, at + WINDOW_MS);
  const firstSuccess = record.attempts.find((a) => a.at >= at && a.ok);
  const errors = within(at, failover.until ?? at + 4 * WINDOW_MS).filter((a) => !a.ok);
  const lastError = errors[errors.length - 1];
  // Before: orders paid in the window before and ticketed before the kill. After: every ticket that
  // arrived between the kill and the next failover, wherever its order was paid.
  const hook = (picked: { paidAt: number; ms: number }[]) => {
    const sorted = picked.map((delay) => delay.ms).sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted[sorted.length - 1] };
  };
  const until = failover.until ?? at + 4 * WINDOW_MS;
  const hookBefore = hook(delays.filter((d) => d.paidAt >= at - WINDOW_MS && d.paidAt + d.ms < at));
  const ticketedAfter = delays.filter((d) => d.paidAt + d.ms >= at && d.paidAt + d.ms < until);
  const hookAfter = hook(ticketedAfter);
  const firstTicket = Math.min(...ticketedAfter.map((d) => d.paidAt + d.ms));
  return {
    name: failover.name,
    before: latency(within(at - WINDOW_MS, at)),
    after: latency(after),
    firstSuccessMs: firstSuccess && firstSuccess.at + firstSuccess.ms - at,
    lastErrorMs: lastError && lastError.at + lastError.ms - at,
    firstHookMs: ticketedAfter.length > 0 ? firstTicket - at : undefined,
    hookBefore,
    hookAfter,
    notes: failover.notes,
  };
}

export function formatSummary(summary: FailoverSummary): string {
  const { before, after } = summary;
  return [
    `${summary.name}:`,
    `  requests ${WINDOW_MS / 1000} s before: p50 ${ms(before.p50)}, p99 ${ms(before.p99)} (${before.n} answered, ${before.errors} errors${before.errors ? `: ${before.errorKinds}` : ""})`,
    `  requests ${WINDOW_MS / 1000} s after:  p50 ${ms(after.p50)}, p99 ${ms(after.p99)} (${after.n} answered, ${after.errors} errors${after.errors ? `: ${after.errorKinds}` : ""})`,
    `  first answer after the kill: ${ms(summary.firstSuccessMs)}; last error before the next failover: ${
      summary.lastErrorMs === undefined ? "none" : ms(summary.lastErrorMs)
    }`,
    `  hook delay (paid → kitchen ticket) before: p50 ${ms(summary.hookBefore.p50)}, p99 ${ms(summary.hookBefore.p99)}; ` +
      `tickets until the next failover: p50 ${ms(summary.hookAfter.p50)}, p99 ${ms(summary.hookAfter.p99)}, max ${ms(summary.hookAfter.max)}; ` +
      `first ticket after the kill: ${ms(summary.firstHookMs)}`,
    ...summary.notes.map((note) => `  ${note}`),
  ].join("\n");
}
