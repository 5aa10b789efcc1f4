// What each verified notification does to our records. Every path is idempotent: a repeated or late
// notification finds the work done (or overtaken) and changes nothing. Ids and amounts must match
// what we stored, or the notification is rejected and the order flagged for an operator.
import type { z } from "zod";
import { moveEscrowOperation } from "@/lib/payments/escrow/escrow-operation-state";
import { completeEscrowOperation } from "@/lib/payments/escrow/escrow-operations";
import { findOrder } from "@/lib/payments/orders/find-order";
import { flagOrder } from "@/lib/payments/orders/flag-order";
import type { OrderFlag } from "@/lib/payments/orders/order-flags";
import { FINAL_STATUSES, type OrderEvent } from "@/lib/payments/orders/order-state";
import { transitionOrderWithRetry } from "@/lib/payments/orders/transition-order";
import { applyRefundStatus } from "@/lib/payments/refunds/apply-refund-status";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Order } from "@/lib/platform/db";
import type { paymentNotification, refundNotification, voidNotification } from "./notification-bodies";

export type ApplyResult =
  | { status: "APPLIED" | "IGNORED"; orderId?: string; note?: string }
  | { status: "REJECTED"; orderId?: string; error: string };

/**
 * Who a flag raised while applying is attributed to: the wallet's notification, or the operator who
 * asked for a stored one to be applied again ("operator:<id>").
 */
export interface ApplyOptions {
  actor?: string;
}

const WALLET = "wallet:notification";

async function flag(ctx: ServiceContext, orderId: string, reason: OrderFlag, options: ApplyOptions) {
  await flagOrder(ctx.prisma, orderId, reason, { actor: options.actor ?? WALLET });
  ctx.logger.warn({ orderId, flag: reason }, "order flagged for an operator");
}

function amountMatches(order: Order, value: string, currency: string): boolean {
  return value === order.amountFils.toString() && currency === order.currency;
}

const PAYMENT_EVENTS: Record<string, OrderEvent["type"]> = {
  SUCCESS: "PAY_SUCCEEDED",
  FAIL: "PAY_FAILED",
  CLOSED: "PAY_CLOSED",
  CANCELLED: "PAY_CLOSED",
};

export async function applyPaymentNotification(
  ctx: ServiceContext,
  body: z.infer<typeof paymentNotification>,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const order = await findOrder(ctx.prisma, { paymentRequestId: body.paymentRequestId });
  if (!order) return { status: "REJECTED", error: `no order has paymentRequestId ${body.paymentRequestId}` };
  if (order.paymentId && order.paymentId !== body.paymentId) {
    await flag(
      ctx,
      order.id,
      {
        kind: "PAYMENT_ID_MISMATCH",
        notification: "payment",
        paymentId: body.paymentId,
        ours: order.paymentId,
      },
      options,
    );
    return { status: "REJECTED", orderId: order.id, error: "paymentId does not match the order" };
  }
  if (!amountMatches(order, body.paymentAmount.value, body.paymentAmount.currency)) {
    await flag(
      ctx,
      order.id,
      {
        kind: "AMOUNT_MISMATCH",
        notification: "payment",
        amount: `${body.paymentAmount.value} ${body.paymentAmount.currency}`,
      },
      options,
    );
    return { status: "REJECTED", orderId: order.id, error: "paymentAmount does not match the order" };
  }

  const eventType = PAYMENT_EVENTS[body.paymentStatus];
  if (!eventType) {
    if (!order.paymentId)
      await ctx.prisma.order.update({ where: { id: order.id }, data: { paymentId: body.paymentId } });
    return { status: "IGNORED", orderId: order.id, note: `paymentStatus ${body.paymentStatus} is not final` };
  }
  const moved = await transitionOrderWithRetry(
    ctx.prisma,
    order.id,
    { type: eventType } as OrderEvent,
    {
      actor: "wallet:notification",
      detail: { paymentStatus: body.paymentStatus, resultCode: body.paymentResult?.resultCode ?? null },
      data: {
        paymentId: body.paymentId,
        nextReconcileAt: null,
        ...(eventType === "PAY_SUCCEEDED"
          ? { paidAt: body.paymentTime ? new Date(body.paymentTime) : ctx.now() }
          : {}),
        ...(body.paymentResult
          ? {
              resultCode: body.paymentResult.resultCode,
              resultMessage: body.paymentResult.resultMessage ?? null,
            }
          : {}),
      },
    },
    // As just read: no second read unless someone changed it meanwhile.
    order,
  );
  if (moved) return { status: "APPLIED", orderId: order.id };

  // Not applicable now: a repeat (already applied), or news that contradicts a final state we hold.
  const current = await ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
  if (body.paymentStatus === "SUCCESS" && FINAL_STATUSES.has(current.status)) {
    // The wallet took the customer's money for an order we consider closed: a person must decide.
    await flag(ctx, order.id, { kind: "SUCCESS_ON_FINAL", status: current.status }, options);
  }
  return { status: "IGNORED", orderId: order.id, note: `order is ${current.status}` };
}

