// Marking an order for a person to look at: the wallet said something we cannot reconcile on our own
// (a contradiction, a mismatch, no final answer after long enough). The flag — its kind and facts
// (order-flags.ts) and their sentence — goes on the order, which the admin attention list reads; an
// event on its timeline says when and why, and `order.flagged` tells hooks, webhooks and alerts.
//
// Flags are a to-do list: once an operator resolved one, it is raised again only by a new fact — a
// new report from the wallet, or a deadline that passed again *since the resolution* — and says which
// (RaisedAgain). The next reconciliation pass finding the same payment still unsettled is no new fact.
import type { Prisma, PrismaClient } from "@/lib/platform/db";
import { writeEvent } from "@/lib/platform/outbox/write-event";
import { flagColumns, flagSentence, isDeadlineFlag, type OrderFlag, type RaisedAgain } from "./order-flags";

type Db = PrismaClient | Prisma.TransactionClient;

export interface FlagOptions {
  /** Keep the first reason when the order is flagged already (repeated scans say the same thing). */
  keepEarlierReason?: boolean;
  actor?: string;
  /**
   * For a flag raised by time passing: raise it only once `afterMs` have passed since the later of
   * `since` (when the work began) and the flag's last resolution.
   */
  deadline?: { since: Date; afterMs: number; now: Date };
}

/** Whether a deadline has passed, counted from the later of its start and the last resolution. */
export function deadlinePassed(deadline: FlagOptions["deadline"], resolvedAt: Date | null): boolean {
  if (!deadline) return true;
  const start = Math.max(deadline.since.getTime(), resolvedAt?.getTime() ?? 0);
  return deadline.now.getTime() - start > deadline.afterMs;
}

/** What a flag raised on a row resolved before says about it; undefined the first time. */
export function raisedAgain(
  flag: OrderFlag,
  row: { needsAttention: boolean; attentionResolvedAt: Date | null },
) {
  if (row.needsAttention || !row.attentionResolvedAt) return undefined;
  return {
    because: isDeadlineFlag(flag) ? "NEW_DEADLINE" : "NEW_REPORT",
    resolvedAt: row.attentionResolvedAt.toISOString(),
  } satisfies RaisedAgain;
}

/** Flags the order; returns false when it was not raised (flagged already, or no new fact). */
export async function flagOrder(db: Db, orderId: string, flag: OrderFlag, options: FlagOptions = {}) {
  const write = async (tx: Prisma.TransactionClient) => {
    const order = await tx.order.findUnique({
      where: { id: orderId },
      select: { needsAttention: true, attentionResolvedAt: true },
    });
    if (!order) return false;
    if (options.keepEarlierReason && order.needsAttention) return false;
    if (!deadlinePassed(options.deadline, order.attentionResolvedAt)) return false;
    const again = raisedAgain(flag, order);
    const columns = flagColumns(flag, again);
    const flagged = await tx.order.updateMany({
      // Guarded again in the statement: of two overlapping scans, one raises it.
      where: { id: orderId, ...(options.keepEarlierReason ? { needsAttention: false } : {}) },
      data: columns,
    });
    if (flagged.count === 0) return false;
    const actor = options.actor ?? "system";
    await tx.orderEvent.create({
      data: {
        orderId,
        type: "ATTENTION_FLAGGED",
        actor,
        detail: { reason: columns.attentionReason, flag, ...(again ? { raisedAgain: { ...again } } : {}) },
      },
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
