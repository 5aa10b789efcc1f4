// The status machine of a subscription, and the one place that writes its status (row lock, guard,
// the line on the customer's timeline and the domain event, in one transaction):
//
//   PENDING ─first charge paid→ ACTIVE          PENDING ─first charge failed→ CANCELLED
//   (free first period) → TRIALING ─period 2 paid→ ACTIVE
//   TRIALING | ACTIVE ─a charge failed and the grace ran out, or the customer must act→ PAST_DUE
//   PAST_DUE ─the period was paid→ ACTIVE
//   TRIALING | ACTIVE ─pause→ PAUSED ─resume→ ACTIVE | TRIALING
//   any but CANCELLED ─cancel (now, at the period's end, or unpaid after the last try)→ CANCELLED
//   CANCELLED is final.
//
// Renewals keep the status (ACTIVE stays ACTIVE) and are announced by the billing engine.

import { customerTimeline } from "@/lib/customers/customer-events";
import type { Prisma, Subscription, SubscriptionStatus } from "@/lib/platform/db";
import type { EventData, EventType } from "@/lib/platform/outbox/event-map";
import { writeEvent } from "@/lib/platform/outbox/write-event";
import { moveStatus } from "@/lib/platform/state/move-status";
import type { TransitionTable } from "@/lib/platform/state/transitions";

export const SUBSCRIPTION_TRANSITIONS: TransitionTable<SubscriptionStatus> = {
  PENDING: ["ACTIVE", "CANCELLED"],
  TRIALING: ["ACTIVE", "PAST_DUE", "PAUSED", "CANCELLED"],
  ACTIVE: ["PAST_DUE", "PAUSED", "CANCELLED"],
  PAST_DUE: ["ACTIVE", "CANCELLED"],
  PAUSED: ["ACTIVE", "TRIALING", "CANCELLED"],
  CANCELLED: [],
};

/** Statuses whose due periods the billing engine charges. */
export const BILLED_STATUSES: readonly SubscriptionStatus[] = ["PENDING", "TRIALING", "ACTIVE", "PAST_DUE"];

type SubscriptionEventType =
  | "subscription.created"
  | "subscription.past_due"
  | "subscription.paused"
  | "subscription.resumed"
  | "subscription.cancelled";

/** The event a move announces; a move back from PAUSED is a resume whatever it lands on. */
function eventOf(from: SubscriptionStatus, to: SubscriptionStatus): SubscriptionEventType | null {
  if (from === "PAUSED" && to !== "CANCELLED") return "subscription.resumed";
  switch (to) {
    case "PAST_DUE":
      return "subscription.past_due";
    case "PAUSED":
      return "subscription.paused";
    case "CANCELLED":
      return "subscription.cancelled";
    default:
      return null;
  }
}

type WithSku = Subscription & { plan: { sku: string } };

/** The common part of every subscription event, from the row as it now stands. */
export function subscriptionEventData(
  subscription: WithSku,
  previousStatus: SubscriptionStatus | null,
  periodNumber = subscription.currentPeriod,
): EventData<"subscription.created"> {
  return {
    subscriptionId: subscription.id,
    customerId: subscription.customerId,
    planId: subscription.planId,
    sku: subscription.plan.sku,
    status: subscription.status,
    previousStatus,
    periodNumber,
    accessUntil: subscription.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}

/** Writes a subscription event to the outbox, in the caller's transaction. */
export function announceSubscription<T extends EventType & `subscription.${string}`>(
  tx: Prisma.TransactionClient,
  type: T,
  data: EventData<T>,
) {
  return writeEvent(tx, { type, data } as Parameters<typeof writeEvent>[1]);
}

/** A line on the subscription's timeline that is not a change of status (a charge, a failure). */
export function recordSubscriptionStep(
  tx: Prisma.TransactionClient,
  subscription: { id: string; customerId: string },
  step: { type: string; actor: string; detail?: Record<string, unknown> },
) {
  return tx.customerEvent.create({
    data: {
      customerId: subscription.customerId,
      subjectType: "SUBSCRIPTION",
      subjectId: subscription.id,
      type: step.type,
      actor: step.actor,
      detail: step.detail as Prisma.InputJsonValue | undefined,
    },
  });
}

export interface SubscriptionMove {
  to: SubscriptionStatus;
  actor: string;
  data?: Omit<Prisma.SubscriptionUncheckedUpdateInput, "status">;
  detail?: Record<string, unknown>;
  /** Why it was cancelled (subscription.cancelled's `reason`). */
  reason?: string;
}

/**
 * Moves the subscription if its status allows it, inside `tx` (which the caller holds, usually with
 * the row already locked). False, and nothing written, when the status does not allow the move.
 */
export async function moveSubscription(
  tx: Prisma.TransactionClient,
  subscription: { id: string; customerId: string },
  move: SubscriptionMove,
): Promise<boolean> {
  const result = await moveStatus(tx, {
    table: "subscriptions",
    id: subscription.id,
    transitions: SUBSCRIPTION_TRANSITIONS,
    to: move.to,
    write: (inner) =>
      inner.subscription.update({ where: { id: subscription.id }, data: { ...move.data, status: move.to } }),
    record: async (inner, from) => {
      await customerTimeline("SUBSCRIPTION", "SUBSCRIPTION", subscription, move)(inner, from);
      const type = eventOf(from, move.to);
      if (!type) return;
      const row = await inner.subscription.findUniqueOrThrow({
        where: { id: subscription.id },
        include: { plan: { select: { sku: true } } },
      });
      const data = subscriptionEventData(row, from);
      await announceSubscription(
        inner,
        type,
        type === "subscription.cancelled" ? { ...data, reason: move.reason ?? "CANCELLED" } : data,
      );
    },
  });
  return result.moved;
}
