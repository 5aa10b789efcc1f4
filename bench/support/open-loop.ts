// An open-loop load generator for the HTTP benches: requests go out at a fixed arrival rate, each at
// its scheduled time whether or not earlier ones were answered, and latency is counted from that
// scheduled time. A server that falls behind shows it in the latencies instead of slowing the
// generator down (the "coordinated omission" a closed loop would hide).
//
// The generator shares the machine with what it measures, so it posts with undici's `request` on a
// keep-alive pool: about a fifth of fetch's CPU per request (BENCHMARKS.md, "The wallet transport").
// Like fetch (and a mini program's web view) it still asks for gzip, and decodes what comes so.
import { gunzipSync } from "node:zlib";
import { Agent, request } from "undici";

/** What the generator keeps of an answer. */
export interface LoadAnswer {
  status: number;
  text: string;
}

const pool = new Agent({ keepAliveTimeout: 10_000 });

/** One POST from the load generator. */
export async function post(
  url: string,
  init: { headers: Record<string, string>; body: string },
): Promise<LoadAnswer> {
  const answer = await request(url, {
    method: "POST",
    headers: { "accept-encoding": "gzip", ...init.headers },
    body: init.body,
    dispatcher: pool,
  });
  const compressed = answer.headers["content-encoding"] === "gzip";
  const text = compressed
    ? gunzipSync(Buffer.from(await answer.body.arrayBuffer())).toString("utf8")
    : await answer.body.text();
  return { status: answer.statusCode, text };
}

export interface LoadResult {
  sent: number;
  ok: number;
  errors: number;
  durationS: number;
  p50: number;
  p99: number;
  max: number;
  /** The first few error answers, to say what went wrong. */
  samples: string[];
  /** CPU milliseconds the server used per request sent, when the caller measured it. */
  cpuMsPerRequest?: number;
  /** Every request's latency, sorted: what slices of one measurement are merged by (combineSlices). */
  latenciesMs: number[];
}

export interface LoadOptions {
  rate: number;
  seconds: number;
  /** The status a successful answer carries (201 for a created order, 200 for an acknowledgement). */
  okStatus: number;
  /**
   * Milliseconds to wait after the last answer before reading the server's CPU: work a server does
   * just after answering (a log line's flush, a GC) is counted to this load, not to whatever the same
   * process serves next. Default 0.
   */
  settleMs?: number;
}

