// Refunds of completed payments (docs/wallet-interface.md, refund). The total refunded never exceeds what was
// captured: the amount is reserved on the order (refunded_fils) under the order's row lock before the
// wallet is called, and the database refuses any row where refunds and voids exceed the payment (a
// CHECK constraint), so two concurrent partial refunds cannot both pass.
// A failed refund releases its reservation; a refund in process is polled (refund-poll queue).

import { lockOrder } from "@/lib/payments/orders/lock-order";
import { assertRefundable } from "@/lib/payments/orders/order-state";
import { snapshotOf } from "@/lib/payments/orders/transition-order";
import { notifyUrl } from "@/lib/payments/orders/wallet-urls";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Order, Prisma, Refund } from "@/lib/platform/db";
import { NotFoundError, StateInvalidError } from "@/lib/platform/errors/domain-errors";
import { newRowId, requestIdFor } from "@/lib/platform/ids/request-ids";
import { withWalletCallScope } from "@/lib/platform/wallet-calls/call-scope";
import { applyRefundStatus } from "./apply-refund-status";
import { announceRefund } from "./refund-state";

export interface NewRefund {
  amountFils: bigint;
  reason?: string | undefined;
  requestedBy: string;
  /** Runs in the transaction that reserves the money and stores the refund (the audit entry). */
  onCreate?: (tx: Prisma.TransactionClient, refund: Refund, order: Order) => Promise<unknown>;
}

/** Spec: "A refund request whose resultCode is REFUND_IN_PROCESS is still pending." */
const REFUND_IN_PROCESS = "REFUND_IN_PROCESS";

export async function requestRefund(
  ctx: ServiceContext,
  orderId: string,
  request: NewRefund,
): Promise<Refund> {
  const refund = await ctx.prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFoundError("No such order.");
    reserveRefund(order, request.amountFils);
    await tx.order.update({
      where: { id: order.id },
      data: { refundedFils: { increment: request.amountFils } },
    });
    return storeRefund(ctx, tx, order, request);
  });
  return sendRefund(ctx, refund);
}

/**
 * Checks that `amountFils` may still be refunded from the locked order (the caller then reserves it
 * on refunded_fils, whose CHECK constraint is the last word).
 */
export function reserveRefund(order: Order, amountFils: bigint): void {
  assertRefundable(snapshotOf(order), amountFils);
  if (!order.paymentId) throw new StateInvalidError("The order has no wallet payment.");
}

/**
 * Stores a refund whose amount is already reserved on the locked order, ready to send: its
 * refundRequestId is derived from its row id (`id`, or a new one) and kept for every retry.
 */
export async function storeRefund(
  ctx: ServiceContext,
  tx: Prisma.TransactionClient,
  order: Order,
  request: NewRefund,
  id: string = newRowId(),
): Promise<Refund> {
  const created = await tx.refund.create({
    data: {
      id,
      orderId: order.id,
      refundRequestId: requestIdFor("refund", id),
      amountFils: request.amountFils,
      currency: order.currency,
      reason: request.reason ?? null,
      requestedBy: request.requestedBy,
      nextCheckAt: new Date(ctx.now().getTime() + 30_000),
    },
  });
  await tx.orderEvent.create({
    data: {
      orderId: order.id,
      type: "REFUND_REQUESTED",
      actor: request.requestedBy,
      detail: { refundId: created.id, amountFils: request.amountFils.toString() },
    },
  });
  await announceRefund(tx, created);
  await request.onCreate?.(tx, created, order);
  return created;
}

/** Sends a stored refund (again, with the same refundRequestId) and records the answer. */
export async function sendRefund(ctx: ServiceContext, refund: Refund): Promise<Refund> {
  const order: Order = await ctx.prisma.order.findUniqueOrThrow({ where: { id: refund.orderId } });
  const outcome = await withWalletCallScope({ orderId: order.id, refundId: refund.id }, () =>
    ctx.wallet.refund({
      refundRequestId: refund.refundRequestId,
      paymentId: order.paymentId as string,
      refundAmount: { currency: refund.currency, value: refund.amountFils.toString() },
      ...(refund.reason ? { refundReason: refund.reason.slice(0, 256) } : {}),
      refundNotifyUrl: notifyUrl(ctx.publicBaseUrl, "refund"),
    }),
  );
  const refundId = typeof outcome.data?.refundId === "string" ? outcome.data.refundId : undefined;

  if (outcome.resultCode === REFUND_IN_PROCESS) {
    return applyRefundStatus(ctx, refund.id, {
      status: "PROCESSING",
      refundId,
      resultCode: outcome.resultCode,
    });
  }
  switch (outcome.status) {
    case "S":
    case "A":
      return applyRefundStatus(ctx, refund.id, {
        status: outcome.status === "S" ? "SUCCESS" : "PROCESSING",
        refundId,
        resultCode: outcome.resultCode,
        refundTime: typeof outcome.data.refundTime === "string" ? outcome.data.refundTime : undefined,
      });
    case "F":
      // A refusal of the first send is final. After an unknown outcome the wallet may hold the
      // refund already (REPEAT_REQ_INCONSISTENT, an amount "exceeded" by the refund itself, a mutex):
      // a refusal of the re-send is no news, and the refund stays unknown until the wallet settles
      // it or an operator does (flagged after RECONCILE_FLAG_AFTER_HOURS). Never refund twice.
      if (refund.status !== "CREATED" || outcome.resultCode === "MUTEX_OPERATION_IN_PROCESSING") {
        ctx.logger.warn(
          { refundId: refund.id, resultCode: outcome.resultCode },
          "refund re-send refused; outcome still unknown",
        );
        return applyRefundStatus(ctx, refund.id, { status: "UNKNOWN", resultCode: outcome.resultCode });
      }
      return applyRefundStatus(ctx, refund.id, {
        status: "FAIL",
        resultCode: outcome.resultCode,
        failReason: outcome.resultMessage || outcome.resultCode,
      });
    case "U":
      return applyRefundStatus(ctx, refund.id, { status: "UNKNOWN", resultCode: outcome.resultCode });
  }
}
