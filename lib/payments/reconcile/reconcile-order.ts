// Settles an order whose payment outcome we do not know: a `pay` that answered U or timed out, a crash
// between our insert and the wallet's answer (the order stayed CREATED), or a PENDING order whose
// notification never came. Only the wallet's answer moves the order (spec, Errors: "Wait for
// notification or query; retry only with the same request identifiers").

import { applyPayOutcome } from "@/lib/payments/orders/apply-pay-outcome";
import { findOrder } from "@/lib/payments/orders/find-order";
import { flagOrder } from "@/lib/payments/orders/flag-order";
import type { OrderEvent } from "@/lib/payments/orders/order-state";
import { UNSETTLED_ORDER_STATUSES } from "@/lib/payments/orders/order-state";
import { buildPayRequest } from "@/lib/payments/orders/pay-request";
import { transitionOrderWithRetry } from "@/lib/payments/orders/transition-order";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Order } from "@/lib/platform/db";
import { isDomainError } from "@/lib/platform/errors/domain-errors";
import { withWalletCallScope } from "@/lib/platform/wallet-calls/call-scope";
import { backoffDelay } from "./backoff";

/**
 * After this long without a settled answer, a person looks at the order instead of us guessing (the
 * checks go on, at the capped backoff). Workers pass their configured value (JobSettings.flagAfterMs).
 */
const RECONCILE_GIVE_UP_MS = 24 * 60 * 60 * 1000;

export interface ReconcileOptions {
  flagAfterMs?: number;
}

const STATUS_EVENTS: Record<string, OrderEvent["type"]> = {
  SUCCESS: "PAY_SUCCEEDED",
  FAIL: "PAY_FAILED",
  CLOSED: "PAY_CLOSED",
  CANCELLED: "PAY_CLOSED",
  PROCESSING: "PAY_PROCESSING",
};

export type ReconcileResult = "settled" | "waiting" | "resent" | "nothing-to-do" | "flagged";

export async function reconcileOrder(
  ctx: ServiceContext,
  orderId: string,
  options: ReconcileOptions = {},
): Promise<ReconcileResult> {
  const order = await findOrder(ctx.prisma, { id: orderId });
  if (!order || !UNSETTLED_ORDER_STATUSES.includes(order.status)) return "nothing-to-do";

  const inquiry = await withWalletCallScope({ orderId }, () =>
    ctx.wallet.inquiryPayment(
      order.paymentId ? { paymentId: order.paymentId } : { paymentRequestId: order.paymentRequestId },
    ),
  );

  if (inquiry.status === "S" && inquiry.data.paymentStatus) {
    const eventType = STATUS_EVENTS[inquiry.data.paymentStatus];
    const needsRedirect = order.flow !== "AGREEMENT" && !order.redirectionUrl;
    if (eventType === "PAY_PROCESSING" && needsRedirect) {
      // The payment exists but we never saw its cashier URL: ask `pay` again with the same id.
      return resendPay(ctx, order, options, { paymentExists: true });
    }
    if (eventType && !(eventType === "PAY_PROCESSING" && order.status === "PENDING")) {
      await transitionOrderWithRetry(
        ctx.prisma,
        order.id,
        { type: eventType } as OrderEvent,
        {
          actor: "worker:reconcile",
          detail: { paymentStatus: inquiry.data.paymentStatus },
          data: {
            paymentId: inquiry.data.paymentId ?? order.paymentId,
            ...(eventType === "PAY_SUCCEEDED"
              ? { paidAt: inquiry.data.paymentTime ? new Date(inquiry.data.paymentTime) : ctx.now() }
              : {}),
            nextReconcileAt: eventType === "PAY_PROCESSING" ? later(ctx, order) : null,
            countReconcileAttempt: true,
          },
        },
        // As read above: a second read only if it changed while the wallet answered.
        order,
      );
      return eventType === "PAY_PROCESSING" ? "waiting" : "settled";
    }
    return scheduleNext(ctx, order, options);
  }
  if (inquiry.status === "F" && inquiry.resultCode === "ORDER_NOT_EXIST") {
    // The wallet never received our `pay` (we crashed first, or the request was lost): send it now,
    // with the same paymentRequestId, so it can never be created twice.
    return resendPay(ctx, order, options, { paymentExists: false });
  }
  return scheduleNext(ctx, order, options);
}

