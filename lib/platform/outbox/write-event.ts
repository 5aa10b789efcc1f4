// Writes domain events to the outbox, always inside the transaction (or the one statement) of the
// change that causes them: the event exists if and only if the change committed, so a crash after
// the commit loses nothing and a rolled-back change announces nothing. Only state modules call this
// (docs/events.md); the dispatcher (dispatch-events.ts) turns each row into deliveries.
import { type Order, type Prisma, type PrismaClient, Prisma as PrismaNamespace } from "@/lib/platform/db";
import { newRowId } from "@/lib/platform/ids/request-ids";
import { EVENT_PAYLOADS, EVENT_VERSION, type EventData, type EventType } from "./event-map";

type Db = PrismaClient | Prisma.TransactionClient;

export interface EventDraft<T extends EventType> {
  type: T;
  orderId?: string | null;
  data: EventData<T>;
  /** For events that must exist once per subject: a second write with the same key is dropped. */
  dedupeKey?: string;
}

/**
 * Inserts the event; false when its dedupe key was already taken. The key's row in
 * outbox_dedupe_keys (unpartitioned, kept when the event's month is dropped) is what makes the key
 * unique across months: the event is inserted only when its key's row was. A concurrent writer of
 * the same key waits for this transaction, then inserts nothing if it committed.
 */
export async function writeEvent<T extends EventType>(db: Db, draft: EventDraft<T>): Promise<boolean> {
  const payload = EVENT_PAYLOADS[draft.type].parse(draft.data);
  const id = newRowId();
  const dedupeKey = draft.dedupeKey ?? null;
  const inserted = await db.$executeRaw`
    WITH key AS (
      INSERT INTO outbox_dedupe_keys (dedupe_key, event_id) SELECT ${dedupeKey}::text, ${id}::text
      WHERE ${dedupeKey}::text IS NOT NULL
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING dedupe_key)
    INSERT INTO outbox_events (id, type, version, order_id, payload, dedupe_key)
    SELECT ${id}::text, ${draft.type}::text, ${EVENT_VERSION}::int, ${draft.orderId ?? null}::text,
           ${JSON.stringify(payload)}::jsonb, ${dedupeKey}::text
    WHERE ${dedupeKey}::text IS NULL OR EXISTS (SELECT 1 FROM key)`;
  return inserted === 1;
}

const sql = PrismaNamespace.sql;

/**
 * The order payload (event-types.ts `orderPayload`) built in SQL from a row named `alias` that reads
 * as an Order (ORDER_COLUMNS: camel-case field names), for the statements that write an order and its
 * event at once (insert-order.ts, write-order-transition.ts). `alias` is a literal of the caller's
 * statement, never input.
 */
function orderPayloadSql(alias: string, previousStatus: string | null): Prisma.Sql {
  const field = (name: string) => PrismaNamespace.raw(`${alias}."${name}"`);
  return sql`jsonb_build_object(
    'orderId', ${field("id")}, 'customerId', ${field("customerId")}, 'flow', ${field("flow")},
    'status', ${field("status")}, 'previousStatus', ${previousStatus}::text,
    'amountFils', ${field("amountFils")}::text, 'currency', ${field("currency")},
    'voidedFils', ${field("voidedFils")}::text, 'refundedFils', ${field("confirmedRefundFils")}::text,
    'paymentId', ${field("paymentId")},
    'paidAt', to_char(${field("paidAt")} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'resultCode', ${field("resultCode")}, 'resultMessage', ${field("resultMessage")})`;
}

/**
 * The outbox row for an order event, as part of a statement that has the order's row as `alias`.
 * With `type` null it inserts nothing: the statement's text stays the same either way, so it can be
 * prepared once.
 */
export function orderEventInsertSql(
  type: EventType | null,
  alias: string,
  previousStatus: string | null,
  extra: Record<string, string> = {},
): Prisma.Sql {
  return sql`INSERT INTO outbox_events (id, type, version, order_id, payload)
    SELECT ${newRowId()}::text, ${type}::text, ${EVENT_VERSION}::int, ${PrismaNamespace.raw(`${alias}."id"`)},
           ${orderPayloadSql(alias, previousStatus)} || ${JSON.stringify(extra)}::jsonb
    FROM ${PrismaNamespace.raw(alias)}
    WHERE ${type}::text IS NOT NULL`;
}

/** The same payload from an order read in TypeScript, for events written outside those statements. */
export function orderPayloadOf(order: Order, previousStatus: string | null): EventData<"order.paid"> {
  return {
    orderId: order.id,
    customerId: order.customerId,
    flow: order.flow,
    status: order.status,
    previousStatus,
    amountFils: order.amountFils.toString(),
    currency: order.currency,
    voidedFils: order.voidedFils.toString(),
    refundedFils: order.confirmedRefundFils.toString(),
    paymentId: order.paymentId,
    paidAt: order.paidAt?.toISOString() ?? null,
    resultCode: order.resultCode,
    resultMessage: order.resultMessage,
  };
}
