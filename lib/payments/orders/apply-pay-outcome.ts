// Records what `pay` answered. Shared by order creation and by reconciliation, which re-sends `pay`
// with the same paymentRequestId when the first answer was lost. Returns the order as it now stands,
// so the caller has no need to read it back.

import { backoffDelay } from "@/lib/payments/reconcile/backoff";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Order } from "@/lib/platform/db";
import type { HeldWalletCalls } from "@/lib/platform/wallet-calls/held-calls";
import type { OperationResponse } from "@/lib/wallet/operations";
import type { WalletOutcome } from "@/lib/wallet/outcome";
import type { OrderEvent } from "./order-state";
import { type TransitionColumns, transitionOrderWithRetry } from "./transition-order";

/** First reconciliation attempt after a U: soon, but not in the same breath. */
const FIRST_RECONCILE_DELAY_MS = 10_000;

type PayOutcome = WalletOutcome<OperationResponse<"pay">>;

/** The event an answer is, and the columns it fills. */
function recordOf(ctx: ServiceContext, outcome: PayOutcome): { event: OrderEvent; data: TransitionColumns } {
  const result = { resultCode: outcome.resultCode, resultMessage: outcome.resultMessage };
  switch (outcome.status) {
    case "A":
      return {
        event: { type: "PAY_ACCEPTED" },
        data: {
          // Only what the answer carries: a missing field never erases what we already know.
          ...(outcome.data.paymentId ? { paymentId: outcome.data.paymentId } : {}),
          ...(outcome.data.redirectActionForm?.redirectionUrl
            ? { redirectionUrl: outcome.data.redirectActionForm.redirectionUrl }
            : {}),
          ...result,
          // Still waiting for the user: check back in case the notification never comes.
          nextReconcileAt: new Date(ctx.now().getTime() + 60_000),
        },
      };
    case "S":
      return {
        event: { type: "PAY_SUCCEEDED" },
        data: {
          ...(outcome.data.paymentId ? { paymentId: outcome.data.paymentId } : {}),
          paidAt: outcome.data.paymentTime ? new Date(outcome.data.paymentTime) : ctx.now(),
          ...result,
          nextReconcileAt: null,
        },
      };
    case "F":
      return { event: { type: "PAY_FAILED" }, data: { ...result, nextReconcileAt: null } };
    case "U":
      // Never guess (spec, Errors): the order waits for a notification or an inquiry.
      return {
        event: { type: "PAY_UNKNOWN" },
        data: { ...result, nextReconcileAt: new Date(ctx.now().getTime() + FIRST_RECONCILE_DELAY_MS) },
      };
  }
}

export async function applyPayOutcome(
  ctx: ServiceContext,
  order: Order,
  outcome: PayOutcome,
  actor: string,
  /** The `pay` exchange's log rows, when the caller held them: the status change writes them. */
  walletCalls?: HeldWalletCalls,
): Promise<Order> {
  const { event, data } = recordOf(ctx, outcome);
  const detail = {
    resultCode: outcome.resultCode,
    resultStatus: outcome.status,
    ...(outcome.status === "U" ? { unknownCause: outcome.unknownCause } : {}),
  };
  const written = await transitionOrderWithRetry(
    ctx.prisma,
    order.id,
    event,
    { actor, detail, data, walletCalls },
    order,
  );
  if (outcome.status === "U") {
    ctx.logger.warn(
      { orderId: order.id, unknownCause: outcome.unknownCause },
      "pay outcome unknown; reconcile",
    );
    // Already UNKNOWN (a reconcile retry that is still unknown): only push the next check out.
    if (!written) {
      return ctx.prisma.order.update({
        where: { id: order.id },
        data: { nextReconcileAt: new Date(ctx.now().getTime() + backoffDelay(order.reconcileAttempts)) },
      });
    }
  }
  // Null when the answer no longer applied (a notification got there first): the order as it stands.
  return written ?? ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
}
