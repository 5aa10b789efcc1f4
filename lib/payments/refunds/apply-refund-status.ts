// What news about a refund means, applied in one place for every source of it: the refund answer,
// the refund notification, inquiryRefund polling and reconciliation. The status itself is written by
// the refund state module (refund-state.ts); this module decides what to write and what follows
// (polling, reconciliation, flagging a contradiction).

import { flagOrder } from "@/lib/payments/orders/flag-order";
import { flagColumns, type OrderFlag } from "@/lib/payments/orders/order-flags";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Refund, RefundStatus } from "@/lib/platform/db";
import { moveRefund } from "./refund-state";

export interface RefundNews {
  status: RefundStatus;
  refundId?: string | undefined;
  resultCode?: string | undefined;
  failReason?: string | undefined;
  refundTime?: string | undefined;
}

/** How soon to look again at a refund that is not final. */
const NEXT_CHECK_MS: Partial<Record<RefundStatus, number>> = { PROCESSING: 5_000, UNKNOWN: 10_000 };

export async function applyRefundStatus(ctx: ServiceContext, id: string, news: RefundNews): Promise<Refund> {
  const { refund, previous } = await recordRefundStatus(ctx, id, news);
  if (refund.status === "PROCESSING" && previous !== "PROCESSING") {
    // Poll inquiryRefund (≤ 1 poll / 5 s, ≤ 1 min) until the wallet says SUCCESS or FAIL.
    await enqueueSafely(ctx, () =>
      ctx.jobs.enqueue("refund-poll", { refundId: refund.id }, { delayMs: 5_000 }),
    );
  } else if (refund.status === "UNKNOWN" && previous !== "UNKNOWN") {
    await enqueueSafely(ctx, () =>
      ctx.jobs.enqueue("reconcile", { kind: "refund", id: refund.id }, { delayMs: NEXT_CHECK_MS.UNKNOWN }),
    );
  }
  return refund;
}

/** The row (with nextCheckAt) is the durable record; a lost enqueue is caught by the reconcile scan. */
async function enqueueSafely(ctx: ServiceContext, enqueue: () => Promise<void>) {
  try {
    await enqueue();
  } catch (error) {
    ctx.logger.warn({ err: error }, "could not enqueue follow-up job; the reconcile scan will pick it up");
  }
}

/** The wallet says the opposite of a final state we hold: money may have moved twice or not at all. */
function contradicts(held: RefundStatus, news: RefundStatus): boolean {
  return (held === "FAIL" && news === "SUCCESS") || (held === "SUCCESS" && news === "FAIL");
}

async function recordRefundStatus(ctx: ServiceContext, id: string, news: RefundNews) {
  return ctx.prisma.$transaction(async (tx) => {
    // Its id, order and amount never change; its status is read and moved under the row's lock
    // (moveRefund), since the answer, a notification, polling and reconciliation may all report at once.
    const refund = await tx.refund.findUniqueOrThrow({ where: { id } });
    const now = ctx.now();
    const final = news.status === "SUCCESS" || news.status === "FAIL";
    const delay = NEXT_CHECK_MS[news.status];
    const move = await moveRefund(tx, refund, {
      to: news.status,
      actor: "wallet",
      data: (current) => ({
        refundId: news.refundId ?? current.refundId,
        resultCode: news.resultCode ?? current.resultCode,
        failReason: news.failReason ?? current.failReason,
        refundedAt:
          news.status === "SUCCESS"
            ? news.refundTime
              ? new Date(news.refundTime)
              : now
            : current.refundedAt,
        pollStartedAt: news.status === "PROCESSING" ? (current.pollStartedAt ?? now) : current.pollStartedAt,
        nextCheckAt: final || delay === undefined ? null : new Date(now.getTime() + delay),
      }),
      detail: { resultCode: news.resultCode ?? null },
    });
    const held = move.from ?? refund.status;
    if (!move.moved && contradicts(held, news.status)) {
      // A person decides; nothing is changed automatically.
      const flag: OrderFlag = {
        kind: "REFUND_CONTRADICTION",
        refundRequestId: refund.refundRequestId,
        wallet: news.status,
        ours: held,
      };
      await flagOrder(tx, refund.orderId, flag, { actor: "wallet" });
      await tx.refund.update({ where: { id }, data: flagColumns(flag) });
    }
    const updated = await tx.refund.findUniqueOrThrow({ where: { id } });
    return { refund: updated, previous: held };
  });
}
