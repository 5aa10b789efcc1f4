// What `npm run soak` counts and prints: orders and their latencies per interval and over the whole
// run, and each process's memory sampled once a second (RSS from /proc; heap as the process reports it).
import { loadavg } from "node:os";
import { rssMbOf, type WatchedProcess } from "./soak-processes";

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** Orders answered, errors, latencies: one interval's, and the run's. */
export class OrderCounts {
  ok = 0;
  errors = 0;
  latencies: number[] = [];
  samples: string[] = [];

  record(latencyMs: number, error?: string) {
    this.latencies.push(latencyMs);
    if (error === undefined) this.ok++;
    else {
      this.errors++;
      if (this.samples.length < 3) this.samples.push(error);
    }
  }
}

/** Once-a-second RSS samples of each process, for the interval and for the run. */
export class MemorySamples {
  readonly run = new Map<string, number[]>();
  interval = new Map<string, number[]>();
  /** Highest app + workers RSS seen, against the cap. */
  peakTogether = 0;

  constructor(private readonly processes: WatchedProcess[]) {}

  sample(): number {
    let together = 0;
    for (const watched of this.processes) {
      const rss = rssMbOf(watched.child.pid);
      if (Number.isNaN(rss)) continue;
      if (watched.name !== "sandbox") together += rss;
      for (const map of [this.run, this.interval])
        map.set(watched.name, [...(map.get(watched.name) ?? []), rss]);
    }
    this.peakTogether = Math.max(this.peakTogether, together);
    return together;
  }

  /** "app rss 312 (max 340) heap 80/120 ext 12" for each process, and the interval starts afresh. */
  describeInterval(): string {
    const parts = this.processes.map((watched) => {
      const samples = this.interval.get(watched.name) ?? [];
      const reported = watched.reported();
      const heap = reported
        ? ` heap ${reported.heapUsed.toFixed(0)}/${reported.heapTotal.toFixed(0)} ext ${reported.external.toFixed(0)}`
        : "";
      return `${watched.name} rss ${(samples.at(-1) ?? Number.NaN).toFixed(0)} (max ${Math.max(...samples).toFixed(0)})${heap}`;
    });
    this.interval = new Map();
    return parts.join(" | ");
  }
}

export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
}

export function describeOrders(counts: OrderCounts, seconds: number): string {
  return (
    `${counts.ok} orders (${(counts.ok / seconds).toFixed(1)}/s) errors ${counts.errors} ` +
    `p50 ${percentile(counts.latencies, 0.5).toFixed(0)} ms p99 ${percentile(counts.latencies, 0.99).toFixed(0)} ms`
  );
}