/** Sends `rate` requests per second for `seconds`, each at its scheduled time, and waits for all. */
export async function runOpenLoop(
  options: LoadOptions,
  send: (index: number) => Promise<LoadAnswer>,
  /** The server's CPU seconds so far (processes.ts, cpuSecondsOf), to report CPU per request. */
  serverCpuSeconds?: () => number,
): Promise<LoadResult> {
  const cpuBefore = serverCpuSeconds?.();
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  /** Latency by the second the request was scheduled in (BENCH_TIMELINE=1 prints it). */
  const bySecond: number[][] = [];
  const samples: string[] = [];
  let ok = 0;
  let errors = 0;
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const scheduled = started + (index * 1000) / options.rate;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inflight.push(
      send(index)
        .then((answer) => {
          if (answer.status === options.okStatus) ok++;
          else {
            errors++;
            if (samples.length < 3) samples.push(`HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
          }
        })
        .catch((error: unknown) => {
          errors++;
          if (samples.length < 3) samples.push(describeError(error));
        })
        .finally(() => {
          const latency = performance.now() - scheduled;
          latencies.push(latency);
          const second = Math.floor(index / options.rate);
          const bucket = bySecond[second] ?? [];
          bucket.push(latency);
          bySecond[second] = bucket;
        }),
    );
  }
  await Promise.all(inflight);
  const durationS = (performance.now() - started) / 1000;
  if (options.settleMs) await new Promise((resolve) => setTimeout(resolve, options.settleMs));
  const cpuAfter = serverCpuSeconds?.();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => percentile(latencies, p);
  if (process.env.BENCH_TIMELINE) printTimeline(bySecond);
  return {
    sent: total,
    ok,
    errors,
    durationS,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
    samples,
    latenciesMs: latencies,
    ...(cpuBefore !== undefined && cpuAfter !== undefined
      ? { cpuMsPerRequest: ((cpuAfter - cpuBefore) * 1000) / total }
      : {}),
  };
}

/**
 * One result from the slices of one measurement (runOpenLoop called several times on the same
 * server): requests and errors added, latencies merged, CPU per request over all of them.
 */
export function combineSlices(slices: LoadResult[]): LoadResult {
  const latencies = slices.flatMap((slice) => slice.latenciesMs).sort((a, b) => a - b);
  const sent = slices.reduce((sum, slice) => sum + slice.sent, 0);
  const measured = slices.every((slice) => slice.cpuMsPerRequest !== undefined);
  const cpuMs = slices.reduce((sum, slice) => sum + (slice.cpuMsPerRequest ?? 0) * slice.sent, 0);
  return {
    sent,
    ok: slices.reduce((sum, slice) => sum + slice.ok, 0),
    errors: slices.reduce((sum, slice) => sum + slice.errors, 0),
    durationS: slices.reduce((sum, slice) => sum + slice.durationS, 0),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    samples: slices.flatMap((slice) => slice.samples).slice(0, 3),
    latenciesMs: latencies,
    ...(measured && sent > 0 ? { cpuMsPerRequest: cpuMs / sent } : {}),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** Where in the run a tail happened: a stall (one bad second) reads differently from steady queueing. */
function printTimeline(bySecond: number[][]) {
  const cells = bySecond.map((second, index) => {
    const sorted = [...second].sort((a, b) => a - b);
    return `${index}s ${percentile(sorted, 0.5).toFixed(0)}/${percentile(sorted, 0.99).toFixed(0)}`;
  });
  console.log(`  timeline (p50/p99 ms by second): ${cells.join("  ")}`);
}

export function formatLoadResult(name: string, result: LoadResult, unit: string): string {
  const lines = [
    `${name.padEnd(34)} ${(result.ok / result.durationS).toFixed(1).padStart(7)} ${unit}/s  ` +
      `p50 ${result.p50.toFixed(1).padStart(7)} ms  p99 ${result.p99.toFixed(1).padStart(7)} ms  ` +
      `max ${result.max.toFixed(0).padStart(6)} ms  errors ${result.errors}/${result.sent}` +
      (result.cpuMsPerRequest === undefined ? "" : `  cpu ${result.cpuMsPerRequest.toFixed(2)} ms/req`),
    ...result.samples.map((sample) => `    e.g. ${sample}`),
  ];
  return lines.join("\n");
}

/** The line both benches end with: how the app compares to its bare baseline in the same run. */
export function formatRatio(app: LoadResult, baseline: LoadResult): string {
  const throughput = app.ok / app.durationS / (baseline.ok / baseline.durationS);
  const cpu =
    app.cpuMsPerRequest !== undefined && baseline.cpuMsPerRequest !== undefined
      ? `, cpu per request ${(app.cpuMsPerRequest / baseline.cpuMsPerRequest).toFixed(2)}x`
      : "";
  return (
    `ratio (app / baseline): throughput ${throughput.toFixed(2)}, ` +
    `p50 latency ${(app.p50 / baseline.p50).toFixed(2)}x, p99 latency ${(app.p99 / baseline.p99).toFixed(2)}x${cpu}`
  );
}

function describeError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  return cause ? `${String(error)} (${cause.code ?? cause.message})` : String(error);
}

/**
 * The app's own work per request: its CPU per request minus that of a request the same server answers
 * without any work of ours (the framework's fixed cost, measured in the same run), beside the
 * baseline's, which has no framework to subtract.
 */
export function formatFloorComparison(app: LoadResult, floor: LoadResult, baseline: LoadResult): string {
  if (app.cpuMsPerRequest === undefined || floor.cpuMsPerRequest === undefined) return "";
  const own = app.cpuMsPerRequest - floor.cpuMsPerRequest;
  const ratio = ownCpuRatio(app, floor, baseline);
  return (
    `cpu per request: app ${app.cpuMsPerRequest.toFixed(2)} ms = framework ${floor.cpuMsPerRequest.toFixed(2)} ms ` +
    `+ ours ${own.toFixed(2)} ms; baseline ${baseline.cpuMsPerRequest?.toFixed(2) ?? "?"} ms` +
    (ratio === undefined ? "" : `; ours / baseline ${ratio.toFixed(2)}x`)
  );
}

/** "ours / baseline": the app's CPU per request less the framework's, over the baseline's. */
export function ownCpuRatio(app: LoadResult, floor: LoadResult, baseline: LoadResult): number | undefined {
  if (app.cpuMsPerRequest === undefined || floor.cpuMsPerRequest === undefined) return undefined;
  if (!baseline.cpuMsPerRequest) return undefined;
  return (app.cpuMsPerRequest - floor.cpuMsPerRequest) / baseline.cpuMsPerRequest;
}

/** The closing line of a bench with several runs: each run's "ours / baseline" and their median. */
export function formatMedianRatio(ratios: number[]): string {
  return (
    `ours / baseline by run: ${ratios.map((ratio) => `${ratio.toFixed(2)}x`).join(", ")}; ` +
    `median of ${ratios.length}: ${median(ratios).toFixed(2)}x`
  );
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
