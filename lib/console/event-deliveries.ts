// Deliveries of events as the console shows them: an endpoint's log, an order's events with where
// each went, the dead letter (deliveries that gave up), and re-sending one. A re-send delivers the
// same event, with the same id, again: receivers that deduplicate on it do nothing twice. The log and
// the dead letter come in keyset pages (lib/platform/db/keyset.ts), each page an index range from its cursor
// (migrations *_delivery_log_index and *_dead_letter_index), however long the history. Events,
// deliveries and attempts are partitioned by the event's month: a delivery's event and attempts are
// found by key and month (eventOccurredAt), so each lookup reads one month's index.

import { recordAudit } from "@/lib/operators/audit/record-audit";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { DeliveryAttempt, EventDelivery, OutboxEvent, Prisma } from "@/lib/platform/db";
import { afterCursor, pageOf } from "@/lib/platform/db/keyset";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";

/** Which page of a list: the previous page's `nextCursor` (none: the newest), and its length. */
export interface DeliveryPageQuery {
  after?: string | undefined;
  limit: number;
}

type DeliveryRow = EventDelivery & {
  event: Pick<OutboxEvent, "type" | "orderId">;
  attemptsLog: DeliveryAttempt[];
};

/**
 * A delivery with what it carried and its latest attempt: the request, the status, the latency and
 * how it failed (a webhook receiver's answer is never kept, so never shown).
 */
function deliveryView(row: DeliveryRow, targetNames: ReadonlyMap<string, string>) {
  const last = row.attemptsLog[0] ?? null;
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.event.type,
    orderId: row.event.orderId,
    targetKind: row.targetKind,
    target: row.target,
    targetName: row.targetKind === "HOOK" ? row.target : (targetNames.get(row.target) ?? "deleted endpoint"),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === "PENDING" ? row.nextAttemptAt : null,
    lastError: row.lastError,
    lastFailure: row.lastFailure,
    deliveredAt: row.deliveredAt,
    createdAt: row.createdAt,
    lastAttempt: last && {
      attempt: last.attempt,
      ok: last.ok,
      statusCode: last.statusCode,
      latencyMs: last.latencyMs,
      request: last.request as { url: string; headers: Record<string, string>; body: string } | null,
      failure: last.failure,
      response: last.response,
      at: last.createdAt,
    },
  };
}

type DeliveryView = ReturnType<typeof deliveryView>;

/**
 * Each delivery with its event's type and order and its latest attempt: two lookups for the whole
 * page, each by key and month (the foreign keys are per month, so Prisma has no relation to follow).
 */
async function withEventAndLastAttempt(
  db: Pick<Prisma.TransactionClient, "outboxEvent" | "deliveryAttempt">,
  deliveries: readonly EventDelivery[],
): Promise<DeliveryRow[]> {
  if (deliveries.length === 0) return [];
  const [events, attempts] = await Promise.all([
    db.outboxEvent.findMany({
      where: { OR: deliveries.map((row) => ({ id: row.eventId, occurredAt: row.eventOccurredAt })) },
      select: { id: true, type: true, orderId: true },
    }),
    db.deliveryAttempt.findMany({
      where: { OR: deliveries.map((row) => ({ deliveryId: row.id, eventOccurredAt: row.eventOccurredAt })) },
      orderBy: { createdAt: "desc" },
    }),
  ]);
  const eventOf = new Map(events.map((event) => [event.id, event]));
  const lastAttemptOf = new Map<string, DeliveryAttempt>();
  for (const attempt of attempts) {
    if (!lastAttemptOf.has(attempt.deliveryId)) lastAttemptOf.set(attempt.deliveryId, attempt);
  }
  return deliveries.map((row) => {
    const event = eventOf.get(row.eventId);
    if (!event) throw new Error(`delivery ${row.id} has no event ${row.eventId}`);
    const last = lastAttemptOf.get(row.id);
    return { ...row, event, attemptsLog: last ? [last] : [] };
  });
}

