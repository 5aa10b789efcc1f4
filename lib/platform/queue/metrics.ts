// What an operator needs to see of the background work, per queue: jobs waiting, running, delayed
// (scheduled or backing off), failed for good, and how long the oldest waiting job has waited (a
// growing age means the workers are down or cannot keep up). Used by /api/health and the admin pages.
import type { Queue } from "bullmq";
import { getServiceContext } from "@/lib/platform/context/service-context";
import { BullJobQueue } from "./bullmq-queue";
import { QUEUE_NAMES, type QueueName } from "./definitions";

export interface QueueMetrics {
  queue: QueueName;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
  /** Age of the oldest job waiting to be picked up, in ms; null when none waits. */
  oldestWaitingAgeMs: number | null;
}

export async function getQueueMetrics(
  queueOf: (name: QueueName) => Queue,
  names: readonly QueueName[] = QUEUE_NAMES,
  now: number = Date.now(),
): Promise<QueueMetrics[]> {
  return Promise.all(
    names.map(async (name) => {
      const queue = queueOf(name);
      const [counts, oldest] = await Promise.all([
        queue.getJobCounts("waiting", "prioritized", "active", "delayed", "failed", "completed"),
        // `wait` is a list with the newest job first: ascending order starts at the oldest.
        queue.getJobs(["wait"], 0, 0, true),
      ]);
      const first = oldest[0];
      return {
        queue: name,
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
        completed: counts.completed ?? 0,
        oldestWaitingAgeMs: first ? Math.max(0, now - first.timestamp) : null,
      };
    }),
  );
}

/** The metrics of this deployment's queues (the process-wide producer connection). */
export async function getAppQueueMetrics(): Promise<QueueMetrics[]> {
  const { jobs } = getServiceContext();
  if (!(jobs instanceof BullJobQueue)) return [];
  return getQueueMetrics((name) => jobs.queue(name));
}
