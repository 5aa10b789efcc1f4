// The what-if of the HTTP benches (BENCH_BASELINE_BURN_MS): a baseline server that spends extra CPU on
// its event loop per request, before its real work, e.g. the framework's own cost as measured on the
// unrouted path. It answers "what does a server doing the baseline's work plus that much CPU per
// request do to the tail at this rate, on this machine?" without any framework in the picture.

/**
 * BENCH_BASELINE_BURN_MS: in a bench, the what-if asked for; in a baseline server, what it spends
 * (the bench starts the plain baseline with 0 and its twin with the value). 0: none.
 */
export function burnMsFromEnv(): number {
  return Number(process.env.BENCH_BASELINE_BURN_MS ?? 0) || 0;
}

/** Keeps the event loop busy for `ms`: this is the CPU being simulated, so it must not yield. */
export function burnCpu(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}
