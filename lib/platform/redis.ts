// Redis connections. BullMQ wants different settings for the two roles:
// producers (routes, health) fail fast when Redis is down instead of queueing commands in memory;
// workers block on Redis and must retry forever (`maxRetriesPerRequest: null`).
// Connections are created lazily so that `next build` never tries to connect.
import { Redis, type RedisOptions } from "ioredis";
import { getEnv } from "./env";
import { getLogger } from "./log";

export type RedisRole = "producer" | "worker";

export function createRedisConnection(url: string, role: RedisRole, extra: RedisOptions = {}): Redis {
  const options: RedisOptions =
    role === "worker"
      ? { maxRetriesPerRequest: null, enableReadyCheck: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 };
  const connection = new Redis(url, { ...options, lazyConnect: true, ...extra });
  connection.on("error", (error) => getLogger().warn({ err: error.message, role }, "redis connection error"));
  return connection;
}

let producer: Redis | undefined;

/** The process-wide producer connection (routes enqueue jobs through it). */
export function getRedis(): Redis {
  producer ??= createRedisConnection(getEnv().redisUrl, "producer");
  return producer;
}

/** The producer connection, connected: for code whose first command may be the process's first. */
export async function readyRedis(): Promise<Redis> {
  const connection = getRedis();
  await ensureRedisReady(connection);
  return connection;
}

/** Connects if needed; resolves when the connection is ready or rejects after `timeoutMs`. */
export async function ensureRedisReady(connection: Redis, timeoutMs = 2_000): Promise<void> {
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
];

/** Redis could not be reached: the request is safe to retry later. */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "MaxRetriesPerRequestError") return true;
  const message = error.message.toLowerCase();
  return UNAVAILABLE_MESSAGES.some((text) => message.includes(text.toLowerCase()));
}
