// The process's Prometheus metrics (prom-client): one registry per process, served by that process
// (GET /api/metrics in the app, WORKER_METRICS_PORT in a worker). Instruments recorded while work
// happens live here; gauges read at scrape time are added by scrape-collectors.ts.
//
// Label values come from small fixed sets only (route patterns, operations, result statuses,
// queue names): never a raw path, an id or an address, which would make a series per request.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { BreakerState } from "@/lib/wallet/circuit-breaker";

export interface AppMetrics {
  registry: Registry;
  httpRequestDuration: Histogram<"method" | "route" | "status">;
  walletCallDuration: Histogram<"operation" | "status" | "unknown_cause">;
  notificationVerificationFailures: Counter<"reason">;
  jobDuration: Histogram<"queue" | "job" | "result">;
  breakerState: Gauge<"state">;
}

const BREAKER_STATES: readonly BreakerState[] = ["closed", "open", "half-open"];

function createMetrics(): AppMetrics {
  const registry = new Registry();
  const breakerStates = (gauge: Gauge<"state">, current: BreakerState) => {
    for (const name of BREAKER_STATES) gauge.set({ state: name }, name === current ? 1 : 0);
  };
  // Memory, CPU, event-loop delay, GC: what explains a slow instance.
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP requests by route pattern, method and status, from the route boundary's view",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    walletCallDuration: new Histogram({
      name: "wallet_call_duration_seconds",
      help: "Wallet calls by operation and result status (S/A/F/U), with the cause of a U; _count counts them. Calls the circuit breaker refused count with unknown_cause CIRCUIT_OPEN",
      labelNames: ["operation", "status", "unknown_cause"],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers: [registry],
    }),
    notificationVerificationFailures: new Counter({
      name: "notification_verification_failures_total",
      help: "Notifications refused because they could not be verified, by reason",
      labelNames: ["reason"],
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: "job_duration_seconds",
      help: "Background jobs run by this process, by queue, job name (scan or item) and result",
      labelNames: ["queue", "job", "result"],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    breakerState: new Gauge({
      name: "wallet_circuit_breaker_state",
      help: "The wallet circuit breaker of this process: 1 for its current state (closed, open, half-open)",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        const current = holder[BREAKER_SOURCE_KEY]?.();
        if (current) breakerStates(this, current);
      },
    }),
  };
}

// On globalThis: Next.js may bundle this module into several route chunks, and a second registry
// would silently miss what the other chunks record.
const METRICS_KEY = Symbol.for("wallet-merchant.metrics");
const BREAKER_SOURCE_KEY = Symbol.for("wallet-merchant.metrics.breaker-source");
const DISABLED_KEY = Symbol.for("wallet-merchant.metrics.disabled");
const holder = globalThis as typeof globalThis & {
  [METRICS_KEY]?: AppMetrics;
  [BREAKER_SOURCE_KEY]?: () => BreakerState;
  [DISABLED_KEY]?: boolean;
};

export function getMetrics(): AppMetrics {
  holder[METRICS_KEY] ??= createMetrics();
  return holder[METRICS_KEY];
}

/**
 * METRICS_ENABLED, applied once at process start (instrumentation-node.ts, workers/main.ts). On by
 * default, so code run outside those processes (tests, scripts) records without reading the env.
 */
export function setMetricsEnabled(enabled: boolean): void {
  holder[DISABLED_KEY] = !enabled;
}

function metricsEnabled(): boolean {
  return !holder[DISABLED_KEY];
}

/** Records `record` against the instruments when metrics are on. */
export function recordMetric(record: (metrics: AppMetrics) => void): void {
  if (metricsEnabled()) record(getMetrics());
}

/** Where the breaker gauge reads the state of this process's wallet circuit breaker at scrape time. */
export function watchBreakerState(source: () => BreakerState): void {
  holder[BREAKER_SOURCE_KEY] = source;
}

/** The Prometheus text exposition of this process's registry. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const { registry } = getMetrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
