// Settles a refund whose outcome we do not know, or that stays in process after its polling minute:
// a refund answered U or timed out, a crash between our insert and the wallet's answer (CREATED), or
// a PROCESSING refund whose notification never came. inquiryRefund is asked within the spec's
// polling limit; only the wallet's SUCCESS or FAIL settles the refund (spec, Errors: never guess).
// A refund the wallet has never heard of is sent again with the same refundRequestId.

import { announceFlag, deadlinePassed, raisedAgain } from "@/lib/payments/orders/flag-order";
import { flagColumns, type OrderFlag } from "@/lib/payments/orders/order-flags";
import { applyRefundStatus } from "@/lib/payments/refunds/apply-refund-status";
import { inquireRefund } from "@/lib/payments/refunds/inquire-refund";
import { sendRefund } from "@/lib/payments/refunds/request-refund";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Refund } from "@/lib/platform/db";
import { isDomainError } from "@/lib/platform/errors/domain-errors";
import { backoffDelay } from "./backoff";
import type { ReconcileResult } from "./reconcile-order";

export interface RefundReconcileSettings {
  refundPollIntervalMs: number;
  refundPollWindowMs: number;
  flagAfterMs: number;
}

export async function reconcileRefund(
  ctx: ServiceContext,
  refundId: string,
  settings: RefundReconcileSettings,
): Promise<ReconcileResult> {
  const refund = await ctx.prisma.refund.findUnique({ where: { id: refundId } });
  if (!refund || refund.status === "SUCCESS" || refund.status === "FAIL") return "nothing-to-do";
  if (refund.status === "PROCESSING" && inPollWindow(ctx, refund, settings)) {
    // The refund poll owns this minute; reconciliation starts when it hands over.
    return "waiting";
  }

  const inquiry = await inquireRefund(ctx, refund, settings.refundPollIntervalMs);
  if (inquiry.kind === "too-soon") {
    await ctx.prisma.refund.update({
      where: { id: refund.id },
      data: { nextCheckAt: new Date(ctx.now().getTime() + inquiry.retryInMs) },
    });
    return "waiting";
  }
  const { reading } = inquiry;
  switch (reading.kind) {
    case "final":
      await applyRefundStatus(ctx, refund.id, reading.news);
      return "settled";
    case "processing":
      if (refund.status !== "PROCESSING") {
        // Now we know it is in process: record it, which starts its polling minute.
        await applyRefundStatus(ctx, refund.id, {
          status: "PROCESSING",
          refundId: reading.refundId,
          resultCode: inquiry.outcome.resultCode,
        });
        return "waiting";
      }
      return scheduleNext(ctx, refund, settings);
    case "not-found":
      if (refund.status === "PROCESSING") return scheduleNext(ctx, refund, settings);
      // Never received by the wallet (we crashed first, or the request was lost): send it now, with
      // the same refundRequestId, so it can never be refunded twice.
      return resend(ctx, refund, settings);
    case "unknown":
      return scheduleNext(ctx, refund, settings);
  }
}

function inPollWindow(ctx: ServiceContext, refund: Refund, settings: RefundReconcileSettings): boolean {
  if (!refund.pollStartedAt) return false;
  return ctx.now().getTime() < refund.pollStartedAt.getTime() + settings.refundPollWindowMs;
}

async function resend(
  ctx: ServiceContext,
  refund: Refund,
  settings: RefundReconcileSettings,
): Promise<ReconcileResult> {
  try {
    const sent = await sendRefund(ctx, refund);
    if (sent.status === "SUCCESS" || sent.status === "FAIL") return "settled";
    if (sent.status === "UNKNOWN") return scheduleNext(ctx, sent, settings);
    return "resent";
  } catch (error) {
    if (isDomainError(error)) {
      ctx.logger.warn({ refundId: refund.id, err: error.message }, "refund could not be re-sent");
      return scheduleNext(ctx, refund, settings);
    }
    throw error;
  }
}

async function scheduleNext(
  ctx: ServiceContext,
  refund: Refund,
  settings: RefundReconcileSettings,
): Promise<ReconcileResult> {
  // Counted from the later of the refund's start and its flag's last resolution: once resolved, only
  // the deadline passing again is a new fact.
  const flag = deadlinePassed(
    { since: refund.createdAt, afterMs: settings.flagAfterMs, now: ctx.now() },
    refund.attentionResolvedAt,
  );
  const schedule = {
    checkAttempts: { increment: 1 },
    nextCheckAt: new Date(ctx.now().getTime() + backoffDelay(refund.checkAttempts)),
  };
  if (!flag || refund.needsAttention) {
    await ctx.prisma.refund.update({ where: { id: refund.id }, data: schedule });
    return flag ? "flagged" : "waiting";
  }
  const unsettled: OrderFlag = {
    kind: "OPERATION_UNSETTLED",
    operation: "refund",
    afterMs: settings.flagAfterMs,
  };
  // Flagged (and announced) once, whichever of two overlapping scans gets there first.
  const raised = await ctx.prisma.$transaction(async (tx) => {
    await tx.refund.update({ where: { id: refund.id }, data: schedule });
    const flagged = await tx.refund.updateMany({
      where: { id: refund.id, needsAttention: false },
      data: flagColumns(unsettled, raisedAgain(unsettled, refund)),
    });
    if (flagged.count === 1) await announceFlag(tx, refund.orderId, unsettled, "worker:reconcile");
    return flagged.count === 1;
  });
  if (raised) {
    ctx.logger.warn(
      { refundId: refund.id },
      "refund flagged for an operator: no final answer from the wallet",
    );
  }
  return "flagged";
}