/** The wallet reports a void the other way round from what we recorded. */
function voidContradiction(requestId: string, wallet: "succeeded" | "failed"): OrderFlag {
  const ours = wallet === "succeeded" ? "failed" : "succeeded";
  return { kind: "CONTRADICTION", operation: "void", requestId, wallet, ours };
}

export async function applyVoidNotification(
  ctx: ServiceContext,
  body: z.infer<typeof voidNotification>,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const operation = await ctx.prisma.escrowOperation.findUnique({
    where: { requestId: body.voidRequestId },
    include: { order: true },
  });
  if (operation?.type !== "VOID") {
    return { status: "REJECTED", error: `no void has voidRequestId ${body.voidRequestId}` };
  }
  const order = operation.order;
  if (order.paymentId !== body.paymentId) {
    await flag(
      ctx,
      order.id,
      { kind: "PAYMENT_ID_MISMATCH", notification: "void", paymentId: body.paymentId },
      options,
    );
    return { status: "REJECTED", orderId: order.id, error: "paymentId does not match the void" };
  }
  if (body.voidAmount && body.voidAmount.value !== operation.amountFils?.toString()) {
    await flag(
      ctx,
      order.id,
      { kind: "AMOUNT_MISMATCH", notification: "void", amount: body.voidAmount.value },
      options,
    );
    return { status: "REJECTED", orderId: order.id, error: "voidAmount does not match the void" };
  }
  if (operation.status === "FAIL" && body.voidResult.resultStatus === "S") {
    await flag(ctx, order.id, voidContradiction(body.voidRequestId, "succeeded"), options);
    return { status: "IGNORED", orderId: order.id, note: "contradicts our FAIL; flagged" };
  }
  if (operation.status === "SUCCESS" || operation.status === "FAIL") {
    return { status: "IGNORED", orderId: order.id, note: `void already ${operation.status}` };
  }
  if (body.voidResult.resultStatus === "S") {
    await completeEscrowOperation(ctx, operation, {
      resultCode: body.voidResult.resultCode,
      resultMessage: body.voidResult.resultMessage,
      walletOperationId: body.voidId ?? null,
    });
    return { status: "APPLIED", orderId: order.id };
  }
  if (body.voidResult.resultStatus === "F") {
    // Guarded: a SUCCESS recorded concurrently (the void's own answer) is never overwritten.
    const failed = await moveEscrowOperation(ctx.prisma, operation, {
      to: "FAIL",
      actor: "wallet:notification",
      data: {
        resultCode: body.voidResult.resultCode,
        resultMessage: body.voidResult.resultMessage ?? null,
        nextCheckAt: null,
      },
      detail: { resultCode: body.voidResult.resultCode },
    });
    if (failed) return { status: "APPLIED", orderId: order.id };
    const current = await ctx.prisma.escrowOperation.findUniqueOrThrow({ where: { id: operation.id } });
    if (current.status === "SUCCESS") {
      await flag(ctx, order.id, voidContradiction(body.voidRequestId, "failed"), options);
    }
    return { status: "IGNORED", orderId: order.id, note: `void already ${current.status}` };
  }
  return { status: "IGNORED", orderId: order.id, note: `void result ${body.voidResult.resultStatus}` };
}

export async function applyRefundNotification(
  ctx: ServiceContext,
  body: z.infer<typeof refundNotification>,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const refund = await ctx.prisma.refund.findUnique({
    where: { refundRequestId: body.refundRequestId },
    include: { order: true },
  });
  if (!refund) return { status: "REJECTED", error: `no refund has refundRequestId ${body.refundRequestId}` };
  if (refund.order.paymentId !== body.paymentId) {
    await flag(
      ctx,
      refund.orderId,
      { kind: "PAYMENT_ID_MISMATCH", notification: "refund", paymentId: body.paymentId },
      options,
    );
    return { status: "REJECTED", orderId: refund.orderId, error: "paymentId does not match the refund" };
  }
  if (
    body.refundAmount.value !== refund.amountFils.toString() ||
    body.refundAmount.currency !== refund.currency
  ) {
    await flag(
      ctx,
      refund.orderId,
      { kind: "AMOUNT_MISMATCH", notification: "refund", amount: body.refundAmount.value },
      options,
    );
    return { status: "REJECTED", orderId: refund.orderId, error: "refundAmount does not match the refund" };
  }
  const before = refund.status;
  const after = await applyRefundStatus(ctx, refund.id, {
    status: body.refundStatus,
    refundId: body.refundId,
    resultCode: body.refundResult?.resultCode,
    failReason: body.refundFailReason,
    refundTime: body.refundTime,
  });
  return after.status === before
    ? { status: "IGNORED", orderId: refund.orderId, note: `refund already ${before}` }
    : { status: "APPLIED", orderId: refund.orderId };
}
