// Persists a status change decided by the state machine, with its timeline event, under an optimistic
// lock on the order's version: two writers (a notification and the reconcile worker, say) can never
// both apply a transition computed from the same old state. The write itself is one statement
// (write-order-transition.ts) that returns the order as written.
import type { Order, Prisma, PrismaClient } from "@/lib/platform/db";
import type { HeldWalletCalls } from "@/lib/platform/wallet-calls/held-calls";
import { clearSettledPaymentFlag } from "./clear-flag";
import {
  applyOrderEvent,
  DOMAIN_EVENT_OF,
  type OrderEvent,
  type OrderSnapshot,
  OrderTransitionError,
} from "./order-state";
import {
  type OrderTransitionWrite,
  type TransitionColumns,
  writeOrderTransition,
} from "./write-order-transition";

type Db = PrismaClient | Prisma.TransactionClient;

export type { TransitionColumns } from "./write-order-transition";

export interface TransitionOptions {
  actor: string;
  /** Extra columns to write with the new status (paymentId, paidAt, resultCode, ...). */
  data?: TransitionColumns;
  detail?: Prisma.InputJsonValue;
  /**
   * Wallet-call log rows the caller held (the answer this change records): written by the change's
   * statement, saving their own round trip. Only with `db` the client itself, not a transaction.
   */
  walletCalls?: HeldWalletCalls | undefined;
}

export function snapshotOf(order: Order): OrderSnapshot {
  return {
    flow: order.flow,
    status: order.status,
    amountFils: order.amountFils,
    voidedFils: order.voidedFils,
    refundedFils: order.refundedFils,
  };
}

class StaleOrderError extends Error {
  override readonly name = "StaleOrderError";
}

/**
 * Applies `event` to `order` (as read) and writes the result if nobody changed the order meanwhile;
 * returns the order as written. Throws OrderTransitionError if the event is not allowed,
 * StaleOrderError if the order moved on.
 */
async function transitionOrder(
  db: Db,
  order: Order,
  event: OrderEvent,
  options: TransitionOptions,
): Promise<Order> {
  const next = applyOrderEvent(snapshotOf(order), event);
  const written = await writeWithHeldCalls(
    db,
    {
      order,
      to: { status: next.status, voidedFils: next.voidedFils },
      columns: options.data,
      event: { type: event.type, actor: options.actor, detail: options.detail },
      announce: announcementOf(event),
    },
    options.walletCalls,
  );
  if (!written) throw new StaleOrderError(`order ${order.id} changed while applying ${event.type}`);
  // A flag that said the payment was not settled is no longer true once it is.
  if (written.needsAttention && (await clearSettledPaymentFlag(db, written))) {
    return { ...written, needsAttention: false, attentionReason: null, attentionFlag: null };
  }
  return written;
}

/**
 * The change, with the held log rows if there are any. The first statement that runs takes them,
 * whether or not the order still matched, so a retry after a lost race never writes them twice. If
 * the statement fails, the change is tried once more without them and they go back to the holder,
 * whose release() writes them alone: the log must never cost the order the change it records.
 */
async function writeWithHeldCalls(
  db: Db,
  write: OrderTransitionWrite,
  held: HeldWalletCalls | undefined,
): Promise<Order | null> {
  const calls = held?.take() ?? [];
  if (calls.length === 0) return writeOrderTransition(db, write);
  try {
    return await writeOrderTransition(db, { ...write, walletCalls: calls.map((call) => call.row) });
  } catch {
    held?.giveBack(calls);
    return writeOrderTransition(db, write);
  }
}

function announcementOf(event: OrderEvent) {
  const type = DOMAIN_EVENT_OF[event.type];
  if (type === undefined) return undefined;
  return event.type === "VOIDED"
    ? { type, extra: { voidAmountFils: event.amountFils.toString() } }
    : { type };
}

/**
 * Re-reads and retries a transition a few times when it lost a race. Returns the order as written, or
 * null (and changes nothing) when the event no longer applies, e.g. a duplicate notification after the
 * order moved on.
 */
export async function transitionOrderWithRetry(
  db: Db,
  orderId: string,
  event: OrderEvent,
  options: TransitionOptions,
  /** The order as the caller just read it: saves a read when nobody changed it since. */
  known?: Order,
): Promise<Order | null> {
  let candidate = known;
  for (let attempt = 0; attempt < 6; attempt++) {
    const fromCaller = candidate !== undefined;
    const order = candidate ?? (await db.order.findUniqueOrThrow({ where: { id: orderId } }));
    candidate = undefined;
    try {
      return await transitionOrder(db, order, event, options);
    } catch (error) {
      // A refusal decided on the caller's copy is checked again against a fresh read.
      if (error instanceof OrderTransitionError && !fromCaller) return null;
      if (!(error instanceof OrderTransitionError) && !(error instanceof StaleOrderError)) throw error;
    }
  }
  throw new StaleOrderError(`order ${orderId} kept changing; giving up on ${event.type}`);
}
