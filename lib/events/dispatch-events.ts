// Turns committed outbox events into deliveries: one per hook of the event's type and per enabled
// webhook endpoint that takes it. One dispatcher at a time (a transaction-scoped advisory lock), in
// seq order, so an order's events get their deliveries in the order they happened; the deliveries
// and the "dispatched" mark commit together, so a crash in between dispatches the event again and
// the unique (event, target) key keeps it to one delivery each. A delivery carries its event's
// occurred_at: the month (partition) it shares with its event (docs/adr/0022).
import type { PrismaClient } from "@/lib/platform/db";
import { newRowId } from "@/lib/platform/ids/request-ids";

/** Any fixed number: the key of the dispatcher's advisory lock. */
const DISPATCH_LOCK_KEY = 7_318_204_411;

interface PendingEvent {
  id: string;
  seq: bigint;
  occurredAt: Date;
  type: string;
  orderId: string | null;
}

/** Hook names by event type: what the running code has in hooks/. */
export type HookNamesOf = (eventType: string) => readonly string[];

/** Dispatches up to `limit` events; how many (0 when another dispatcher holds the lock). */
export async function dispatchEvents(
  prisma: PrismaClient,
  hooksOf: HookNamesOf,
  limit: number,
): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`
      SELECT pg_try_advisory_xact_lock(${DISPATCH_LOCK_KEY}::bigint) AS locked`;
    if (!lock?.locked) return 0;
    const events = await tx.$queryRaw<PendingEvent[]>`
      SELECT id, seq, occurred_at AS "occurredAt", type, order_id AS "orderId" FROM outbox_events
      WHERE dispatched_at IS NULL ORDER BY seq LIMIT ${limit}::int`;
    if (events.length === 0) return 0;

    const endpoints = await tx.webhookEndpoint.findMany({
      where: { enabled: true },
      select: { id: true, events: true },
    });
    const rows: {
      eventId: string;
      occurredAt: Date;
      seq: bigint;
      orderId: string | null;
      kind: "HOOK" | "WEBHOOK";
      target: string;
    }[] = [];
    for (const event of events) {
      const base = {
        eventId: event.id,
        occurredAt: event.occurredAt,
        seq: event.seq,
        orderId: event.orderId,
      };
      for (const name of hooksOf(event.type)) rows.push({ ...base, kind: "HOOK", target: name });
      for (const endpoint of endpoints) {
        if (endpoint.events.length === 0 || endpoint.events.includes(event.type)) {
          rows.push({ ...base, kind: "WEBHOOK", target: endpoint.id });
        }
      }
    }
    if (rows.length > 0) {
      await tx.$executeRaw`
        INSERT INTO event_deliveries (id, event_id, event_occurred_at, seq, order_id, target_kind, target, updated_at)
        SELECT * , now() FROM unnest(
          ${rows.map(() => newRowId())}::text[], ${rows.map((row) => row.eventId)}::text[],
          ${rows.map((row) => row.occurredAt.toISOString())}::timestamptz[],
          ${rows.map((row) => row.seq.toString())}::bigint[], ${rows.map((row) => row.orderId)}::text[],
          ${rows.map((row) => row.kind)}::delivery_target_kind[], ${rows.map((row) => row.target)}::text[])
        ON CONFLICT (event_id, target_kind, target, event_occurred_at) DO NOTHING`;
    }
    await tx.$executeRaw`
      UPDATE outbox_events SET dispatched_at = now() WHERE id = ANY(${events.map((event) => event.id)}::text[])`;
    return events.length;
  });
}
