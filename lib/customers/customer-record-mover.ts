// The status write of a customer's record that belongs to no order (agreements, push messages): the
// guarded move of lib/platform/state/move-status with its event on the customer's timeline. Each state module
// makes its own mover from its table and transitions.
import type { Prisma, PrismaClient } from "@/lib/platform/db";
import { moveStatus, type StatefulTable } from "@/lib/platform/state/move-status";
import type { TransitionTable } from "@/lib/platform/state/transitions";
import { type CustomerEventSubject, customerTimeline } from "./customer-events";

export interface CustomerRecordMove<S extends string, Data> {
  to: S;
  actor: string;
  /** Columns written with the status. */
  data?: Data;
  detail?: Record<string, unknown>;
}

export function customerRecordMover<S extends string, Data>(spec: {
  table: StatefulTable;
  subjectType: CustomerEventSubject;
  /** Event types are `<prefix>_<STATUS>`. */
  prefix: string;
  transitions: TransitionTable<S>;
  update: (tx: Prisma.TransactionClient, id: string, data: Data & { status: S }) => Promise<unknown>;
  /** Writes the domain event (lib/events) a change of status announces, if any. */
  announce?: (
    tx: Prisma.TransactionClient,
    record: { id: string; customerId: string },
    to: S,
  ) => Promise<unknown>;
}) {
  /** Moves the record if its status allows it; false (nothing written) when it moved on meanwhile. */
  return async (
    db: PrismaClient | Prisma.TransactionClient,
    record: { id: string; customerId: string },
    move: CustomerRecordMove<S, Data>,
  ): Promise<boolean> => {
    const result = await moveStatus(db, {
      table: spec.table,
      id: record.id,
      transitions: spec.transitions,
      to: move.to,
      write: (tx) => spec.update(tx, record.id, { ...(move.data as Data), status: move.to }),
      record: async (tx, from) => {
        await customerTimeline(spec.subjectType, spec.prefix, record, move)(tx, from);
        await spec.announce?.(tx, record, move.to);
      },
    });
    return result.moved;
  };
}
