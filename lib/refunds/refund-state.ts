// The status machine of a refund, and the one place that writes its status (through
// lib/state/move-status: row lock, guard and timeline event in one transaction):
//
//   CREATED ─→ PROCESSING | UNKNOWN | SUCCESS | FAIL
//   PROCESSING ─→ PROCESSING | SUCCESS | FAIL
//   UNKNOWN ─→ PROCESSING | UNKNOWN | SUCCESS | FAIL
//   SUCCESS and FAIL are final.
//
// The money moves with the status: the amount was reserved on the order when the refund was created
// (refunded_fils, under the order's lock and a CHECK constraint); FAIL releases it, SUCCESS keeps it.
import type { Prisma, PrismaClient, Refund, RefundStatus } from "@/lib/db";
import { moveStatus } from "@/lib/state/move-status";
import { canMove, sourcesOf, type TransitionTable } from "@/lib/state/transitions";

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

export function canMoveRefund(from: RefundStatus, to: RefundStatus): boolean {
  return canMove(REFUND_TRANSITIONS, from, to);
}

export interface RefundMove {
  to: RefundStatus;
  actor: string;
  data?: Omit<Prisma.RefundUncheckedUpdateInput, "status">;
  detail?: Record<string, unknown>;
}

/**
 * Moves the refund if its current status allows it (false when another writer got there first).
 * A change of status adds `REFUND_<STATUS>` to the order's timeline; FAIL releases the reservation.
 */
export async function moveRefund(
  db: PrismaClient | Prisma.TransactionClient,
  refund: Refund,
  move: RefundMove,
): Promise<boolean> {
  const result = await moveStatus(db, {
    table: "refunds",
    id: refund.id,
    transitions: REFUND_TRANSITIONS,
    to: move.to,
    write: async (tx) => {
      await tx.refund.update({ where: { id: refund.id }, data: { ...move.data, status: move.to } });
      if (move.to === "FAIL") {
        // The money never left: free the reservation so it can be refunded again.
        await tx.order.update({
          where: { id: refund.orderId },
          data: { refundedFils: { decrement: refund.amountFils } },
        });
      }
    },
    record: (tx, from) =>
      tx.orderEvent.create({
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
      }),
  });
  return result.moved;
}
