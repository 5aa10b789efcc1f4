// The refund poll (refund-poll queue): a refund the wallet reported in process (REFUND_IN_PROCESS) is
// asked about with inquiryRefund every 5 s for at most 1 minute (spec, Limits), then handed over to
// reconciliation, which keeps asking with backoff. Only SUCCESS and FAIL from the wallet end it; while
// the refund is in process, REFUND_NOT_EXIST counts as pending (spec, inquiryRefund) and a U is just
// no news.

import { backoffDelay } from "@/lib/payments/reconcile/backoff";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Refund } from "@/lib/platform/db";
import { applyRefundStatus } from "./apply-refund-status";
import { inquireRefund } from "./inquire-refund";

export interface PollSettings {
  refundPollIntervalMs: number;
  refundPollWindowMs: number;
}

export type PollResult =
  | { state: "settled"; status: Refund["status"] }
  /** Not in process (final, unknown or not sent yet): not the poll's business. */
  | { state: "not-polling" }
  | { state: "handed-over"; nextCheckAt: Date }
  | { state: "poll-again"; delayMs: number };

export async function pollRefund(
  ctx: ServiceContext,
  refundId: string,
  settings: PollSettings,
): Promise<PollResult> {
  const refund = await ctx.prisma.refund.findUnique({ where: { id: refundId } });
  if (refund?.status !== "PROCESSING") return { state: "not-polling" };
  const startedAt = (refund.pollStartedAt ?? ctx.now()).getTime();
  const windowEnd = startedAt + settings.refundPollWindowMs;
  if (ctx.now().getTime() >= windowEnd) return handOverToReconcile(ctx, refund);

  const inquiry = await inquireRefund(ctx, refund, settings.refundPollIntervalMs);
  if (inquiry.kind === "too-soon") return next(ctx, refund, windowEnd, inquiry.retryInMs);
  const { reading } = inquiry;
  if (reading.kind === "final") {
    const settled = await applyRefundStatus(ctx, refund.id, reading.news);
    return { state: "settled", status: settled.status };
  }
  if (reading.kind === "processing" && reading.refundId && !refund.refundId) {
    await ctx.prisma.refund.update({ where: { id: refund.id }, data: { refundId: reading.refundId } });
  }
  if (reading.kind === "unknown") {
    ctx.logger.info({ refundId: refund.id, resultCode: reading.resultCode }, "refund poll: no news");
  }
  return next(ctx, refund, windowEnd, settings.refundPollIntervalMs);
}

/** The next poll, unless it would fall after the polling window: then reconciliation takes over. */
async function next(
  ctx: ServiceContext,
  refund: Refund,
  windowEnd: number,
  delayMs: number,
): Promise<PollResult> {
  if (ctx.now().getTime() + delayMs >= windowEnd) return handOverToReconcile(ctx, refund);
  return { state: "poll-again", delayMs };
}

async function handOverToReconcile(ctx: ServiceContext, refund: Refund): Promise<PollResult> {
  const delay = backoffDelay(refund.checkAttempts);
  const nextCheckAt = new Date(ctx.now().getTime() + delay);
  await ctx.prisma.refund.updateMany({
    where: { id: refund.id, status: "PROCESSING" },
    data: { nextCheckAt },
  });
  try {
    await ctx.jobs.enqueue("reconcile", { kind: "refund", id: refund.id }, { delayMs: delay });
  } catch (error) {
    // nextCheckAt is the durable record: the reconcile scan finds the refund when it is due.
    ctx.logger.warn({ err: error, refundId: refund.id }, "could not enqueue refund reconciliation");
  }
  ctx.logger.info({ refundId: refund.id, nextCheckAt }, "refund poll window over; handed to reconciliation");
  return { state: "handed-over", nextCheckAt };
}
