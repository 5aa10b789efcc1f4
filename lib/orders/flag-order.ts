// Marking an order for a person to look at: the wallet said something we cannot reconcile on our own
// (a contradiction, a mismatch, no final answer after long enough). The flag and its reason go on
// the order — the admin attention list reads them — and an event on its timeline says when and why.
import type { Prisma, PrismaClient } from "@/lib/db";

type Db = PrismaClient | Prisma.TransactionClient;

export interface FlagOptions {
  /** Keep the first reason when the order is flagged already (repeated scans say the same thing). */
  keepEarlierReason?: boolean;
  actor?: string;
}

/** Flags the order; returns false when `keepEarlierReason` found it flagged already. */
export async function flagOrder(db: Db, orderId: string, reason: string, options: FlagOptions = {}) {
  const write = async (tx: Prisma.TransactionClient) => {
    const flagged = await tx.order.updateMany({
      where: { id: orderId, ...(options.keepEarlierReason ? { needsAttention: false } : {}) },
      data: { needsAttention: true, attentionReason: reason.slice(0, 500) },
    });
    if (flagged.count === 0) return false;
    await tx.orderEvent.create({
      data: { orderId, type: "ATTENTION_FLAGGED", actor: options.actor ?? "system", detail: { reason } },
    });
    return true;
  };
  return "$transaction" in db ? db.$transaction(write) : write(db);
}
