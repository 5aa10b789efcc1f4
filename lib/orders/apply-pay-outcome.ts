// Records what `pay` answered. Shared by order creation and by reconciliation, which re-sends `pay`
// with the same paymentRequestId when the first answer was lost.
import type { Order } from "@/lib/db";
import { backoffDelay } from "@/lib/reconcile/backoff";
import type { ServiceContext } from "@/lib/services/context";
import type { OperationResponse } from "@/lib/wallet/operations";
import type { WalletOutcome } from "@/lib/wallet/outcome";
import { transitionOrderWithRetry } from "./transition-order";

/** First reconciliation attempt after a U: soon, but not in the same breath. */
export const FIRST_RECONCILE_DELAY_MS = 10_000;

export async function applyPayOutcome(
  ctx: ServiceContext,
  order: Order,
  outcome: WalletOutcome<OperationResponse<"pay">>,
  actor: string,
): Promise<void> {
  const detail = { resultCode: outcome.resultCode, resultStatus: outcome.status };
  switch (outcome.status) {
    case "A":
      await transitionOrderWithRetry(
        ctx.prisma,
        order.id,
        { type: "PAY_ACCEPTED" },
        {
          actor,
          detail,
          data: {
            // Only what the answer carries: a missing field never erases what we already know.
            ...(outcome.data.paymentId ? { paymentId: outcome.data.paymentId } : {}),
            ...(outcome.data.redirectActionForm?.redirectionUrl
              ? { redirectionUrl: outcome.data.redirectActionForm.redirectionUrl }
              : {}),
            resultCode: outcome.resultCode,
            resultMessage: outcome.resultMessage,
            // Still waiting for the user: check back in case the notification never comes.
            nextReconcileAt: new Date(ctx.now().getTime() + 60_000),
          },
        },
        order,
      );
      return;
    case "S":
      await transitionOrderWithRetry(
        ctx.prisma,
        order.id,
        { type: "PAY_SUCCEEDED" },
        {
          actor,
          detail,
          data: {
            ...(outcome.data.paymentId ? { paymentId: outcome.data.paymentId } : {}),
            paidAt: outcome.data.paymentTime ? new Date(outcome.data.paymentTime) : ctx.now(),
            resultCode: outcome.resultCode,
            resultMessage: outcome.resultMessage,
            nextReconcileAt: null,
          },
        },
        order,
      );
      return;
    case "F":
      await transitionOrderWithRetry(
        ctx.prisma,
        order.id,
        { type: "PAY_FAILED" },
        {
          actor,
          detail,
          data: {
            resultCode: outcome.resultCode,
            resultMessage: outcome.resultMessage,
            nextReconcileAt: null,
          },
        },
        order,
      );
      return;
    case "U": {
      // Never guess (spec, Errors): the order waits for a notification or an inquiry.
      const moved = await transitionOrderWithRetry(
        ctx.prisma,
        order.id,
        { type: "PAY_UNKNOWN" },
        {
          actor,
          detail: { ...detail, unknownCause: outcome.unknownCause },
          data: {
            resultCode: outcome.resultCode,
            resultMessage: outcome.resultMessage,
            nextReconcileAt: new Date(ctx.now().getTime() + FIRST_RECONCILE_DELAY_MS),
          },
        },
        order,
      );
      if (!moved) {
        // Already UNKNOWN (a reconcile retry that is still unknown): only push the next check out.
        await ctx.prisma.order.update({
          where: { id: order.id },
          data: { nextReconcileAt: new Date(ctx.now().getTime() + backoffDelay(order.reconcileAttempts)) },
        });
      }
      ctx.logger.warn(
        { orderId: order.id, unknownCause: outcome.unknownCause },
        "pay outcome unknown; reconcile",
      );
      return;
    }
  }
}
