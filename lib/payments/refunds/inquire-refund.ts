// inquiryRefund for one of our refunds, within the spec's polling limit ("no more than one poll every
// 5 seconds"), shared by the refund poll and reconciliation. The spacing is enforced in the database,
// so it holds across jobs, retries and worker processes: a poll first claims the refund's
// last_inquiry_at slot, and when the answer is in, the slot is moved to the answer's time, so the next
// poll leaves the wallet at least the interval after this one arrived there.

import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Refund } from "@/lib/platform/db";
import { withWalletCallScope } from "@/lib/platform/wallet-calls/call-scope";
import type { OperationResponse } from "@/lib/wallet/operations";
import type { WalletOutcome } from "@/lib/wallet/outcome";
import type { RefundNews } from "./apply-refund-status";

export type RefundInquiry =
  | { kind: "too-soon"; retryInMs: number }
  | { kind: "answer"; reading: RefundReading; outcome: WalletOutcome<OperationResponse<"inquiryRefund">> };

/** What an inquiryRefund answer tells us about the refund. */
type RefundReading =
  /** SUCCESS or FAIL: final. */
  | { kind: "final"; news: RefundNews }
  | { kind: "processing"; refundId: string | undefined }
  /** F/REFUND_NOT_EXIST: the spec says to treat it as pending if the refund is still in process. */
  | { kind: "not-found" }
  /** U (including a poll the wallet found too frequent), or an answer without a refund status. */
  | { kind: "unknown"; resultCode: string };

function readRefundInquiry(outcome: WalletOutcome<OperationResponse<"inquiryRefund">>): RefundReading {
  if (outcome.status === "S" || outcome.status === "A") {
    const data = outcome.data;
    switch (data.refundStatus) {
      case "SUCCESS":
        return {
          kind: "final",
          news: {
            status: "SUCCESS",
            refundId: data.refundId,
            resultCode: outcome.resultCode,
            refundTime: data.refundTime,
          },
        };
      case "FAIL":
        return {
          kind: "final",
          news: {
            status: "FAIL",
            refundId: data.refundId,
            resultCode: outcome.resultCode,
            failReason: data.refundFailReason ?? "the wallet reports the refund failed",
          },
        };
      case "PROCESSING":
        return { kind: "processing", refundId: data.refundId };
      default:
        return { kind: "unknown", resultCode: outcome.resultCode };
    }
  }
  if (outcome.status === "F" && outcome.resultCode === "REFUND_NOT_EXIST") return { kind: "not-found" };
  // Any other F says nothing about the refund's state (e.g. a parameter rule): not a final answer.
  return { kind: "unknown", resultCode: outcome.resultCode };
}

export async function inquireRefund(
  ctx: ServiceContext,
  refund: Refund,
  intervalMs: number,
): Promise<RefundInquiry> {
  const now = ctx.now();
  const claimed = await ctx.prisma.refund.updateMany({
    where: {
      id: refund.id,
      OR: [{ lastInquiryAt: null }, { lastInquiryAt: { lte: new Date(now.getTime() - intervalMs) } }],
    },
    data: { lastInquiryAt: now },
  });
  if (claimed.count === 0) {
    const current = await ctx.prisma.refund.findUnique({ where: { id: refund.id } });
    const last = current?.lastInquiryAt?.getTime() ?? now.getTime();
    return { kind: "too-soon", retryInMs: Math.max(250, last + intervalMs - now.getTime()) };
  }
  try {
    const outcome = await withWalletCallScope({ orderId: refund.orderId, refundId: refund.id }, () =>
      ctx.wallet.inquiryRefund({ refundRequestId: refund.refundRequestId }),
    );
    return { kind: "answer", reading: readRefundInquiry(outcome), outcome };
  } finally {
    await ctx.prisma.refund.update({ where: { id: refund.id }, data: { lastInquiryAt: ctx.now() } });
  }
}