async function resendPay(
  ctx: ServiceContext,
  order: Order,
  options: Parameters<typeof scheduleNext>[2],
  known: { paymentExists: boolean },
): Promise<ReconcileResult> {
  let request: Awaited<ReturnType<typeof buildPayRequest>>;
  try {
    // The lines only matter here (the re-sent `pay` must describe them as the first one did).
    const items = await ctx.prisma.orderItem.findMany({ where: { orderId: order.id } });
    request = await buildPayRequest(ctx, { ...order, items });
  } catch (error) {
    // E.g. the agreement behind an agreement order is gone: the payment can never be sent again, so
    // a person decides; the order keeps being checked (it may still settle by notification).
    if (!isDomainError(error)) throw error;
    await flagOrder(
      ctx.prisma,
      order.id,
      { kind: "CANNOT_RESEND", error: error.message },
      {
        keepEarlierReason: true,
        actor: "worker:reconcile",
        // At once the first time; once resolved, only if it still cannot be sent a period later.
        deadline: {
          since: new Date(0),
          afterMs: options.flagAfterMs ?? RECONCILE_GIVE_UP_MS,
          now: ctx.now(),
        },
      },
    );
    return scheduleNext(ctx, order, options);
  }
  const outcome = await withWalletCallScope({ orderId: order.id }, () => ctx.wallet.pay(request));
  await ctx.prisma.order.update({ where: { id: order.id }, data: { reconcileAttempts: { increment: 1 } } });
  if (outcome.status === "F" && known.paymentExists) {
    // The wallet just told us the payment exists and is processing: a refusal of the re-send
    // (e.g. REPEAT_REQ_INCONSISTENT after a configuration change) says nothing about the payment.
    ctx.logger.warn(
      { orderId: order.id, resultCode: outcome.resultCode },
      "pay re-send refused; still waiting",
    );
    return scheduleNext(ctx, order, options);
  }
  if (outcome.status === "A" && order.status === "PENDING") {
    await ctx.prisma.order.update({
      where: { id: order.id },
      data: {
        redirectionUrl: outcome.data.redirectActionForm?.redirectionUrl ?? null,
        nextReconcileAt: later(ctx, order),
      },
    });
    return "resent";
  }
  await applyPayOutcome(ctx, order, outcome, "worker:reconcile");
  return outcome.status === "U" ? "waiting" : "resent";
}

function later(ctx: ServiceContext, order: Order): Date {
  return new Date(ctx.now().getTime() + backoffDelay(order.reconcileAttempts));
}

async function scheduleNext(
  ctx: ServiceContext,
  order: Order,
  options: ReconcileOptions,
): Promise<ReconcileResult> {
  const flagAfterMs = options.flagAfterMs ?? RECONCILE_GIVE_UP_MS;
  const giveUp = ctx.now().getTime() - order.createdAt.getTime() > flagAfterMs;
  await ctx.prisma.order.update({
    where: { id: order.id },
    data: { reconcileAttempts: { increment: 1 }, nextReconcileAt: later(ctx, order) },
  });
  if (giveUp) {
    // After an operator resolved it, only the deadline passing again since then raises it again.
    await flagOrder(
      ctx.prisma,
      order.id,
      { kind: "PAYMENT_UNSETTLED", afterMs: flagAfterMs },
      {
        keepEarlierReason: true,
        actor: "worker:reconcile",
        deadline: { since: order.createdAt, afterMs: flagAfterMs, now: ctx.now() },
      },
    );
  }
  return giveUp ? "flagged" : "waiting";
}
