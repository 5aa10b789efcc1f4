// The guarded status write every state module uses: in one transaction, lock the row, check the
// transition against the module's table, write the new status (with its columns) and, when the
// status changed, the timeline event. Two writers racing (an answer and a notification, two workers)
// are serialized by the row lock; the second finds the status moved on and writes nothing.
import type { Prisma, PrismaClient } from "@/lib/platform/db";
import { canMove, type TransitionTable } from "./transitions";

type Db = PrismaClient | Prisma.TransactionClient;

/** Tables with a `status` column whose rows the state modules move. Literal names only: see below. */
export type StatefulTable =
  | "refunds"
  | "escrow_operations"
  | "agreements"
  | "push_messages"
  | "subscriptions";

export interface StatusMove<S extends string> {
  table: StatefulTable;
  id: string;
  transitions: TransitionTable<S>;
  to: S;
  /** Writes the row: status `to` and whatever columns go with it. */
  write(tx: Prisma.TransactionClient): Promise<unknown>;
  /** Writes the timeline event; called only when the status actually changes. */
  record?(tx: Prisma.TransactionClient, from: S): Promise<unknown>;
}

export type MoveResult<S extends string> = { moved: true; from: S } | { moved: false; from: S | undefined };

export async function moveStatus<S extends string>(db: Db, move: StatusMove<S>): Promise<MoveResult<S>> {
  const run = async (tx: Prisma.TransactionClient): Promise<MoveResult<S>> => {
    // The table name is one of the literals of StatefulTable, never input: safe to interpolate.
    const rows = await tx.$queryRawUnsafe<{ status: S }[]>(
      `SELECT status::text AS status FROM ${move.table} WHERE id = $1 FOR UPDATE`,
      move.id,
    );
    const from = rows[0]?.status;
    if (from === undefined || !canMove(move.transitions, from, move.to)) return { moved: false, from };
    await move.write(tx);
    if (from !== move.to) await move.record?.(tx, from);
    return { moved: true, from };
  };
  return "$transaction" in db ? db.$transaction(run) : run(db);
}
