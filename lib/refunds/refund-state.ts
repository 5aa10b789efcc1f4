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
import { type MoveResult, moveStatus } from "@/lib/state/move-status";
import { sourcesOf, type TransitionTable } from "@/lib/state/transitions";

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
 * order's timeline; FAIL releases the reservation. Of `refund` only what never changes is read.
 */
export function moveRefund(
  db: PrismaClient | Prisma.TransactionClient,
  refund: Pick<Refund, "id" | "orderId" | "amountFils">,
  move: RefundMove,
): Promise<MoveResult<RefundStatus>> {
  return moveStatus(db, {
    table: "refunds",
    id: refund.id,
    transitions: REFUND_TRANSITIONS,
    to: move.to,
    write: async (tx) => {
      const data = move.data?.(await tx.refund.findUniqueOrThrow({ where: { id: refund.id } }));
      await tx.refund.update({ where: { id: refund.id }, data: { ...data, status: move.to } });
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
}
