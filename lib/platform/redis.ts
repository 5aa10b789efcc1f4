// Redis connections, all made here: one server, a Redis Cluster or a Sentinel-managed primary, as
// the settings say (config/redis-topology.ts). BullMQ wants different settings for the two roles:
// producers (routes, health) fail fast when Redis is down instead of queueing commands in memory;
// workers block on Redis and must retry forever (`maxRetriesPerRequest: null`).
// Connections are created lazily so that `next build` never tries to connect.
import { Cluster, type ClusterOptions, Redis, type RedisOptions } from "ioredis";
import type { RedisTopology } from "./config/redis-topology";
import { getEnv } from "./env";
import { getLogger } from "./log";

export type RedisRole = "producer" | "worker";
/** A connection to one server (or a Sentinel-managed primary) or to a whole cluster. */
export type RedisClient = Redis | Cluster;
/** Where to connect: a `redis://` URL (one server) or a topology from the settings. */
export type RedisTarget = string | RedisTopology;

function roleOptions(role: RedisRole): RedisOptions {
  return role === "worker"
    ? { maxRetriesPerRequest: null, enableReadyCheck: true }
    : { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 };
}

/** User name, password and TLS of a `redis://` or `rediss://` URL, for the nodes of a cluster. */
function credentialsOf(url: string): RedisOptions {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return {};
  }
  return {
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.protocol === "rediss:" ? { tls: {} } : {}),
  };
}

/** ioredis's default: a producer's command fails after these many retries and redirections. */
const PRODUCER_REDIRECTIONS = 16;
/** About a minute at the retry delays below: longer than a takeover. */
const WORKER_REDIRECTIONS = 250;

function clusterConnection(
  topology: RedisTopology & { kind: "cluster" },
  role: RedisRole,
  extra: RedisOptions,
) {
  const { lazyConnect, ...nodeExtra } = extra;
  const { enableOfflineQueue, ...nodeOptions } = roleOptions(role);
  const options: ClusterOptions = {
    lazyConnect: lazyConnect ?? true,
    // The producer fails fast while the cluster is unreachable, as a single server's does.
    enableOfflineQueue: enableOfflineQueue ?? true,
    // Keep asking while a replica is promoted (node timeout plus election, a few seconds).
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 300,
    retryDelayOnTryAgain: 200,
    // Each of those retries spends one redirection. A producer gives up after ioredis's 16 (3–5 s: the
    // route answers 503 and the client re-sends); a worker's command waits out a whole takeover
    // instead (about a minute of retries; `cluster-node-timeout` is 15 s by default), since BullMQ
    // takes a failed command of a job scheduler for good: the scan job that failed to schedule its
    // next run is left active until its lock expires and the stalled check puts it back.
    maxRedirections: role === "worker" ? WORKER_REDIRECTIONS : PRODUCER_REDIRECTIONS,
    // No ready check: when a (re)connect finds the cluster down (CLUSTER INFO says fail, between a
    // primary's death and its replica's promotion), ioredis reconnects under a new promise and the one
    // connect() returned never settles (redis/ioredis#709, #741). BullMQ awaits that connect() when it
    // resets a worker's blocking connection, and the worker then never fetched a job again. Commands
    // sent meanwhile get CLUSTERDOWN and are retried as above; readiness asks CLUSTER INFO itself.
    enableReadyCheck: false,
    redisOptions: { ...nodeOptions, ...credentialsOf(topology.url), ...nodeExtra },
  };
  return new Cluster(topology.nodes, options);
}

/** A connection in `role` to the target; every Redis user in the app and the workers comes here. */
export function createRedisConnection(
  target: RedisTarget,
  role: RedisRole,
  extra: RedisOptions = {},
): RedisClient {
  const topology: RedisTopology = typeof target === "string" ? { kind: "single", url: target } : target;
  let connection: RedisClient;
  if (topology.kind === "cluster") connection = clusterConnection(topology, role, extra);
  else if (topology.kind === "sentinel") {
    connection = new Redis({
      ...roleOptions(role),
      ...credentialsOf(topology.url),
      sentinels: topology.sentinels,
      name: topology.name,
      lazyConnect: true,
      ...extra,
    });
  } else connection = new Redis(topology.url, { ...roleOptions(role), lazyConnect: true, ...extra });
  connection.on("error", (error: Error) =>
    getLogger().warn({ err: error.message, role, topology: topology.kind }, "redis connection error"),
  );
  return connection;
}

let producer: RedisClient | undefined;

/** The process-wide producer connection (routes enqueue jobs through it). */
export function getRedis(): RedisClient {
  producer ??= createRedisConnection(getEnv().redis, "producer");
  return producer;
}

/** The producer connection, connected: for code whose first command may be the process's first. */
export async function readyRedis(): Promise<RedisClient> {
  const connection = getRedis();
  await ensureRedisReady(connection);
  return connection;
}

/**
 * Lets go of a connection: QUIT (the commands sent before it are answered first), or, if that takes
 * longer than `graceMs`, cuts it. A cluster client keeps a primary that died in its pool until its
 * next slot refresh, and a worker connection (no retry limit) would wait for that node's QUIT
 * forever: a shutdown after a failover must not hang on it.
 */
export async function closeRedisConnection(connection: RedisClient, graceMs = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([connection.quit().catch(() => undefined), cut]);
  clearTimeout(timer);
  connection.disconnect();
}

/** Connects if needed; resolves when the connection is ready or rejects after `timeoutMs`. */
export async function ensureRedisReady(connection: RedisClient, timeoutMs = 2_000): Promise<void> {
  if (connection.status === "ready") return;
  if (connection.status === "wait" || connection.status === "end") {
    connection.connect().catch(() => undefined);
  }
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`redis not ready within ${timeoutMs} ms (status ${connection.status})`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      connection.off("ready", onReady);
    };
    connection.on("ready", onReady);
  });
}

// ioredis's ways of saying the server is not there: a producer fails fast instead of queueing
// (enableOfflineQueue false), gives up after its retries, or finds the connection closed.
const UNAVAILABLE_MESSAGES = [
  "enableOfflineQueue options is false",
  "Connection is closed",
  "max retries per request",
  "redis not ready within",
  // A cluster whose nodes cannot be reached, or that is between primaries for too long.
  "none of startup nodes is available",
  "failed to refresh slots cache",
  "clusterdown",
  "too many cluster redirections",
];

/** Redis could not be reached: the request is safe to retry later. */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "MaxRetriesPerRequestError") return true;
  const message = error.message.toLowerCase();
  return UNAVAILABLE_MESSAGES.some((text) => message.includes(text.toLowerCase()));
}
