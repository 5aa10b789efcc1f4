// Marking an order for a person to look at: the wallet said something we cannot reconcile on our own
// (a contradiction, a mismatch, no final answer after long enough). The flag — its kind and facts
// (order-flags.ts) and their sentence — goes on the order, which the admin attention list reads; an
// event on its timeline says when and why, and `order.flagged` tells hooks, webhooks and alerts.
import type { Prisma, PrismaClient } from "@/lib/platform/db";
import { writeEvent } from "@/lib/platform/outbox/write-event";
import { flagColumns, flagSentence, type OrderFlag } from "./order-flags";

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
    const actor = options.actor ?? "system";
    await tx.orderEvent.create({
      data: { orderId, type: "ATTENTION_FLAGGED", actor, detail: { reason: columns.attentionReason, flag } },
    });
    await announceFlag(tx, orderId, flag, actor);
    return true;
  };
  return "$transaction" in db ? db.$transaction(write) : write(db);
}

/**
 * `order.flagged`, written in the transaction that sets the flag (on the order, or on one of its
 * refunds): a person is told (an alert, a fork's hook) exactly when it is set, and never for a flag
 * that was rolled back.
 */
export async function announceFlag(
  tx: Prisma.TransactionClient,
  orderId: string,
  flag: OrderFlag,
  actor: string,
) {
  await writeEvent(tx, {
    type: "order.flagged",
    orderId,
    data: { orderId, flag, reason: flagSentence(flag).slice(0, 500), actor },
  });
}
