// Escrow lifecycle operations on a paid escrow order (spec, "Escrow lifecycle"): merchantAccept,
// cancel, void (full or partial) and confirm. One module because they share every step:
//   1. under the order's row lock: check the state machine locally (illegal operations are refused
//      before the wallet is called) and that no other operation on the order is in flight, then
//      store the operation with its request id;
//   2. call the wallet with that request id;
//   3. record the answer: S moves the order; F is final, except MUTEX_OPERATION_IN_PROCESSING, which
//      is retried later; U is settled by reconciliation, never guessed.

import { flagOrder } from "@/lib/payments/orders/flag-order";
import { lockOrder } from "@/lib/payments/orders/lock-order";
import { applyOrderEvent, type OrderEvent } from "@/lib/payments/orders/order-state";
import { snapshotOf, transitionOrderWithRetry } from "@/lib/payments/orders/transition-order";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { EscrowOperation, EscrowOperationType, Order, Prisma } from "@/lib/platform/db";
import {
  BusinessRuleError,
  NotFoundError,
  StateInvalidError,
  WalletRejectedError,
} from "@/lib/platform/errors/domain-errors";
import { newRowId, type RequestIdPrefix, requestIdFor } from "@/lib/platform/ids/request-ids";
import { withWalletCallScope } from "@/lib/platform/wallet-calls/call-scope";
import type { WalletOutcome } from "@/lib/wallet/outcome";
import { IN_FLIGHT_STATUSES, moveEscrowOperation } from "./escrow-operation-state";

export interface EscrowRequest {
  type: EscrowOperationType;
  /** Void only: fils to return; omitted means everything still held. */
  amountFils?: bigint | undefined;
  /** "customer:<id>" or "operator:<id>". */
  requestedBy: string;
  /** Runs in the transaction that stores the operation (the audit entry of an operator's action). */
  onCreate?: (tx: Prisma.TransactionClient, operation: EscrowOperation, order: Order) => Promise<unknown>;
}

export type EscrowResult =
  | { state: "DONE"; operation: EscrowOperation; order: Order }
  | { state: "IN_PROGRESS"; operation: EscrowOperation; order: Order };

/** Retry delay after MUTEX_OPERATION_IN_PROCESSING ("Another operation is in progress. Wait and retry."). */
const MUTEX_RETRY_DELAY_MS = 5_000;
const UNKNOWN_CHECK_DELAY_MS = 10_000;

const REQUEST_PREFIX: Record<EscrowOperationType, RequestIdPrefix> = {
  ACCEPT: "accept",
  CONFIRM: "confirm",
  CANCEL: "cancel",
  VOID: "void",
};

export function eventOfEscrow(type: EscrowOperationType, amountFils: bigint): OrderEvent {
  switch (type) {
    case "ACCEPT":
      return { type: "MERCHANT_ACCEPTED" };
    case "CONFIRM":
      return { type: "CONFIRMED" };
    case "CANCEL":
      return { type: "CANCELLED" };
    case "VOID":
      return { type: "VOIDED", amountFils };
  }
}

export async function requestEscrowOperation(
  ctx: ServiceContext,
  orderId: string,
  request: EscrowRequest,
): Promise<EscrowResult> {
  const operation = await ctx.prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFoundError("No such order.");
    const created = await storeEscrowOperation(tx, order, request);
    await request.onCreate?.(tx, created, order);
    return created;
  });
  return sendEscrowOperation(ctx, operation);
}

/** What an escrow operation on `order` gives back or moves, in fils: a void's amount, else 0. */
function escrowAmountOf(order: Order, request: Pick<EscrowRequest, "type" | "amountFils">): bigint {
  return request.type === "VOID" ? (request.amountFils ?? order.amountFils - order.voidedFils) : 0n;
}

