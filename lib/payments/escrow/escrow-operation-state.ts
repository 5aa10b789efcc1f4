// The status machine of an escrow operation (merchantAccept, confirm, cancel, void), and the one
// place that writes its status (through lib/platform/state/move-status: row lock, guard, event together):
//
//   CREATED ─→ SUCCESS | FAIL | UNKNOWN | RETRY
//   UNKNOWN | RETRY ─→ SUCCESS | FAIL | UNKNOWN | RETRY
//   SUCCESS and FAIL are final: a late answer or notification never overwrites them.
//
// RETRY means the wallet said MUTEX_OPERATION_IN_PROCESSING ("wait and retry"); UNKNOWN means no
// usable answer (U, timeout): both are settled later by reconciliation with the same request id.
import { clearSettledOperationFlag } from "@/lib/payments/orders/clear-flag";
import type { EscrowOperation, OperationStatus, Prisma, PrismaClient } from "@/lib/platform/db";
import { moveStatus } from "@/lib/platform/state/move-status";
import { sourcesOf, type TransitionTable } from "@/lib/platform/state/transitions";

const ESCROW_OPERATION_TRANSITIONS: TransitionTable<OperationStatus> = {
  CREATED: ["SUCCESS", "FAIL", "UNKNOWN", "RETRY"],
  UNKNOWN: ["SUCCESS", "FAIL", "UNKNOWN", "RETRY"],
  RETRY: ["SUCCESS", "FAIL", "UNKNOWN", "RETRY"],
  SUCCESS: [],
  FAIL: [],
};

/** Statuses of an operation the wallet has not settled yet: at most one per order at a time. */
export const IN_FLIGHT_STATUSES = sourcesOf(ESCROW_OPERATION_TRANSITIONS, "SUCCESS");

/** In flight after a wallet answer that did not settle it (U, or "wait and retry"): due for a check. */
export const AWAITING_CHECK_STATUSES = IN_FLIGHT_STATUSES.filter((status) => status !== "CREATED");

export interface OperationMove {
  to: OperationStatus;
  actor: string;
  /** Columns written with the status (result code, wallet ids, next check time...). */
  data?: Omit<Prisma.EscrowOperationUncheckedUpdateInput, "status">;
  detail?: Record<string, unknown>;
}

/**
 * Moves the operation to `move.to` if its current status allows it; false (nothing written) when
 * another writer settled it first. A change of status adds `<TYPE>_<STATUS>` (ACCEPT_FAIL,
 * VOID_UNKNOWN, CONFIRM_SUCCESS, ...) to the order's timeline in the same transaction.
 */
export async function moveEscrowOperation(
  db: PrismaClient | Prisma.TransactionClient,
  operation: EscrowOperation,
  move: OperationMove,
): Promise<boolean> {
  const result = await moveStatus(db, {
    table: "escrow_operations",
    id: operation.id,
    transitions: ESCROW_OPERATION_TRANSITIONS,
    to: move.to,
    write: async (tx) => {
      await tx.escrowOperation.update({
        where: { id: operation.id },
        data: { ...move.data, status: move.to },
      });
      if (move.to === "SUCCESS" || move.to === "FAIL") {
        // Its "not settled" flag is no longer true once none of its kind is left in flight.
        await clearSettledOperationFlag(tx, operation, move.to, (inner) =>
          inner.escrowOperation.count({
            where: {
              orderId: operation.orderId,
              type: operation.type,
              status: { in: [...IN_FLIGHT_STATUSES] },
            },
          }),
        );
      }
    },
    record: (tx, from) =>
      tx.orderEvent.create({
        data: {
          orderId: operation.orderId,
          type: `${operation.type}_${move.to}`,
          actor: move.actor,
          detail: {
            operationId: operation.id,
            requestId: operation.requestId,
            fromStatus: from,
            ...move.detail,
          } as Prisma.InputJsonValue,
        },
      }),
  });
  return result.moved;
}
