// Timeline entries for a customer's records that belong to no order (agreements, push messages,
// subscriptions),
// written by their state modules in the same transaction as the status change.
import type { Prisma } from "@/lib/platform/db";

export type CustomerEventSubject = "AGREEMENT" | "PUSH_MESSAGE" | "SUBSCRIPTION";

export interface CustomerEventInput {
  customerId: string;
  subjectType: CustomerEventSubject;
  subjectId: string;
  type: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  actor: string;
  detail?: Record<string, unknown>;
}

function recordCustomerEvent(tx: Prisma.TransactionClient, event: CustomerEventInput) {
  return tx.customerEvent.create({
    data: { ...event, detail: event.detail as Prisma.InputJsonValue | undefined },
  });
}

/**
 * The `record` step of a state module's move (lib/platform/state/move-status) for a customer's record:
 * `<PREFIX>_<STATUS>` on the customer's timeline, with where it came from.
 */
export function customerTimeline(
  subjectType: CustomerEventSubject,
  prefix: string,
  record: { id: string; customerId: string },
  move: { to: string; actor: string; detail?: Record<string, unknown> | undefined },
) {
  return (tx: Prisma.TransactionClient, from: string) =>
    recordCustomerEvent(tx, {
      customerId: record.customerId,
      subjectType,
      subjectId: record.id,
      type: `${prefix}_${move.to}`,
      fromStatus: from,
      toStatus: move.to,
      actor: move.actor,
      detail: move.detail,
    });
}
