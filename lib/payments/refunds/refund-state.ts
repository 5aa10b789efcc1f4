// The status machine of a refund, and the one place that writes its status (through
// lib/platform/state/move-status: row lock, guard and timeline event in one transaction):
//
//   CREATED ─→ PROCESSING | UNKNOWN | SUCCESS | FAIL
//   PROCESSING ─→ PROCESSING | SUCCESS | FAIL
//   UNKNOWN ─→ PROCESSING | UNKNOWN | SUCCESS | FAIL
//   SUCCESS and FAIL are final.
//
// The money moves with the status: the amount was reserved on the order when the refund was created
// (refunded_fils, under the order's lock and a CHECK constraint); FAIL releases it, SUCCESS keeps it
// and adds it to what the wallet confirmed (confirmed_refund_fils: what "refunded" means everywhere,
// refund-figures.ts).
import { clearSettledRefundFlag } from "@/lib/payments/orders/clear-flag";
import type { Prisma, PrismaClient, Refund, RefundStatus } from "@/lib/platform/db";
import type { EventType } from "@/lib/platform/outbox/event-map";
import { writeEvent } from "@/lib/platform/outbox/write-event";
import { type MoveResult, moveStatus } from "@/lib/platform/state/move-status";
import { sourcesOf, type TransitionTable } from "@/lib/platform/state/transitions";

const REFUND_TRANSITIONS: TransitionTable<RefundStatus> = {
  CREATED: ["PROCESSING", "UNKNOWN", "SUCCESS", "FAIL"],
  PROCESSING: ["PROCESSING", "SUCCESS", "FAIL"],
  UNKNOWN: ["PROCESSING", "UNKNOWN", "SUCCESS", "FAIL"],
  SUCCESS: [],
  FAIL: [],
};

/** Refunds the wallet has not settled yet: their amount is reserved, and they may still succeed. */
export const REFUND_IN_FLIGHT_STATUSES: readonly RefundStatus[] = sourcesOf(REFUND_TRANSITIONS, "SUCCESS");

export const REFUND_STATUSES = Object.keys(REFUND_TRANSITIONS) as RefundStatus[];

/** The domain event a refund announces on reaching a status (lib/events). */
const ANNOUNCED: Partial<Record<RefundStatus, EventType & `refund.${string}`>> = {
  CREATED: "refund.requested",
  SUCCESS: "refund.succeeded",
  FAIL: "refund.failed",
};

/** Writes the refund's event for the status it is in, if that status announces one. */
export async function announceRefund(tx: Prisma.TransactionClient, refund: Refund): Promise<void> {
  const type = ANNOUNCED[refund.status];
  if (type === undefined) return;
  await writeEvent(tx, {
    type,
    orderId: refund.orderId,
    data: {
      refundId: refund.id,
      orderId: refund.orderId,
      amountFils: refund.amountFils.toString(),
      status: refund.status,
      reason: refund.reason,
      requestedBy: refund.requestedBy,
      resultCode: refund.resultCode,
      failReason: refund.failReason,
    },
  });
}

export interface RefundMove {
  to: RefundStatus;
  actor: string;
  /** The row's other columns, worked out from the row as it is under the lock. */
  data?: (current: Refund) => Omit<Prisma.RefundUncheckedUpdateInput, "status">;
  detail?: Record<string, unknown>;
}

/**
 * Moves the refund if its status, read under the row's lock, allows it; otherwise says where it was
 * (another writer got there first, or it is final). A change of status adds `REFUND_<STATUS>` to the
 * order's timeline and, for SUCCESS and FAIL, its domain event; FAIL releases the reservation and
 * SUCCESS counts it as confirmed. Of `refund` only what never changes is read.
 */
export function moveRefund(
  db: PrismaClient | Prisma.TransactionClient,
  refund: Pick<Refund, "id" | "orderId" | "amountFils">,
  move: RefundMove,
): Promise<MoveResult<RefundStatus>> {
  let written: Refund | undefined;
  return moveStatus(db, {
    table: "refunds",
    id: refund.id,
    transitions: REFUND_TRANSITIONS,
    to: move.to,
    write: async (tx) => {
      const data = move.data?.(await tx.refund.findUniqueOrThrow({ where: { id: refund.id } }));
      written = await tx.refund.update({ where: { id: refund.id }, data: { ...data, status: move.to } });
      if (move.to === "SUCCESS" || move.to === "FAIL") await clearSettledRefundFlag(tx, written);
      if (move.to === "FAIL") {
        // The money never left: free the reservation so it can be refunded again.
        await tx.order.update({
          where: { id: refund.orderId },
          data: { refundedFils: { decrement: refund.amountFils } },
        });
      }
      if (move.to === "SUCCESS") {
        // Final, so counted once: SUCCESS is never left (the guard above refuses SUCCESS → SUCCESS).
        await tx.order.update({
          where: { id: refund.orderId },
          data: { confirmedRefundFils: { increment: refund.amountFils } },
        });
      }
    },
    record: async (tx, from) => {
      if (written) await announceRefund(tx, written);
      await tx.orderEvent.create({
        data: {
          orderId: refund.orderId,
          type: `REFUND_${move.to}`,
          actor: move.actor,
          detail: {
            refundId: refund.id,
            fromStatus: from,
            amountFils: refund.amountFils.toString(),
            ...move.detail,
          } as Prisma.InputJsonValue,
        },
      });
    },
  });
}
