// A JobQueue that records what services enqueue, for tests that check the hand-over to workers
// without running them.
import type { JobQueue, PayloadInput, QueueName } from "@/lib/platform/queue/definitions";

export interface RecordedJob {
  queue: QueueName;
  payload: unknown;
  delayMs?: number | undefined;
}

export class JobRecorder implements JobQueue {
  readonly jobs: RecordedJob[] = [];

  async enqueue<Q extends QueueName>(queue: Q, payload: PayloadInput<Q>, options: { delayMs?: number } = {}) {
    this.jobs.push({ queue, payload, delayMs: options.delayMs });
  }

  of(queue: QueueName): RecordedJob[] {
    return this.jobs.filter((job) => job.queue === queue);
  }
}
