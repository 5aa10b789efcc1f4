// The repeating scans, as BullMQ job schedulers: one `scan` job per queue every scanEveryMs (a minute
// by default; the events worker's every second). upsertJobScheduler is idempotent, so every worker process upserts them at start and
// again whenever its Redis connection comes back (a Redis that restarted empty has lost them).
import type { Queue } from "bullmq";
import {
  type QueueName,
  SCAN_JOB,
  SCANNED_QUEUES,
  type ScannedQueue,
} from "@/lib/platform/queue/definitions";
import { type JobSettings, scanIntervalMs } from "@/lib/platform/queue/settings";

const schedulerIdOf = (queue: ScannedQueue) => `${queue}-scan`;

export async function upsertSchedules(
  queueOf: (name: QueueName) => Queue,
  queues: readonly QueueName[],
  settings: JobSettings,
): Promise<ScannedQueue[]> {
  const scanned = SCANNED_QUEUES.filter((queue) => queues.includes(queue));
  await Promise.all(
    scanned.map((queue) =>
      queueOf(queue).upsertJobScheduler(
        schedulerIdOf(queue),
        { every: scanIntervalMs(queue, settings) },
        {
          name: SCAN_JOB,
          data: {},
          // A scan that fails is simply run again by the next tick; keep a few for operators to see.
          opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
        },
      ),
    ),
  );
  return scanned;
}
