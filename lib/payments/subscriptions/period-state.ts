// The status machine of a billing period, and the one place that writes its status. Every write
// happens inside a transaction that holds the subscription's row lock (the billing engine, pause,
// resume and cancel all take it first), and is guarded by the status it expects, so a writer that
// lost a race writes nothing:
//
//   SCHEDULED ─a try starts (its order committed first)→ CHARGING
//   CHARGING ─the order was paid→ PAID
//   CHARGING ─the order failed, tries left→ SCHEDULED (next try at nextAttemptAt)
//   CHARGING ─the order failed, no try left→ UNPAID
//   SCHEDULED ─the subscription was cancelled, or ends at this period's start→ VOID
//   FREE (a free first period) is written once, at creation. PAID, FREE, UNPAID and VOID are final.
//
// A CHARGING period is never voided or moved by pause: its try is at the wallet, and only the
// order's committed outcome decides where the period goes.

import type { Prisma, SubscriptionPeriodStatus } from "@/lib/platform/db";
import type { TransitionTable } from "@/lib/platform/state/transitions";
import { canMove } from "@/lib/platform/state/transitions";

export const PERIOD_TRANSITIONS: TransitionTable<SubscriptionPeriodStatus> = {
  // SCHEDULED → UNPAID: the last try could not even start (no agreement left to charge).
  SCHEDULED: ["CHARGING", "VOID", "UNPAID"],
  CHARGING: ["PAID", "SCHEDULED", "UNPAID"],
  PAID: [],
  FREE: [],
  UNPAID: [],
  VOID: [],
};

/**
 * Moves the period from `from` to `to` with its columns; false when it is no longer in `from`.
 * Throws on a move the table does not allow: that is a bug, not a race.
 */
export async function movePeriod(
  tx: Prisma.TransactionClient,
  periodId: string,
  from: SubscriptionPeriodStatus,
  to: SubscriptionPeriodStatus,
  data: Omit<Prisma.SubscriptionPeriodUncheckedUpdateManyInput, "status"> = {},
): Promise<boolean> {
  // from === to: a failed try that never reached the wallet leaves a SCHEDULED period SCHEDULED.
  if (from !== to && !canMove(PERIOD_TRANSITIONS, from, to)) {
    throw new Error(`a billing period cannot move from ${from} to ${to}`);
  }
  const { count } = await tx.subscriptionPeriod.updateMany({
    where: { id: periodId, status: from },
    data: { ...data, status: to },
  });
  return count === 1;
}
