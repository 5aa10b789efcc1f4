// defineJob: one processor per queue, with its payload validated on the way in. Item jobs get the
// parsed payload; scan jobs (SCAN_JOB, started by the job schedulers) run the queue's scan. A payload
// that can never succeed fails at once with BullMQ's UnrecoverableError instead of burning retries.
import { UnrecoverableError } from "bullmq";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import {
  type Payload,
  type PayloadInput,
  payloads,
  type QueueName,
  SCAN_JOB,
  scanPayload,
  splitJobData,
} from "./definitions";
import { DEFAULT_JOB_SETTINGS, type JobSettings } from "./settings";

/** The part of a BullMQ job a processor reads; tests pass plain objects. */
interface JobLike {
  id?: string | undefined;
  name: string;
  data: unknown;
  attemptsMade?: number;
}

export interface JobDefinition<Q extends QueueName> {
  queue: Q;
  handle(ctx: ServiceContext, payload: Payload<Q>, settings: JobSettings, job: JobLike): Promise<unknown>;
  /** The repeating scan of this queue, if it has one: finds due work and enqueues item jobs. */
  scan?(ctx: ServiceContext, settings: JobSettings): Promise<unknown>;
}

export type Processor = (ctx: ServiceContext, job: JobLike, settings?: JobSettings) => Promise<unknown>;

function parsePayload<Q extends QueueName>(queue: Q, data: unknown): Payload<Q> {
  const parsed = payloads[queue].safeParse(data);
  if (!parsed.success) {
    throw new UnrecoverableError(
      `invalid ${queue} payload: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"} ${issue.message}`).join("; ")}`,
    );
  }
  return parsed.data as Payload<Q>;
}

export function defineJob<Q extends QueueName>(definition: JobDefinition<Q>): Processor & JobDefinition<Q> {
  const processor: Processor = async (ctx, job, settings = DEFAULT_JOB_SETTINGS) => {
    // The request id the job carries is the worker's business (workers/observe-job.ts), not the payload's.
    const { payload } = splitJobData(job.data);
    if (job.name === SCAN_JOB) {
      if (!definition.scan || !scanPayload.safeParse(payload ?? {}).success) {
        throw new UnrecoverableError(`${definition.queue} has no scan with this payload`);
      }
      return definition.scan(ctx, settings);
    }
    return definition.handle(ctx, parsePayload(definition.queue, payload), settings, job);
  };
  return Object.assign(processor, definition);
}

/** Enqueues many jobs (a scan's findings), a chunk at a time so Redis sees them pipelined. */
export async function enqueueAll<Q extends QueueName>(
  ctx: ServiceContext,
  queue: Q,
  items: PayloadInput<Q>[],
  chunk = 200,
): Promise<number> {
  for (let start = 0; start < items.length; start += chunk) {
    await Promise.all(items.slice(start, start + chunk).map((payload) => ctx.jobs.enqueue(queue, payload)));
  }
  return items.length;
}

/**
 * The usual scan: find the ids of due work, enqueue one item job per id. Job ids double as dedupe
 * ids, so an item still waiting from the last scan is not queued twice.
 */
export function enqueueEach<Q extends QueueName>(
  queue: Q,
  find: (ctx: ServiceContext, settings: JobSettings) => Promise<string[]>,
  payloadOf: (id: string) => PayloadInput<Q>,
): NonNullable<JobDefinition<Q>["scan"]> {
  return async (ctx, settings) => ({
    enqueued: await enqueueAll(ctx, queue, (await find(ctx, settings)).map(payloadOf)),
  });
}

/** Runs `claim` batch after batch until a batch comes back short or `max` items were claimed. */
export async function claimAll(
  claim: (limit: number) => Promise<string[]>,
  batch: number,
  max: number,
): Promise<string[]> {
  const all: string[] = [];
  while (all.length < max) {
    const ids = await claim(Math.min(batch, max - all.length));
    all.push(...ids);
    if (ids.length < batch) break;
  }
  return all;
}
