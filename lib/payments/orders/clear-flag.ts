// A flag whose cause has gone clears itself, with a line on the order's timeline: "not settled after
// 24 h" stops being true the moment the wallet settles the payment (or the refund), and a to-do list
// that keeps a done item is one nobody trusts. Flags that record something the wallet *said* (a
// contradiction, a mismatch) stay until a person resolves them.
import type { Order, Prisma, PrismaClient, Refund } from "@/lib/platform/db";
import { Prisma as PrismaNamespace } from "@/lib/platform/db";
import { flagSentence, paymentFlagCauseGone, readFlag } from "./order-flags";
import { UNSETTLED_ORDER_STATUSES } from "./order-state";

type Db = PrismaClient | Prisma.TransactionClient;

const CLEARED = { needsAttention: false, attentionReason: null, attentionFlag: PrismaNamespace.DbNull };

/** After the order's status changed: clears its payment flag if the payment is settled now. */
export async function clearSettledPaymentFlag(db: Db, order: Order): Promise<boolean> {
  const flag = readFlag(order.attentionFlag);
  if (!order.needsAttention || !flag) return false;
  if (!paymentFlagCauseGone(flag, { unsettled: UNSETTLED_ORDER_STATUSES.includes(order.status) }))
    return false;
  const clear = async (tx: Prisma.TransactionClient) => {
    // Only the flag that was read: one raised meanwhile for something else stays.
    const cleared = await tx.order.updateMany({
      where: { id: order.id, needsAttention: true, attentionReason: order.attentionReason },
      data: CLEARED,
    });
    if (cleared.count === 0) return false;
    await tx.orderEvent.create({
      data: {
        orderId: order.id,
        type: "ATTENTION_CLEARED",
        actor: "system",
        detail: { because: "PAYMENT_SETTLED", status: order.status, reason: flagSentence(flag), flag },
      },
    });
    return true;
  };
  return "$transaction" in db ? db.$transaction(clear) : clear(db);
}

/** In the transaction that settles a refund: clears its "not settled" flag, with a timeline line. */
export async function clearSettledRefundFlag(tx: Prisma.TransactionClient, refund: Refund): Promise<void> {
  const flag = readFlag(refund.attentionFlag);
  if (!refund.needsAttention || flag?.kind !== "OPERATION_UNSETTLED") return;
  await tx.refund.update({ where: { id: refund.id }, data: CLEARED });
  await tx.orderEvent.create({
    data: {
      orderId: refund.orderId,
      type: "ATTENTION_CLEARED",
      actor: "system",
      detail: {
        because: "REFUND_SETTLED",
        status: refund.status,
        refundId: refund.id,
        reason: flagSentence(flag),
        flag,
      },
    },
  });
}

/**
 * In the transaction that settles an escrow operation (accept, cancel, void): clears the order's
 * "not settled" flag for that operation once none of its kind is left in flight, with a timeline line.
 */
export async function clearSettledOperationFlag(
  tx: Prisma.TransactionClient,
  operation: { orderId: string; type: string; id: string },
  status: string,
  stillInFlight: (tx: Prisma.TransactionClient) => Promise<number>,
): Promise<void> {
  const order = await tx.order.findUnique({
    where: { id: operation.orderId },
    select: { needsAttention: true, attentionReason: true, attentionFlag: true },
  });
  const flag = readFlag(order?.attentionFlag);
  if (!order?.needsAttention || flag?.kind !== "OPERATION_UNSETTLED") return;
  if (flag.operation !== operation.type.toLowerCase() || (await stillInFlight(tx)) > 0) return;
  const cleared = await tx.order.updateMany({
    where: { id: operation.orderId, needsAttention: true, attentionReason: order.attentionReason },
    data: CLEARED,
  });
  if (cleared.count === 0) return;
  await tx.orderEvent.create({
    data: {
      orderId: operation.orderId,
      type: "ATTENTION_CLEARED",
      actor: "system",
      detail: {
        because: "OPERATION_SETTLED",
        status,
        operationId: operation.id,
        reason: flagSentence(flag),
        flag,
      },
    },
  });
}
