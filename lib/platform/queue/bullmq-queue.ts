// The BullMQ-backed JobQueue used by the app and the workers. Queues are created lazily (the Next
// build must not connect) on the producer connection, which fails fast when Redis is down.
//
// Deduplication: every job carries its deterministic id (jobIdOf) as BullMQ's deduplication id, so
// while a job for a unit of work is waiting, delayed, active or being retried, enqueueing the same
// work again is a no-op; once it has completed or finally failed, the same work can be enqueued again
// (a plain custom jobId would be blocked for as long as the finished job is kept).
// On a Redis Cluster each queue has its own hash-tagged prefix (queue-prefix.ts).
import { type JobsOptions, Queue } from "bullmq";
import { currentRequestId } from "@/lib/platform/observability/request-context";
import type { RedisClient } from "@/lib/platform/redis";
import {
  JOB_ORIGIN_KEY,
  type JobQueue,
  jobIdOf,
  type PayloadInput,
  type PendingJob,
  payloads,
  type QueueName,
  RETRY_POLICY,
} from "./definitions";
import { queuePrefixOf } from "./queue-prefix";

const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

export class BullJobQueue implements JobQueue {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: () => RedisClient,
    readonly prefix = "bull",
  ) {}

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      const connection = this.connection();
      queue = new Queue(name, {
        connection,
        prefix: queuePrefixOf(this.prefix, name, connection.isCluster),
        defaultJobOptions: { ...DEFAULT_JOB_OPTIONS, ...RETRY_POLICY[name] },
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Options of a job for `payload`; exported for producers that add jobs in bulk. */
  static jobOptions<Q extends QueueName>(
    name: Q,
    payload: PayloadInput<Q>,
    options: { delayMs?: number } = {},
  ): JobsOptions {
    const id = jobIdOf(name, payload);
    return {
      deduplication: { id },
      // Readable in dashboards, unique per enqueue (BullMQ ids must not contain ':').
      jobId: `${id}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      ...(options.delayMs ? { delay: Math.max(0, Math.round(options.delayMs)) } : {}),
    };
  }

  async enqueue<Q extends QueueName>(
    name: Q,
    payload: PayloadInput<Q>,
    options: { delayMs?: number } = {},
  ): Promise<void> {
    const data = payloads[name].parse(payload);
    const requestId = currentRequestId();
    await this.queue(name).add(
      name,
      requestId ? { ...data, [JOB_ORIGIN_KEY]: { requestId } } : data,
      BullJobQueue.jobOptions(name, payload, options),
    );
  }

  /**
   * The unfinished job of a unit of work: BullMQ keeps the id of the job that holds a deduplication
   * id under `<prefix>:<queue>:de:<id>` until that job finishes (its Lua scripts' key layout).
   */
  async pending<Q extends QueueName>(name: Q, payload: PayloadInput<Q>): Promise<PendingJob | undefined> {
    const queue = this.queue(name);
    const jobId = await this.connection().get(queue.toKey(`de:${jobIdOf(name, payload)}`));
    if (!jobId) return undefined;
    const job = await queue.getJob(jobId);
    if (!job) return undefined;
    const state = await job.getState();
    return {
      queue: name,
      jobId,
      state,
      attemptsMade: job.attemptsMade,
      runsAt: state === "delayed" ? new Date(job.timestamp + (job.delay ?? 0)) : null,
      enqueuedAt: new Date(job.timestamp),
      failedReason: job.failedReason || null,
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}
