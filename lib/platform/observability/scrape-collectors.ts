// Gauges read when Prometheus scrapes the app: queue depths and the oldest waiting job per queue
// (Redis), whether Redis is ready (on a cluster: every slot has a primary), the reconciliation
// backlog and the orders needing attention (PostgreSQL, on the console's read model), and how far
// that read model is behind when it is a replica. The app serves them, not the workers: every app
// instance sees the same queues and tables, so aggregate them with max(), not sum(). A source that
// cannot be read leaves its gauges out of that scrape and sets scrape_source_up to 0, instead of
// failing the whole scrape. (The wallet circuit breaker's gauge is in metrics.ts: workers have a
// breaker too.)
import { Gauge } from "prom-client";
import type { QueueMetrics } from "@/lib/platform/queue/metrics";
import { getMetrics } from "./metrics";

/** What reconciliation has yet to settle (lib/payments/reconcile/count-backlog.ts counts it). */
export interface ReconcileBacklog {
  orders: number;
  refunds: number;
  escrowOperations: number;
  ordersNeedingAttention: number;
}

/** Redis as readiness sees it: on a cluster, ready only while every slot has a primary. */
export interface RedisState {
  topology: string;
  ready: boolean;
  /** Primaries serving slots (a cluster only). */
  primaries?: number;
}

export interface ScrapeSources {
  queues: () => Promise<QueueMetrics[]>;
  backlog: () => Promise<ReconcileBacklog>;
  redis: () => Promise<RedisState>;
  /** How far the console's read model is behind the primary; null without a replica. */
  replicaLag?: () => Promise<number | null>;
}

/** Database counts are reused this long: a scrape every few seconds must not become a query load. */
const BACKLOG_CACHE_MS = 5_000;
/** Queue counts are read once per scrape (both queue gauges use the same read). */
const QUEUES_CACHE_MS = 1_000;

const QUEUE_STATES = ["waiting", "active", "delayed", "failed"] as const;

const REGISTERED_KEY = Symbol.for("wallet-merchant.scrape-collectors");
const holder = globalThis as typeof globalThis & { [REGISTERED_KEY]?: { sources: ScrapeSources } };

/** Adds the scrape-time gauges to the registry once per process; later calls swap the sources. */
export function registerScrapeCollectors(sources: ScrapeSources): void {
  const existing = holder[REGISTERED_KEY];
  if (existing) {
    existing.sources = sources;
    return;
  }
  const state = { sources };
  holder[REGISTERED_KEY] = state;

  // Each gauge collects on its own (the registry reads them one after the other); within a scrape
  // they share one read of their source, and a source that fails leaves its gauges empty.
  const readQueues = cached(QUEUES_CACHE_MS, () => state.sources.queues());
  const readBacklog = cached(BACKLOG_CACHE_MS, () => state.sources.backlog());
  const { registry } = getMetrics();
  registerSourceUp(registry, readQueues, readBacklog);
  registerQueueGauges(registry, readQueues);
  registerBacklogGauges(registry, readBacklog);
  registerRedisGauges(
    registry,
    cached(QUEUES_CACHE_MS, () => state.sources.redis()),
  );
  registerReplicaLagGauge(
    registry,
    cached(QUEUES_CACHE_MS, async () => (await state.sources.replicaLag?.()) ?? null),
  );
}

type Registry = ReturnType<typeof getMetrics>["registry"];

async function fromSource<T>(read: () => Promise<T>, apply: (value: T) => void): Promise<void> {
  const value = await read().catch(() => undefined);
  if (value !== undefined) apply(value);
}

function registerSourceUp(
  registry: Registry,
  readQueues: () => Promise<unknown>,
  readBacklog: () => Promise<unknown>,
): void {
  new Gauge({
    name: "scrape_source_up",
    help: "1 when the source (queues, database) could be read for this scrape, else 0",
    labelNames: ["source"],
    registers: [registry],
    async collect() {
      const up = (read: () => Promise<unknown>) =>
        read().then(
          () => 1,
          () => 0,
        );
      this.set({ source: "queues" }, await up(readQueues));
      this.set({ source: "database" }, await up(readBacklog));
    },
  });
}

