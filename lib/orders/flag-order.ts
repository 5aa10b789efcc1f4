// Marking an order for a person to look at: the wallet said something we cannot reconcile on our own
// (a contradiction, a mismatch, no final answer after long enough). The flag — its kind and facts
// (order-flags.ts) and their sentence — goes on the order, which the admin attention list reads, and
// an event on its timeline says when and why.
import type { Prisma, PrismaClient } from "@/lib/db";
import { flagColumns, type OrderFlag } from "./order-flags";

type Db = PrismaClient | Prisma.TransactionClient;

export interface FlagOptions {
  /** Keep the first reason when the order is flagged already (repeated scans say the same thing). */
  keepEarlierReason?: boolean;
  actor?: string;
}

/** Flags the order; returns false when `keepEarlierReason` found it flagged already. */
export async function flagOrder(db: Db, orderId: string, flag: OrderFlag, options: FlagOptions = {}) {
  const columns = flagColumns(flag);
  const write = async (tx: Prisma.TransactionClient) => {
    const flagged = await tx.order.updateMany({
      where: { id: orderId, ...(options.keepEarlierReason ? { needsAttention: false } : {}) },
      data: columns,
    });
    if (flagged.count === 0) return false;
    await tx.orderEvent.create({
      data: {
        orderId,
        type: "ATTENTION_FLAGGED",
        actor: options.actor ?? "system",
        detail: { reason: columns.attentionReason, flag },
      },
    });
    return true;
  };
  return "$transaction" in db ? db.$transaction(write) : write(db);
}
