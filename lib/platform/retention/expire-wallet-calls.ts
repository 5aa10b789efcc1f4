// The wallet-call log's row retention (docs/adr/0022-logs-partitioned-by-month.md). The log is
// partitioned by month: a month older than RETENTION_WALLET_CALL_DAYS is dropped whole, which costs
// the same for ten rows or ten million and writes next to no WAL. Bodies are emptied long before, by
// pruneOldRecords.
//
// A month is kept while an order it has calls of is not settled: still in the wallet's hands,
// flagged for an operator, or with a refund in flight or flagged. Those calls are the evidence an
// operator reads; the month goes once the last of them is settled. Orders and refunds themselves
// are never partitioned nor dropped.
import type { Prisma, PrismaClient } from "@/lib/platform/db";
import {
  deleteDefaultRowsBefore,
  dropPartitionsBefore,
  ensureMonthPartitions,
  type PartitionedTable,
} from "./partitions";

export const WALLET_CALLS: PartitionedTable = { table: "wallet_calls", column: "created_at" };

/** Partitions exist this many months ahead of the current one, so a missed run never matters. */
export const MONTHS_AHEAD = 2;

export interface WalletCallExpiry {
  maxAgeMs: number;
  /** Order and refund statuses that are not settled: calls of such orders are kept. */
  unsettledOrderStatuses: readonly string[];
  unsettledRefundStatuses: readonly string[];
  /** Rows per statement for the few rows the default partition caught. */
  batch: number;
}

export interface WalletCallExpiryResult {
  partitionsCreated: string[];
  partitionsDropped: string[];
  /** Expired months kept because an unsettled order has calls in them. */
  partitionsKept: string[];
  /** Expired rows deleted one by one from the default partition. */
  defaultRowsDeleted: number;
}

export async function expireWalletCalls(
  ctx: { prisma: PrismaClient; now: () => Date },
  settings: WalletCallExpiry,
): Promise<WalletCallExpiryResult> {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - settings.maxAgeMs);
  const partitionsCreated = await ensureMonthPartitions(ctx.prisma, WALLET_CALLS, now, MONTHS_AHEAD);
  const { dropped, kept } = await dropPartitionsBefore(ctx.prisma, WALLET_CALLS, cutoff, (tx, partition) =>
    hasCallsOfUnsettledOrders(tx, partition, settings),
  );
  const defaultRowsDeleted = await deleteDefaultRowsBefore(ctx.prisma, WALLET_CALLS, cutoff, settings.batch);
  return { partitionsCreated, partitionsDropped: dropped, partitionsKept: kept, defaultRowsDeleted };
}

// Driven by the few unsettled orders (status and attention indexes), each looked up in the month's
// (order_id, created_at) index: never a scan of the month.
async function hasCallsOfUnsettledOrders(
  tx: Prisma.TransactionClient,
  partition: string,
  settings: WalletCallExpiry,
): Promise<boolean> {
  const [row] = await tx.$queryRawUnsafe<{ needed: boolean }[]>(
    `WITH unsettled AS (
       SELECT id FROM orders WHERE status::text = ANY($1::text[]) OR needs_attention
       UNION
       SELECT order_id FROM refunds WHERE status::text = ANY($2::text[]) OR needs_attention)
     SELECT EXISTS (
       SELECT 1 FROM unsettled u WHERE EXISTS (SELECT 1 FROM "${partition}" w WHERE w.order_id = u.id)) AS needed`,
    [...settings.unsettledOrderStatuses],
    [...settings.unsettledRefundStatuses],
  );
  return row?.needed ?? true;
}
