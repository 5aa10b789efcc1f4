// The BullMQ-backed JobQueue used by the app and the workers. Queues are created lazily (the Next
// build must not connect) on the producer connection, which fails fast when Redis is down.
import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { type JobQueue, jobIdOf, type Payload, payloads, type QueueName } from "./definitions";

export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

export class BullJobQueue implements JobQueue {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: () => Redis,
    private readonly prefix = "bull",
  ) {}

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.connection(),
        prefix: this.prefix,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async enqueue<Q extends QueueName>(
    name: Q,
    payload: Payload<Q>,
    options: { delayMs?: number } = {},
  ): Promise<void> {
    const data = payloads[name].parse(payload);
    await this.queue(name).add(name, data, {
      jobId: jobIdOf(name, payload),
      ...(options.delayMs ? { delay: options.delayMs } : {}),
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}