async function endpointNames(ctx: Pick<ServiceContext, "prisma">, rows: readonly EventDelivery[]) {
  const ids = [...new Set(rows.filter((row) => row.targetKind === "WEBHOOK").map((row) => row.target))];
  if (ids.length === 0) return new Map<string, string>();
  const endpoints = await ctx.prisma.webhookEndpoint.findMany({
    where: { id: { in: ids } },
    select: { id: true, url: true },
  });
  return new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
}

async function viewsOf(ctx: Pick<ServiceContext, "prisma">, deliveries: EventDelivery[]) {
  const [rows, names] = await Promise.all([
    withEventAndLastAttempt(ctx.prisma, deliveries),
    endpointNames(ctx, deliveries),
  ]);
  return rows.map((row) => deliveryView(row, names));
}

/** An endpoint's deliveries, newest first, one page. */
export async function listEndpointDeliveries(
  ctx: Pick<ServiceContext, "prisma">,
  endpointId: string,
  query: DeliveryPageQuery,
) {
  const endpoint = await ctx.prisma.webhookEndpoint.findUnique({
    where: { id: endpointId },
    select: { id: true },
  });
  if (!endpoint) throw new NotFoundError("No such webhook endpoint.");
  const rows = await ctx.prisma.eventDelivery.findMany({
    where: { AND: [{ targetKind: "WEBHOOK", target: endpointId }, afterCursor("createdAt", query.after)] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const page = pageOf(rows, query.limit, (row) => row.createdAt);
  return { deliveries: await viewsOf(ctx, page.rows), nextCursor: page.nextCursor };
}

/**
 * Deliveries that gave up (hooks and webhooks), the latest to give up first, one page: the console's
 * dead letter. A delivery leaves it when it is re-sent.
 */
export async function listDeadDeliveries(ctx: Pick<ServiceContext, "prisma">, query: DeliveryPageQuery) {
  const rows = await ctx.prisma.eventDelivery.findMany({
    where: { AND: [{ status: "DEAD" }, afterCursor("updatedAt", query.after)] },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const page = pageOf(rows, query.limit, (row) => row.updatedAt);
  return { deliveries: await viewsOf(ctx, page.rows), nextCursor: page.nextCursor };
}

/** An order's events in the order they happened, each with its deliveries. */
export async function eventsOfOrder(ctx: Pick<ServiceContext, "prisma">, orderId: string) {
  const events = await ctx.prisma.outboxEvent.findMany({ where: { orderId }, orderBy: { seq: "asc" } });
  const deliveries =
    events.length === 0
      ? []
      : await ctx.prisma.eventDelivery.findMany({
          where: { OR: events.map((event) => ({ eventId: event.id, eventOccurredAt: event.occurredAt })) },
          orderBy: { createdAt: "asc" },
        });
  const views = await viewsOf(ctx, deliveries);
  return events.map((event) => ({
    id: event.id,
    type: event.type,
    occurredAt: event.occurredAt,
    dispatched: event.dispatchedAt !== null,
    deliveries: views.filter((view) => view.eventId === event.id),
  }));
}

/** Delivers the event to the same target again, now, as a new attempt. Audited. */
export async function resendDelivery(
  ctx: Pick<ServiceContext, "prisma">,
  actor: OperatorIdentity,
  deliveryId: string,
) {
  const resent = await ctx.prisma.$transaction(async (tx) => {
    // By id alone: every month's primary key is probed once, for an operator's click.
    const before = await tx.eventDelivery.findFirst({ where: { id: deliveryId } });
    if (!before) throw new NotFoundError("No such delivery.");
    const key = { id_eventOccurredAt: { id: before.id, eventOccurredAt: before.eventOccurredAt } };
    const after = await tx.eventDelivery.update({
      where: key,
      data: { status: "PENDING", nextAttemptAt: new Date(), leaseUntil: null },
    });
    await recordAudit(tx, {
      operator: actor,
      action: "delivery.resend",
      subjectType: "EVENT_DELIVERY",
      subjectId: deliveryId,
      orderId: before.orderId, // the event's, copied onto its deliveries
      before: { status: before.status, attempts: before.attempts },
      after: { status: after.status },
    });
    return after;
  });
  const [view] = await viewsOf(ctx, [resent]);
  return view as DeliveryView;
}
