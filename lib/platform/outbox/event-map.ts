// The domain events a fork's hooks and the merchant's webhooks receive: their names, versions and
// payloads, defined once. Each event is written to the outbox in the same transaction as the change
// that caused it (write-event.ts), by the state module that makes the change; this file is the
// contract with the code that reacts to them (docs/events.md). Amounts are fils as strings of digits,
// times are ISO 8601 in UTC, as everywhere in the API.
import { z } from "zod";

const fils = z.string().regex(/^\d+$/);
const isoTime = z.string().min(1);

/** An order as it is after the change: what most reactions need without reading the database. */
const orderPayload = z.object({
  orderId: z.string(),
  customerId: z.string(),
  flow: z.enum(["CASHIER", "ESCROW", "AGREEMENT"]),
  status: z.string(),
  previousStatus: z.string().nullable(),
  amountFils: fils,
  currency: z.string(),
  voidedFils: fils,
  /** Refunds the wallet confirmed (none awaiting approval or in flight). */
  refundedFils: fils,
  paymentId: z.string().nullable(),
  paidAt: isoTime.nullable(),
  resultCode: z.string().nullable(),
  resultMessage: z.string().nullable(),
});

const refundPayload = z.object({
  refundId: z.string(),
  orderId: z.string(),
  amountFils: fils,
  status: z.string(),
  reason: z.string().nullable(),
  requestedBy: z.string(),
  resultCode: z.string().nullable(),
  failReason: z.string().nullable(),
});

/**
 * A subscription as it is after the change (lib/payments/subscriptions): what a fork's hook needs to
 * grant or revoke access. `periodNumber` is the period the event is about (the one renewed or whose
 * charge failed); `accessUntil` the end of the last period the customer has paid for (or got free).
 */
const subscriptionPayload = z.object({
  subscriptionId: z.string(),
  customerId: z.string(),
  planId: z.string(),
  sku: z.string(),
  status: z.string(),
  previousStatus: z.string().nullable(),
  periodNumber: z.number().int(),
  accessUntil: isoTime.nullable(),
  cancelAtPeriodEnd: z.boolean(),
});

export const EVENT_PAYLOADS = {
  "order.created": orderPayload,
  "order.paid": orderPayload,
  "order.failed": orderPayload,
  /** The payment window closed without a payment (expired, or the customer left the cashier). */
  "order.expired": orderPayload,
  /** An escrow order the merchant cancelled before accepting it: the customer's money went back. */
  "order.cancelled": orderPayload,
  "escrow.accepted": orderPayload,
  "escrow.confirmed": orderPayload,
  /** Part or all of an accepted escrow order was voided; `voidAmountFils` is this void's share. */
  "escrow.voided": orderPayload.extend({ voidAmountFils: fils }),
  "refund.requested": refundPayload,
  "refund.succeeded": refundPayload,
  "refund.failed": refundPayload,
  "agreement.bound": z.object({ agreementId: z.string(), customerId: z.string() }),
  /** A customer subscribed (PENDING while the first charge is in flight, TRIALING on a free first period). */
  "subscription.created": subscriptionPayload,
  /** A period was paid: the customer has access until `accessUntil`. The first paid period counts. */
  "subscription.renewed": subscriptionPayload.extend({ orderId: z.string(), amountFils: fils }),
  /**
   * A charge of the period failed. `failureKind` is RETRY (tried again at `nextAttemptAt`), CUSTOMER
   * (only the customer can fix it) or MERCHANT; `nextAttemptAt` is null when no try is left.
   */
  "subscription.payment_failed": subscriptionPayload.extend({
    orderId: z.string().nullable(),
    resultCode: z.string(),
    failureKind: z.enum(["RETRY", "CUSTOMER", "MERCHANT"]),
    nextAttemptAt: isoTime.nullable(),
  }),
  /** The grace after a failed charge ran out, or the customer must act: revoke access here if you must. */
  "subscription.past_due": subscriptionPayload,
  "subscription.paused": subscriptionPayload,
  "subscription.resumed": subscriptionPayload,
  /** Ended for good: by the customer or an operator, at the period's end, or unpaid after the last try. */
  "subscription.cancelled": subscriptionPayload.extend({ reason: z.string() }),
  /**
   * The order needs a person (lib/payments/orders/order-flags.ts): the wallet said something we cannot settle
   * on our own. `flag` is its kind and facts, `reason` their English sentence, `actor` who raised it.
   */
  "order.flagged": z.object({
    orderId: z.string(),
    /**
     * The flag's kind and its facts. Each kind's facts are listed with the kind in
     * lib/payments/orders/order-flags.ts, which checks them when the flag is raised; this map only
     * requires the kind, so the outbox (plumbing every context uses) does not depend on payments.
     */
    flag: z.looseObject({ kind: z.string() }),
    reason: z.string(),
    actor: z.string(),
  }),
  /** The payment's outcome is still unknown after PAYMENT_UNKNOWN_ALERT_AFTER (once per order). */
  "payment.unknown": orderPayload.extend({ unknownSince: isoTime }),
  /** A wallet notification that failed verification (forged, or signed with another key). */
  "notification.rejected": z.object({
    kind: z.string(),
    reason: z.string(),
    sourceAddress: z.string(),
  }),
  /** The wallet stopped answering: a process's circuit breaker opened. */
  "wallet.unavailable": z.object({ process: z.string(), halfOpenAfterMs: z.number().int() }),
  "wallet.recovered": z.object({ process: z.string() }),
  /** A delivery to a hook or webhook gave up after its last try (the console's dead letter). */
  "delivery.dead": z.object({
    deliveryId: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    targetKind: z.enum(["HOOK", "WEBHOOK"]),
    target: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
  }),
} as const;

export type EventType = keyof typeof EVENT_PAYLOADS;
export const EVENT_TYPES = Object.keys(EVENT_PAYLOADS) as EventType[];

/** Bumped when a payload changes incompatibly; hooks and receivers can branch on it. */
export const EVENT_VERSION = 1;

export type EventData<T extends EventType> = z.output<(typeof EVENT_PAYLOADS)[T]>;

/** An event as hooks and webhook receivers get it. */
export interface DomainEvent<T extends EventType = EventType> {
  /** Stable across retries and re-sends: the idempotency key for whatever the event causes. */
  id: string;
  type: T;
  version: number;
  /** When the change happened (the transaction that wrote it). */
  occurredAt: string;
  orderId: string | null;
  data: EventData<T>;
}

function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_PAYLOADS, value);
}

/** The event as stored, checked against its schema: a row that does not parse is a bug, not data. */
export function parseEvent(row: {
  id: string;
  type: string;
  version: number;
  occurredAt: Date;
  orderId: string | null;
  payload: unknown;
}): DomainEvent {
  if (!isEventType(row.type)) throw new Error(`outbox event ${row.id} has an unknown type ${row.type}`);
  const data = EVENT_PAYLOADS[row.type].parse(row.payload);
  return {
    id: row.id,
    type: row.type,
    version: row.version,
    occurredAt: row.occurredAt.toISOString(),
    orderId: row.orderId,
    data,
  } as DomainEvent;
}
