// Queue names, payload schemas and job ids, defined once (STYLE.md, "Jobs"). Producers (routes,
// services) and processors (workers/) both import from here.
import { z } from "zod";

export const QUEUES = {
  tokenRefresh: "token-refresh",
  refundPoll: "refund-poll",
  reconcile: "reconcile",
  notifications: "notifications",
  expiry: "expiry",
  push: "push",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const payloads = {
  "token-refresh": z.object({ customerId: z.string().min(1) }),
  "refund-poll": z.object({ refundId: z.string().min(1) }),
  reconcile: z.object({
    kind: z.enum(["order", "refund", "escrow-operation", "push"]),
    id: z.string().min(1),
  }),
  notifications: z.object({ notificationId: z.string().min(1) }),
  expiry: z.object({ orderId: z.string().min(1) }),
  push: z.object({ pushMessageId: z.string().min(1) }),
} satisfies Record<QueueName, z.ZodType>;

export type Payload<Q extends QueueName> = z.infer<(typeof payloads)[Q]>;

/**
 * Deterministic job ids: enqueueing the same work twice is a no-op while the first job exists.
 * (BullMQ job ids must not contain ':'.)
 */
export function jobIdOf<Q extends QueueName>(queue: Q, payload: Payload<Q>): string {
  const key = Object.values(payload as Record<string, string>).join("-");
  return `${queue}-${key}`.replaceAll(":", "_");
}

export interface JobQueue {
  enqueue<Q extends QueueName>(queue: Q, payload: Payload<Q>, options?: { delayMs?: number }): Promise<void>;
}
