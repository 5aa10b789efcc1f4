// Queue names, payload schemas and job ids, defined once (docs/architecture.md, "Background jobs").
// Producers (routes, services, the scans) and processors (workers/) both import from here.
import { z } from "zod";

export const QUEUES = {
  tokenRefresh: "token-refresh",
  refundPoll: "refund-poll",
  reconcile: "reconcile",
  notifications: "notifications",
  expiry: "expiry",
  push: "push",
  maintenance: "maintenance",
  events: "events",
  subscriptions: "subscriptions",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUES);

export const payloads = {
  "token-refresh": z.strictObject({ customerId: z.string().min(1) }),
  // `poll` numbers the polls of one refund: each poll enqueues the next under a new job id.
  "refund-poll": z.strictObject({
    refundId: z.string().min(1),
    poll: z.number().int().nonnegative().default(0),
  }),
  reconcile: z.strictObject({
    kind: z.enum(["order", "refund", "escrow-operation", "push"]),
    id: z.string().min(1),
  }),
  notifications: z.strictObject({ notificationId: z.string().min(1) }),
  expiry: z.strictObject({ orderId: z.string().min(1) }),
  push: z.strictObject({ pushMessageId: z.string().min(1) }),
  // Housekeeping of our own tables; its scan runs every task.
  maintenance: z.strictObject({ task: z.enum(["retention"]) }),
  // The events worker has one kind of work, its scan (lib/events/drain-events.ts): a job with an
  // empty payload runs one more drain.
  events: z.strictObject({}),
  // One billing period to charge, or to settle from its order (lib/payments/subscriptions).
  subscriptions: z.strictObject({ periodId: z.string().min(1) }),
} satisfies Record<QueueName, z.ZodType>;

/**
 * Besides its payload, a job's data carries under this key where it came from: the id of the HTTP
 * request (or of the job) that enqueued it. Workers run the job under that id, so one request's log
 * lines and wallet calls can be followed into the background work it caused. Kept apart from the
 * payload: it does not take part in the job id, so it never defeats deduplication.
 */
export const JOB_ORIGIN_KEY = "origin";
const jobOrigin = z.object({ requestId: z.string().min(1).max(128) });

/** The payload part of a job's data, and the request id it carries (if any). */
export function splitJobData(data: unknown): { payload: unknown; requestId: string | undefined } {
  if (!data || typeof data !== "object" || !(JOB_ORIGIN_KEY in data)) {
    return { payload: data, requestId: undefined };
  }
  const { [JOB_ORIGIN_KEY]: origin, ...payload } = data as Record<string, unknown>;
  const parsed = jobOrigin.safeParse(origin);
  return { payload, requestId: parsed.success ? parsed.data.requestId : undefined };
}

/** What a processor receives (defaults applied). */
export type Payload<Q extends QueueName> = z.output<(typeof payloads)[Q]>;
/** What a producer passes (defaults may be left out). */
export type PayloadInput<Q extends QueueName> = z.input<(typeof payloads)[Q]>;

/**
 * The repeating scans run as jobs of this name in their own queue (token-refresh, reconcile, expiry,
 * notifications, maintenance, subscriptions), started by BullMQ job schedulers (workers/schedules.ts).
 * Their payload is empty.
 */
export const SCAN_JOB = "scan";
export const scanPayload = z.strictObject({});
export const SCANNED_QUEUES = [
  "token-refresh",
  "reconcile",
  "expiry",
  "notifications",
  "maintenance",
  "events",
  "subscriptions",
] as const satisfies readonly QueueName[];
export type ScannedQueue = (typeof SCANNED_QUEUES)[number];

/**
 * Deterministic job ids: the same unit of work always gets the same id, and BullMQ keeps at most one
 * unfinished job per id (it is the job's deduplication id, see bullmq-queue.ts). Built from the
 * payload after validation, so defaults count. BullMQ job ids must not contain ':'.
 */
export function jobIdOf<Q extends QueueName>(queue: Q, payload: PayloadInput<Q>): string {
  const parsed = payloads[queue].parse(payload) as Record<string, string | number>;
  const key = Object.values(parsed).join("-");
  return `${queue}-${key}`.replaceAll(":", "_");
}

/** Retry policy per queue: processors are idempotent, so a retry is always safe. */
export const RETRY_POLICY: Record<
  QueueName,
  { attempts: number; backoff: { type: "exponential"; delay: number } }
> = {
  // A wallet that does not answer a refresh: try again soon, the token is about to expire.
  "token-refresh": { attempts: 5, backoff: { type: "exponential", delay: 5_000 } },
  // A failed poll (database or Redis hiccup) is retried; the 5 s spacing is enforced in the database.
  "refund-poll": { attempts: 5, backoff: { type: "exponential", delay: 5_000 } },
  reconcile: { attempts: 5, backoff: { type: "exponential", delay: 5_000 } },
  notifications: { attempts: 8, backoff: { type: "exponential", delay: 2_000 } },
  expiry: { attempts: 5, backoff: { type: "exponential", delay: 5_000 } },
  // A U from sendPush is retried with the same requestId ("does not send again").
  push: { attempts: 8, backoff: { type: "exponential", delay: 10_000 } },
  // The next scan does the same work anyway.
  maintenance: { attempts: 2, backoff: { type: "exponential", delay: 30_000 } },
  // Deliveries keep their own retry schedule in the database; the next run (a second later) carries on.
  events: { attempts: 1, backoff: { type: "exponential", delay: 1_000 } },
  // A charge whose wallet call did not answer is settled from its order; the scan finds anything lost.
  subscriptions: { attempts: 3, backoff: { type: "exponential", delay: 10_000 } },
};

/** A job still to run (waiting, delayed, active or backing off before a retry), as operators see it. */
export interface PendingJob {
  queue: QueueName;
  jobId: string;
  state: string;
  attemptsMade: number;
  /** When it runs next, if it is delayed. */
  runsAt: Date | null;
  enqueuedAt: Date;
  failedReason: string | null;
}

export interface JobQueue {
  enqueue<Q extends QueueName>(
    queue: Q,
    payload: PayloadInput<Q>,
    options?: { delayMs?: number },
  ): Promise<void>;
  /** The unfinished job for this unit of work, if any (for the order timeline). */
  pending?<Q extends QueueName>(queue: Q, payload: PayloadInput<Q>): Promise<PendingJob | undefined>;
}