function registerQueueGauges(registry: Registry, readQueues: () => Promise<QueueMetrics[]>): void {
  new Gauge({
    name: "queue_jobs",
    help: "Jobs per queue and state (waiting, active, delayed, failed)",
    labelNames: ["queue", "state"],
    registers: [registry],
    async collect() {
      this.reset();
      await fromSource(readQueues, (queues) => {
        for (const queue of queues) {
          for (const name of QUEUE_STATES) this.set({ queue: queue.queue, state: name }, queue[name]);
        }
      });
    },
  });
  new Gauge({
    name: "queue_oldest_waiting_age_seconds",
    help: "Age of the oldest job waiting to be picked up, per queue (0 when none waits)",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      this.reset();
      await fromSource(readQueues, (queues) => {
        for (const queue of queues) this.set({ queue: queue.queue }, (queue.oldestWaitingAgeMs ?? 0) / 1000);
      });
    },
  });
}

function registerBacklogGauges(registry: Registry, readBacklog: () => Promise<ReconcileBacklog>): void {
  new Gauge({
    name: "reconcile_backlog",
    help: "Records whose settling is due now, by kind (orders, refunds, escrow_operations)",
    labelNames: ["kind"],
    registers: [registry],
    async collect() {
      this.reset();
      await fromSource(readBacklog, (backlog) => {
        this.set({ kind: "orders" }, backlog.orders);
        this.set({ kind: "refunds" }, backlog.refunds);
        this.set({ kind: "escrow_operations" }, backlog.escrowOperations);
      });
    },
  });
  new Gauge({
    name: "orders_needing_attention",
    help: "Orders flagged for an operator (needs_attention)",
    registers: [registry],
    async collect() {
      this.reset();
      await fromSource(readBacklog, (backlog) => this.set(backlog.ordersNeedingAttention));
    },
  });
}

function registerRedisGauges(registry: Registry, readRedis: () => Promise<RedisState>): void {
  new Gauge({
    name: "redis_ready",
    help: "1 when Redis answers and, on a cluster, every slot has a primary (cluster_state ok), else 0",
    labelNames: ["topology"],
    registers: [registry],
    async collect() {
      this.reset();
      await fromSource(readRedis, (redis) => this.set({ topology: redis.topology }, redis.ready ? 1 : 0));
    },
  });
  new Gauge({
    name: "redis_cluster_primaries",
    help: "Primaries serving slots in the Redis Cluster (absent on one server or behind Sentinel)",
    // Labelled, so that it is absent rather than 0 where there is no cluster.
    labelNames: ["topology"],
    registers: [registry],
    async collect() {
      this.reset();
      await fromSource(readRedis, (redis) => {
        if (redis.primaries !== undefined) this.set({ topology: redis.topology }, redis.primaries);
      });
    },
  });
}

function registerReplicaLagGauge(registry: Registry, readLag: () => Promise<number | null>): void {
  new Gauge({
    name: "database_replica_lag_seconds",
    help: "How far the console's read model (DATABASE_REPLICA_URL) is behind the primary: 0 while it has applied all it received (absent without a replica, or when it cannot be read)",
    registers: [registry],
    async collect() {
      this.reset();
      await fromSource(readLag, (lag) => {
        if (lag !== null) this.set(lag);
      });
    },
  });
}

/** `load`, reused for `ttlMs`; a failed load is not kept. */
function cached<T>(ttlMs: number, load: () => Promise<T>): () => Promise<T> {
  let entry: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!entry || now - entry.at > ttlMs) {
      const value = load();
      entry = { at: now, value };
      value.catch(() => {
        if (entry?.value === value) entry = undefined;
      });
    }
    return entry.value;
  };
}
