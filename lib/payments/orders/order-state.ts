// The order state machine: every allowed status change is listed here once (docs/architecture.md,
// "Rules"). Services ask this module before calling the wallet (so illegal operations are refused
// locally with a clear error) and again when applying the wallet's answer. Nobody else decides a
// status. Pure: no I/O.
//
//   CREATED ─pay A→ PENDING ─paid→ PAID ─accept→ ACCEPTED ─confirm→ CONFIRMED
//      │  └─pay S────────────────────↑   └─cancel→ CANCELLED  └─void (full)→ VOIDED
//      ├─pay F→ FAILED      PENDING|UNKNOWN ─failed→ FAILED, ─closed→ CLOSED
//      └─pay U→ UNKNOWN ─(wallet answer only)→ PENDING | PAID | FAILED | CLOSED
//
// A U never becomes final without a wallet answer (spec, Errors): every event that leaves UNKNOWN is
// one the wallet reported (inquiry or notification).

import type { OrderFlow } from "@/generated/prisma/enums";
import { DomainError } from "@/lib/platform/errors/domain-errors";
import type { EventType } from "@/lib/platform/outbox/event-map";

export const ORDER_STATUSES = [
  "CREATED",
  "PENDING",
  "PAID",
  "FAILED",
  "UNKNOWN",
  "CLOSED",
  "ACCEPTED",
  "CONFIRMED",
  "CANCELLED",
  "VOIDED",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type { OrderFlow };

export type OrderEvent =
  | { type: "PAY_ACCEPTED" } // pay answered A: the user pays at the cashier
  | { type: "PAY_SUCCEEDED" } // pay answered S, or the wallet reported SUCCESS
  | { type: "PAY_FAILED" } // pay answered F, or the wallet reported FAIL
  | { type: "PAY_UNKNOWN" } // pay answered U or timed out
  | { type: "PAY_PROCESSING" } // the wallet reported PROCESSING for an order we could not read
  | { type: "PAY_CLOSED" } // the wallet reported CLOSED/CANCELLED before payment (expiry, user cancel)
  | { type: "MERCHANT_ACCEPTED" }
  | { type: "CANCELLED" }
  | { type: "VOIDED"; amountFils: bigint }
  | { type: "CONFIRMED" };

/**
 * The domain event (lib/events) each order event announces, written with the status change in the
 * same statement (write-order-transition.ts). The others (accepted for the cashier, unknown,
 * processing) are steps on the way that no fork reacts to; an outcome still unknown after a while
 * is announced by the reconcile scan as `payment.unknown`.
 */
export const DOMAIN_EVENT_OF: Readonly<Partial<Record<OrderEvent["type"], EventType>>> = {
  PAY_SUCCEEDED: "order.paid",
  PAY_FAILED: "order.failed",
  PAY_CLOSED: "order.expired",
  CANCELLED: "order.cancelled",
  MERCHANT_ACCEPTED: "escrow.accepted",
  CONFIRMED: "escrow.confirmed",
  VOIDED: "escrow.voided",
};

export interface OrderSnapshot {
  flow: OrderFlow;
  status: OrderStatus;
  amountFils: bigint;
  voidedFils: bigint;
  /** Refunds that succeeded or may still succeed (PROCESSING, UNKNOWN, CREATED). */
  refundedFils: bigint;
}

/** Every status, in the order operators read them: money taken first, then in progress, then ended. */
export const ORDER_STATUSES_FOR_OPERATORS: readonly OrderStatus[] = [
  "PAID",
  "CONFIRMED",
  "ACCEPTED",
  "PENDING",
  "CREATED",
  "UNKNOWN",
  "FAILED",
  "CLOSED",
  "CANCELLED",
  "VOIDED",
];

export const FINAL_STATUSES: ReadonlySet<OrderStatus> = new Set(["FAILED", "CLOSED", "CANCELLED", "VOIDED"]);

// Status changes caused by the payment itself, in every flow.
const PAYMENT_TRANSITIONS: Record<string, Partial<Record<OrderStatus, OrderStatus>>> = {
  PAY_ACCEPTED: { CREATED: "PENDING", UNKNOWN: "PENDING" },
  PAY_SUCCEEDED: { CREATED: "PAID", PENDING: "PAID", UNKNOWN: "PAID" },
  PAY_FAILED: { CREATED: "FAILED", PENDING: "FAILED", UNKNOWN: "FAILED" },
  PAY_UNKNOWN: { CREATED: "UNKNOWN" },
  PAY_PROCESSING: { UNKNOWN: "PENDING", CREATED: "PENDING" },
  PAY_CLOSED: { CREATED: "CLOSED", PENDING: "CLOSED", UNKNOWN: "CLOSED" },
};

// The escrow lifecycle of the spec's table: only escrow orders take these.
const ESCROW_TRANSITIONS: Record<string, Partial<Record<OrderStatus, OrderStatus>>> = {
  MERCHANT_ACCEPTED: { PAID: "ACCEPTED" },
  CANCELLED: { PAID: "CANCELLED" },
  CONFIRMED: { ACCEPTED: "CONFIRMED" },
};

/**
 * Statuses whose payment the wallet has not settled for us yet (a success could still move them):
 * what reconciliation, expiry and the console treat as "in the wallet's hands".
 */
export const UNSETTLED_ORDER_STATUSES: readonly OrderStatus[] = Object.keys(
  PAYMENT_TRANSITIONS.PAY_SUCCEEDED as object,
) as OrderStatus[];

/** Escrow statuses in which the wallet holds the customer's money: it can still be accepted or confirmed. */
export const ESCROW_HELD_STATUSES: readonly OrderStatus[] = [
  ...Object.keys(ESCROW_TRANSITIONS.MERCHANT_ACCEPTED as object),
  ...Object.keys(ESCROW_TRANSITIONS.CONFIRMED as object),
] as OrderStatus[];

/**
 * The event is not allowed now: a domain error, so routes answer it and workers branch on it. It
 * keeps the status it was refused in, for services that explain the refusal to their own callers.
 */
export class OrderTransitionError extends DomainError {
  override name = "OrderTransitionError";
  constructor(
    override readonly code:
      | "ORDER_STATUS_INVALID"
      | "ORDER_UNSUPPORTED_OPERATION"
      | "AMOUNT_EXCEEDS_REMAINING",
    message: string,
    readonly orderStatus?: OrderStatus,
    details?: Record<string, unknown>,
  ) {
    super(code, message, details);
  }
}

/** The order after `event`, or an OrderTransitionError saying why the event is not allowed now. */
export function applyOrderEvent(order: OrderSnapshot, event: OrderEvent): OrderSnapshot {
  const payment = PAYMENT_TRANSITIONS[event.type];
  if (payment) return moveTo(order, payment[order.status], event.type);

  if (order.flow !== "ESCROW") {
    throw new OrderTransitionError(
      "ORDER_UNSUPPORTED_OPERATION",
      `${describe(event)} applies to escrow orders only`,
    );
  }
  if (event.type === "VOIDED") {
    if (order.status !== "ACCEPTED") {
      throw new OrderTransitionError(
        "ORDER_STATUS_INVALID",
        `cannot void an order that is ${order.status}`,
        order.status,
      );
    }
    const remaining = order.amountFils - order.voidedFils;
    if (event.amountFils <= 0n || event.amountFils > remaining) {
      throw new OrderTransitionError(
        "AMOUNT_EXCEEDS_REMAINING",
        `void of ${event.amountFils} fils exceeds the ${remaining} fils still held`,
      );
    }
    const voidedFils = order.voidedFils + event.amountFils;
    // A partial void keeps the order accepted; voiding what is left ends it.
    return { ...order, voidedFils, status: voidedFils === order.amountFils ? "VOIDED" : "ACCEPTED" };
  }
  return moveTo(order, ESCROW_TRANSITIONS[event.type]?.[order.status], event.type);
}

function moveTo(order: OrderSnapshot, next: OrderStatus | undefined, eventType: string): OrderSnapshot {
  if (!next) {
    throw new OrderTransitionError(
      "ORDER_STATUS_INVALID",
      `${eventType} is not allowed when the order is ${order.status}`,
      order.status,
    );
  }
  return { ...order, status: next };
}

function describe(event: OrderEvent): string {
  return event.type.toLowerCase().replaceAll("_", " ");
}

/** Money already captured by the merchant: the payment, less anything voided back to the customer. */
export function capturedFils(order: OrderSnapshot): bigint {
  if (order.status === "PAID" && order.flow !== "ESCROW") return order.amountFils;
  if (order.status === "CONFIRMED") return order.amountFils - order.voidedFils;
  return 0n;
}

/**
 * What may still be refunded. Refunds apply to completed payments only: cashier and agreement orders
 * once PAID, escrow orders once CONFIRMED (spec: "Refunds a completed payment (for escrow, after
 * confirmation)").
 */
export function refundableFils(order: OrderSnapshot): bigint {
  const captured = capturedFils(order);
  return captured > order.refundedFils ? captured - order.refundedFils : 0n;
}

export function assertRefundable(order: OrderSnapshot, amountFils: bigint): void {
  if (capturedFils(order) === 0n) {
    const when = order.flow === "ESCROW" ? "confirmed" : "paid";
    throw new OrderTransitionError(
      "ORDER_STATUS_INVALID",
      `only ${when} orders can be refunded; this one is ${order.status}`,
    );
  }
  const remaining = refundableFils(order);
  if (amountFils <= 0n || amountFils > remaining) {
    throw new OrderTransitionError(
      "AMOUNT_EXCEEDS_REMAINING",
      `refund of ${amountFils} fils exceeds the ${remaining} fils still refundable`,
      undefined,
      { requestedFils: amountFils.toString(), remainingFils: remaining.toString() },
    );
  }
}