/**
 * Checks an operation against the order (locked by the caller) and stores it, ready to send: the
 * state machine allows it and no other operation of the payment is in flight. `id`: the row's id
 * when it is fixed in advance (an approved request's), so the wallet is asked once whatever happens.
 */
export async function storeEscrowOperation(
  tx: Prisma.TransactionClient,
  order: Order,
  request: Omit<EscrowRequest, "onCreate">,
  id: string = newRowId(),
): Promise<EscrowOperation> {
  if (order.flow !== "ESCROW") {
    throw new BusinessRuleError(
      "ORDER_UNSUPPORTED_OPERATION",
      "Only escrow orders have accept, confirm, cancel and void.",
    );
  }
  const amountFils = escrowAmountOf(order, request);
  // Throws OrderTransitionError when the operation is not allowed now.
  applyOrderEvent(snapshotOf(order), eventOfEscrow(request.type, amountFils));
  if (!order.paymentId) throw new StateInvalidError("The order has no wallet payment yet.");
  const busy = await tx.escrowOperation.findFirst({
    where: { orderId: order.id, status: { in: IN_FLIGHT_STATUSES } },
  });
  if (busy) {
    throw new StateInvalidError(
      `A ${busy.type.toLowerCase()} of this order is still in progress.`,
      { operationId: busy.id },
      "OPERATION_IN_PROGRESS",
    );
  }
  return tx.escrowOperation.create({
    data: {
      id,
      orderId: order.id,
      type: request.type,
      requestId: requestIdFor(REQUEST_PREFIX[request.type], id),
      amountFils: request.type === "VOID" ? amountFils : null,
      requestedBy: request.requestedBy,
    },
  });
}

/** Sends (or re-sends, with the same request id) a stored operation and records the answer. */
export async function sendEscrowOperation(
  ctx: ServiceContext,
  operation: EscrowOperation,
): Promise<EscrowResult> {
  const order = await ctx.prisma.order.findUniqueOrThrow({ where: { id: operation.orderId } });
  const paymentId = order.paymentId as string;
  const outcome: WalletOutcome<Record<string, unknown>> = await withWalletCallScope(
    { orderId: order.id },
    () => {
      switch (operation.type) {
        case "ACCEPT":
          return ctx.wallet.merchantAccept({ paymentId });
        case "CONFIRM":
          return ctx.wallet.confirm({ paymentId, confirmRequestId: operation.requestId });
        case "CANCEL":
          return ctx.wallet.cancel({ paymentId });
        case "VOID":
          return ctx.wallet.void({
            paymentId,
            voidRequestId: operation.requestId,
            voidAmount: { currency: order.currency, value: (operation.amountFils ?? 0n).toString() },
          });
      }
    },
  );
  await ctx.prisma.escrowOperation.update({
    where: { id: operation.id },
    data: { attempts: { increment: 1 } },
  });

  // merchantAccept of an order the wallet already accepted: our record was behind, the goal is met.
  const alreadyDone =
    operation.type === "ACCEPT" &&
    outcome.status === "F" &&
    outcome.resultCode === "ORDER_IS_MERCHANT_ACCEPTED";
  if (outcome.status === "S" || alreadyDone) {
    return completeEscrowOperation(ctx, operation, {
      resultCode: outcome.resultCode,
      resultMessage: outcome.resultMessage,
      walletOperationId: walletOperationIdOf(outcome.data),
    });
  }
  // After an unknown outcome the wallet may already have done the operation: a refusal of the re-send
  // (e.g. ORDER_STATUS_INVALID for an accept that went through) is then no news, and the operation
  // stays unknown until an inquiry settles it.
  const ambiguous = operation.status === "UNKNOWN";
  if (outcome.status === "F" && outcome.resultCode !== "MUTEX_OPERATION_IN_PROCESSING" && !ambiguous) {
    // Only an operation still in flight can fail: a notification may have completed it meanwhile.
    const failed = await moveEscrowOperation(ctx.prisma, operation, {
      to: "FAIL",
      actor: operation.requestedBy,
      data: { resultCode: outcome.resultCode, resultMessage: outcome.resultMessage, nextCheckAt: null },
      detail: { resultCode: outcome.resultCode },
    });
    if (!failed) return currentResult(ctx, operation);
    throw new WalletRejectedError(
      `The wallet refused the ${operation.type.toLowerCase()} (${outcome.resultCode}).`,
      outcome.resultCode,
      { operationId: operation.id },
    );
  }
  // MUTEX_OPERATION_IN_PROCESSING: "Wait and retry" — a retry later, not a failure. U, or a refusal
  // after U: settle by inquiry. Never overwrite an operation a notification has finished meanwhile.
  const retry = outcome.status === "F" && outcome.resultCode === "MUTEX_OPERATION_IN_PROCESSING";
  await moveEscrowOperation(ctx.prisma, operation, {
    to: retry ? "RETRY" : "UNKNOWN",
    actor: operation.requestedBy,
    data: {
      resultCode: outcome.resultCode,
      resultMessage: outcome.resultMessage,
      nextCheckAt: new Date(ctx.now().getTime() + (retry ? MUTEX_RETRY_DELAY_MS : UNKNOWN_CHECK_DELAY_MS)),
    },
    detail: { resultCode: outcome.resultCode },
  });
  return currentResult(ctx, operation);
}

