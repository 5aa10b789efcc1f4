// The write of an order's status change, as one statement: the row under its optimistic lock (the
// version it was read at) and the timeline event, together or not at all, returning the row as
// written. Prisma needs a transaction of four round trips (BEGIN, update, insert, COMMIT) and a read
// to do the same; every payment answer, notification and reconciliation goes through here (run
// without Prisma's runtime, or inside the caller's transaction: lib/platform/db/run-sql.ts).
// The domain event the change announces goes to the outbox in the same statement (lib/events).
// transition-order.ts decides what to write; this module only writes it.
import { type Order, Prisma, type PrismaClient } from "@/lib/platform/db";
import { queryRows } from "@/lib/platform/db/run-sql";
import { newRowId } from "@/lib/platform/ids/request-ids";
import type { EventType } from "@/lib/platform/outbox/event-map";
import { orderEventInsertSql } from "@/lib/platform/outbox/write-event";
import { walletCallsInsertSql } from "@/lib/platform/wallet-calls/record-wallet-call";
import { ORDER_COLUMNS } from "./order-columns";
import type { OrderStatus } from "./order-state";

type Db = PrismaClient | Prisma.TransactionClient;

/** Columns a status change may write besides the status; an absent (undefined) one is left as it is. */
export interface TransitionColumns {
  paymentId?: string | null;
  redirectionUrl?: string | null;
  paidAt?: Date | null;
  resultCode?: string | null;
  resultMessage?: string | null;
  nextReconcileAt?: Date | null;
  /** Counts one more reconciliation attempt (reconcile_attempts + 1). */
  countReconcileAttempt?: boolean;
}

// Literal column names only: they are written into the statement, the values are parameters.
const COLUMN_OF: Record<Exclude<keyof TransitionColumns, "countReconcileAttempt">, string> = {
  paymentId: "payment_id",
  redirectionUrl: "redirection_url",
  paidAt: "paid_at",
  resultCode: "result_code",
  resultMessage: "result_message",
  nextReconcileAt: "next_reconcile_at",
};

export interface OrderTransitionWrite {
  /** The order as read: the write applies only if its version is still current. */
  order: Pick<Order, "id" | "version" | "status">;
  to: { status: OrderStatus; voidedFils: bigint };
  columns?: TransitionColumns;
  event: { type: string; actor: string; detail?: Prisma.InputJsonValue | undefined };
  /** The domain event the change announces (outbox), with fields beyond the order's own. */
  announce?: { type: EventType; extra?: Record<string, string> } | undefined;
  /**
   * Wallet-call log rows (held-calls.ts) to insert in the same statement. They are inserted whether
   * or not the order still matched: the insert does not depend on the update.
   */
  walletCalls?: Prisma.Sql[] | undefined;
}

/** Writes the change and its event; the order as written, or null if its version moved on. */
export async function writeOrderTransition(db: Db, write: OrderTransitionWrite): Promise<Order | null> {
  const sets = [
    Prisma.sql`status = ${write.to.status}::order_status`,
    Prisma.sql`voided_fils = ${write.to.voidedFils}::bigint`,
    Prisma.sql`version = version + 1`,
    Prisma.sql`updated_at = now()`,
  ];
  const columns = write.columns ?? {};
  for (const [field, column] of Object.entries(COLUMN_OF) as [keyof typeof COLUMN_OF, string][]) {
    const value = columns[field];
    if (value !== undefined) sets.push(Prisma.sql`${Prisma.raw(column)} = ${value}`);
  }
  if (columns.countReconcileAttempt) sets.push(Prisma.sql`reconcile_attempts = reconcile_attempts + 1`);
  const detail = write.event.detail === undefined ? null : JSON.stringify(write.event.detail);
  const [row] = await queryRows<Order>(
    db,
    Prisma.sql`
    WITH moved AS (
      UPDATE orders SET ${Prisma.join(sets)}
      WHERE id = ${write.order.id}::text AND version = ${write.order.version}::int
      RETURNING ${ORDER_COLUMNS}
    ),
    event AS (
      INSERT INTO order_events (id, order_id, from_status, to_status, type, actor, detail)
      SELECT ${newRowId()}::text, moved.id, ${write.order.status}::order_status, moved.status,
             ${write.event.type}::text, ${write.event.actor}::text, ${detail}::jsonb
      FROM moved
    ),
    announced AS (
      ${orderEventInsertSql(write.announce?.type ?? null, "moved", write.order.status, write.announce?.extra)}
    )${walletCallsCte(write.walletCalls)}
    SELECT * FROM moved`,
    // The text varies only with which of the few columns are set, and how many log rows (one, mostly).
    { prepared: true },
  );
  return row ?? null;
}

function walletCallsCte(rows: Prisma.Sql[] | undefined): Prisma.Sql {
  if (!rows?.length) return Prisma.empty;
  return Prisma.sql`,
    logged AS (${walletCallsInsertSql(rows)})`;
}
