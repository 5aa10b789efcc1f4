// The notifications' retention (docs/adr/0022-logs-partitioned-by-month.md). Inbound notifications
// are partitioned by month of received_at, and a month older than RETENTION_BODY_DAYS is dropped
// whole (bodies and rows together), costing the same for ten rows or ten million.
//
// A month is kept while it holds a notification not yet applied (RECEIVED): its body is the only copy
// of the wallet's news. The dedupe keys (notification_dedupe_keys) are kept, so a repeat of a
// notification whose month is gone is still refused; a rejected one leaves its error on its key's
// row, so that repeat is answered as it was (notification-rows.ts). What the DEFAULT partition caught
// (a clock far off, a worker down for months) is not expired: it is little, and worth a look.
import type { Prisma, PrismaClient } from "@/lib/platform/db";
import type { Logger } from "@/lib/platform/log";
import { MONTHS_AHEAD } from "./expire-wallet-calls";
import { dropPartitionsBefore, ensureMonthPartitions, type PartitionedTable, quote } from "./partitions";

export const NOTIFICATIONS: PartitionedTable = { table: "notifications", column: "received_at" };

export interface NotificationExpiryResult {
  notificationMonthsCreated: string[];
  notificationMonthsDropped: string[];
  /** Expired months kept because a notification in them is not applied yet. */
  notificationMonthsKept: string[];
}

export async function expireNotifications(
  ctx: { prisma: PrismaClient; now: () => Date; logger: Logger },
  settings: { maxAgeMs: number },
): Promise<NotificationExpiryResult> {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - settings.maxAgeMs);
  const created = await ensureMonthPartitions(ctx.prisma, NOTIFICATIONS, now, MONTHS_AHEAD);
  const { dropped, kept } = await dropPartitionsBefore(ctx.prisma, NOTIFICATIONS, cutoff, stillNeeded);
  for (const month of dropped) ctx.logger.info({ month }, "notification retention: month dropped");
  for (const month of kept)
    ctx.logger.info({ month }, "notification retention: expired month kept, a notification is not applied");
  return {
    notificationMonthsCreated: created,
    notificationMonthsDropped: dropped,
    notificationMonthsKept: kept,
  };
}

// On the detached month (nothing can add to it any more), through its (status, received_at) index:
// a notification still RECEIVED keeps the month. Otherwise the rejected ones' errors move to their
// keys' rows before the month goes, in the same transaction as the drop.
async function stillNeeded(tx: Prisma.TransactionClient, partition: string): Promise<boolean> {
  const month = quote(partition);
  const [row] = await tx.$queryRawUnsafe<{ waiting: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM ${month} WHERE status = 'RECEIVED') AS waiting`,
  );
  if (row?.waiting ?? true) return true;
  await tx.$executeRawUnsafe(
    `UPDATE notification_dedupe_keys k SET rejected_error = coalesce(n.error, 'rejected')
     FROM ${month} n
     WHERE n.status = 'REJECTED' AND k.dedupe_key = n.dedupe_key
       AND k.notification_id = n.id AND k.received_at = n.received_at`,
  );
  return false;
}