async function currentResult(ctx: ServiceContext, operation: EscrowOperation): Promise<EscrowResult> {
  const [current, order] = await Promise.all([
    ctx.prisma.escrowOperation.findUniqueOrThrow({ where: { id: operation.id } }),
    ctx.prisma.order.findUniqueOrThrow({ where: { id: operation.orderId } }),
  ]);
  return { state: current.status === "SUCCESS" ? "DONE" : "IN_PROGRESS", operation: current, order };
}

function walletOperationIdOf(data: Record<string, unknown> | undefined): string | null {
  const id = data?.confirmId ?? data?.voidId;
  return typeof id === "string" ? id : null;
}

/** Marks an operation done and moves the order; idempotent (a second completion changes nothing). */
export async function completeEscrowOperation(
  ctx: ServiceContext,
  operation: EscrowOperation,
  answer: { resultCode: string; resultMessage?: string; walletOperationId?: string | null },
): Promise<EscrowResult> {
  // One transaction: whoever sees the operation SUCCESS also sees the order moved. A concurrent
  // completion (the answer and the notification racing) waits on the row, then finds it done.
  await ctx.prisma.$transaction(async (tx) => {
    const claimed = await moveEscrowOperation(tx, operation, {
      to: "SUCCESS",
      actor: operation.requestedBy,
      data: {
        resultCode: answer.resultCode,
        resultMessage: answer.resultMessage ?? null,
        walletOperationId: answer.walletOperationId ?? null,
        completedAt: ctx.now(),
        nextCheckAt: null,
      },
    });
    if (!claimed) {
      // Done already (a repeat), or recorded as failed while the wallet says it succeeded.
      const current = await tx.escrowOperation.findUniqueOrThrow({ where: { id: operation.id } });
      if (current.status === "FAIL") {
        await flagOrder(tx, operation.orderId, {
          kind: "CONTRADICTION",
          operation: operation.type.toLowerCase(),
          requestId: operation.requestId,
          wallet: "succeeded",
          ours: "failed",
        });
      }
      return;
    }
    const event = eventOfEscrow(operation.type, operation.amountFils ?? 0n);
    const moved = await transitionOrderWithRetry(tx, operation.orderId, event, {
      actor: operation.requestedBy,
      detail: { operationId: operation.id, requestId: operation.requestId },
    });
    if (!moved) {
      await flagOrder(tx, operation.orderId, {
        kind: "CONFIRMED_NOT_ALLOWED",
        operation: operation.type.toLowerCase(),
      });
    }
  });
  return currentResult(ctx, operation);
}
