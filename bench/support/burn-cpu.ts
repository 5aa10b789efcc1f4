// The what-if of the HTTP benches (BENCH_BASELINE_BURN_MS): a baseline server that spends extra CPU on
// its event loop per request, before its real work, e.g. the framework's own cost as measured on the
// unrouted path. It answers "what does a server doing the baseline's work plus that much CPU per
// request do to the tail at this rate, on this machine?" without any framework in the picture.

/** The extra milliseconds of CPU per request this baseline process spends (0: none). */
export const burnMsPerRequest = Number(process.env.BENCH_BASELINE_BURN_MS ?? 0);

/** Keeps the event loop busy for `ms`: this is the CPU being simulated, so it must not yield. */
export function burnCpu(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}
