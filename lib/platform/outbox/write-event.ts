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

/** Inserts the event; false when its dedupe key was already taken. */
export async function writeEvent<T extends EventType>(db: Db, draft: EventDraft<T>): Promise<boolean> {
  const payload = EVENT_PAYLOADS[draft.type].parse(draft.data);
  const inserted = await db.$executeRaw`
    INSERT INTO outbox_events (id, type, version, order_id, payload, dedupe_key)
    VALUES (${newRowId()}, ${draft.type}, ${EVENT_VERSION}, ${draft.orderId ?? null},
            ${JSON.stringify(payload)}::jsonb, ${draft.dedupeKey ?? null})
    ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING`;
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
