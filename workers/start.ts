// Starts BullMQ workers for the given queues on one Redis, with the process's domain services:
// one worker connection (or cluster client; `maxRetriesPerRequest: null`, retries forever while Redis
// is away) that every Worker shares for its ordinary commands, plus the blocking connection BullMQ
// duplicates from it for each Worker (its BZPOPMIN must not hold up the others); a separate producer
// connection for the jobs the processors enqueue and for the schedulers; and `close()` for graceful
// shutdown (finish the jobs in hand, then let go of Redis).
// Sharing saves one connection per queue: all nine queues open 11 connections, not 19, each one a
// socket, ioredis' buffers and queues in this process and a client in Redis.
// workers/main.ts uses it for `npm run workers`; tests and the bench start workers in-process with it.
import { hostname } from "node:os";
import { type Job, Worker } from "bullmq";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { BullJobQueue } from "@/lib/platform/queue/bullmq-queue";
import { QUEUE_NAMES, type QueueName } from "@/lib/platform/queue/definitions";
import { queuePrefixOf } from "@/lib/platform/queue/queue-prefix";
import { DEFAULT_JOB_SETTINGS, type JobSettings } from "@/lib/platform/queue/settings";
import {
  closeRedisConnection,
  createRedisConnection,
  ensureRedisReady,
  type RedisClient,
  type RedisTarget,
} from "@/lib/platform/redis";
import { observeJob } from "./observe-job";
import { PROCESSORS } from "./registry";
import { upsertSchedules } from "./schedules";

export interface StartWorkersOptions {
  /** Domain services; its `jobs` is replaced by a queue on this Redis and prefix. */
  ctx: ServiceContext;
  /** A `redis://` URL or the settings' topology (a cluster, a Sentinel-managed primary). */
  redis: RedisTarget;
  prefix: string;
  queues?: readonly QueueName[];
  settings?: JobSettings;
  /** Jobs each worker runs at once (per queue, per process). */
  concurrency?: number;
  /** A job whose worker stopped renewing its lock this long ago is retried elsewhere. */
  lockDurationMs?: number;
  /** Upsert the scan schedulers (default true). */
  schedules?: boolean;
  /** How long `close()` waits for the jobs in hand before it cuts the connections (default 30 s). */
  shutdownGraceMs?: number;
}

export interface RunningWorkers {
  ctx: ServiceContext;
  jobs: BullJobQueue;
  workers: Worker[];
  close(): Promise<void>;
}

export async function startWorkers(options: StartWorkersOptions): Promise<RunningWorkers> {
  const queues = options.queues ?? QUEUE_NAMES;
  const settings = options.settings ?? DEFAULT_JOB_SETTINGS;
  const lockDuration = options.lockDurationMs ?? 30_000;
  const logger = options.ctx.logger;
  const connections: RedisClient[] = [];

  const producer = createRedisConnection(options.redis, "producer", { lazyConnect: false });
  connections.push(producer);
  const jobs = new BullJobQueue(() => producer, options.prefix);
  const ctx: ServiceContext = { ...options.ctx, jobs };

  // Shared, so BullMQ leaves it open when a Worker closes: it is closed with the others below.
  const shared = createRedisConnection(options.redis, "worker", { lazyConnect: false });
  // Each Worker listens on it ('error', 'ready', 'close', and more while it connects): one set per
  // queue is expected, not a leak.
  shared.setMaxListeners(10 + 3 * queues.length);
  connections.push(shared);

  const workers = queues.map((name) => {
    const run = (job: Job) => observeJob(name, job, () => PROCESSORS[name](ctx, job, settings));
    const worker = new Worker(name, run, {
      connection: shared,
      prefix: queuePrefixOf(options.prefix, name, shared.isCluster),
      // Shown as the job's processedBy: which process ran it.
      name: `${hostname()}-${process.pid}`,
      concurrency: options.concurrency ?? 8,
      lockDuration,
      stalledInterval: lockDuration,
      // A job whose worker died twice is more likely poison than bad luck: fail it for an operator.
      maxStalledCount: 2,
    });
    worker.on("error", (error) => logger.warn({ queue: name, err: error.message }, "worker error"));
    worker.on("failed", (job, error) =>
      logger.warn(
        { queue: name, jobId: job?.id, attemptsMade: job?.attemptsMade, err: error.message },
        "job failed",
      ),
    );
    return worker;
  });

  if (options.schedules ?? true) {
    const upsert = () =>
      upsertSchedules((name) => jobs.queue(name), queues, settings).catch((error: Error) =>
        logger.warn({ err: error.message }, "could not upsert job schedulers; retried on reconnect"),
      );
    await ensureRedisReady(producer, 30_000);
    await upsert();
    // Redis may come back empty after a restart: put the schedulers back each time we reconnect.
    producer.on("ready", () => void upsert());
  }

  let closing: Promise<void> | undefined;
  return {
    ctx,
    jobs,
    workers,
    close() {
      closing ??= (async () => {
        const graceful = (async () => {
          await Promise.all(workers.map((worker) => worker.close()));
          await jobs.close();
        })();
        // BullMQ quits its own blocking connections, and a cluster client still holding a primary
        // that died in a failover waits for that node's answer forever. A job cut off here is
        // retried elsewhere once its lock expires, as after a crash.
        if (!(await settlesWithin(graceful, options.shutdownGraceMs ?? 30_000))) {
          logger.warn("workers did not finish closing in time: cutting their redis connections");
        }
        await Promise.all(connections.map((connection) => closeRedisConnection(connection)));
      })();
      return closing;
    },
  };
}

/** Whether `promise` settles within `ms` (it goes on running either way). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true as const,
    () => true as const,
  );
  const inTime = await Promise.race([settled, late]);
  clearTimeout(timer);
  return inTime;
}
