// The outbox's retention (docs/adr/0022-logs-partitioned-by-month.md): events, their deliveries and
// the attempts are partitioned by the event's month, and a month older than RETENTION_EVENT_DAYS is
// dropped whole, three tables at once, costing the same for ten rows or ten million.
//
// A month is kept while anything in it may still be needed: an event not yet turned into deliveries,
// a delivery still pending (due, waiting for its next try, or held by a worker), or a dead letter
// that gave up within the period (an operator may still re-send it from the console). The month goes
// at the first run after the last of those settles. The dedupe keys (outbox_dedupe_keys) are kept:
// a repeat of an event whose month is gone is still refused.

import type { Prisma, PrismaClient } from "@/lib/platform/db";
import type { Logger } from "@/lib/platform/log";
import { MONTHS_AHEAD } from "./expire-wallet-calls";
import { dropOutboxMonthsBefore, ensureOutboxMonths, type OutboxMonthTables } from "./outbox-partitions";
import { quote } from "./partitions";

export interface OutboxExpiryResult {
  /** The months created ahead, by their events partition's name. */
  outboxMonthsCreated: string[];
  outboxMonthsDropped: string[];
  /** Expired months kept because something in them is still pending. */
  outboxMonthsKept: string[];
}

export async function expireOutbox(
  ctx: { prisma: PrismaClient; now: () => Date; logger: Logger },
  settings: { maxAgeMs: number },
): Promise<OutboxExpiryResult> {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - settings.maxAgeMs);
  const created = await ensureOutboxMonths(ctx.prisma, now, MONTHS_AHEAD);
  const { dropped, kept } = await dropOutboxMonthsBefore(ctx.prisma, cutoff, (tx, month) =>
    somethingPending(tx, month, cutoff),
  );
  for (const month of dropped) ctx.logger.info({ month }, "outbox retention: month dropped");
  for (const month of kept)
    ctx.logger.info({ month }, "outbox retention: expired month kept, something is pending");
  return { outboxMonthsCreated: created, outboxMonthsDropped: dropped, outboxMonthsKept: kept };
}

// Index probes on the detached month, never a scan: undispatched events (the dispatcher's partial
// index), pending deliveries (the claim's (status, next_attempt_at) index) and recent dead letters
// (the dead letter's partial index on updated_at, the time they gave up).
async function somethingPending(
  tx: Prisma.TransactionClient,
  month: OutboxMonthTables,
  cutoff: Date,
): Promise<boolean> {
  const [events, deliveries] = [quote(month.events), quote(month.deliveries)];
  const [row] = await tx.$queryRawUnsafe<{ pending: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM ${events} WHERE dispatched_at IS NULL)
         OR EXISTS (SELECT 1 FROM ${deliveries} WHERE status = 'PENDING')
         OR EXISTS (SELECT 1 FROM ${deliveries} WHERE status = 'DEAD' AND updated_at >= $1::timestamptz)
       AS pending`,
    cutoff.toISOString(),
  );
  return row?.pending ?? true;
}
