// Accept, cancel and void: the operator's escrow operations. Offered while the order's state machine
// allows the event and no other operation of the payment is in flight (the wallet runs one at a
// time); sent through the same service as the customer's confirm (lib/payments/escrow/escrow-operations.ts).
// Cancel and void give money back, so they count against the operator's refund limits and above
// them wait for another operator's approval, as a refund does (lib/payments/escrow/return-escrow.ts).

import { type EscrowResult, requestEscrowOperation } from "@/lib/payments/escrow/escrow-operations";
import { returnEscrowOrAskApproval } from "@/lib/payments/escrow/return-escrow";
import { applyOrderEvent, type OrderEvent } from "@/lib/payments/orders/order-state";
import { snapshotOf } from "@/lib/payments/orders/transition-order";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { EscrowOperation, EscrowOperationType, Order } from "@/lib/platform/db";
import { WalletRejectedError } from "@/lib/platform/errors/domain-errors";
import type { ActionAnswer } from "../../idempotent-action";
import {
  type AvailableAction,
  auditedCreation,
  type OrderActionBody,
  type OrderActionCall,
  type OrderActionDefinition,
  type OrderSituation,
  orderSummary,
  walletOutcome,
} from "./order-action";
import type { WalletOutcomeName } from "./order-action-names";

type EscrowActionName = "accept" | "cancel" | "void";

const OUTCOME_OF_OPERATION: Record<EscrowOperation["status"], WalletOutcomeName> = {
  CREATED: "UNKNOWN",
  UNKNOWN: "UNKNOWN",
  RETRY: "RETRYING",
  SUCCESS: "SUCCESS",
  FAIL: "FAIL",
};

function allows(order: Order, event: OrderEvent): boolean {
  try {
    applyOrderEvent(snapshotOf(order), event);
    return true;
  } catch {
    return false;
  }
}

/** Paid escrow orders with no operation in flight; the rest is the state machine's to say. */
function escrowReady({ order, escrowBusy }: OrderSituation): boolean {
  return order.flow === "ESCROW" && order.paymentId !== null && !escrowBusy;
}

/** The answer of an operation that was sent, with its audit entry completed by the wallet's outcome. */
async function escrowAnswer<N extends EscrowActionName>(
  ctx: ServiceContext,
  call: OrderActionCall<N>,
  audit: ReturnType<typeof auditedCreation>,
  result: EscrowResult,
): Promise<ActionAnswer<OrderActionBody>> {
  const wallet = walletOutcome(OUTCOME_OF_OPERATION[result.operation.status], result.operation.resultCode);
  await audit.complete(ctx, wallet.outcome, wallet.resultCode);
  return {
    status: result.state === "DONE" ? 200 : 202,
    body: {
      action: call.action,
      state: result.state,
      wallet,
      operation: result.operation,
      order: orderSummary(result.order),
    },
  };
}

async function performEscrowOperation<N extends EscrowActionName>(
  ctx: ServiceContext,
  call: OrderActionCall<N>,
  type: EscrowOperationType,
  amountFils: bigint | undefined,
): Promise<ActionAnswer<OrderActionBody>> {
  const audit = auditedCreation(call);
  try {
    const result = await requestEscrowOperation(ctx, call.orderId, {
      type,
      amountFils,
      requestedBy: `operator:${call.operator.id}`,
      onCreate: (tx, operation, order) =>
        audit.write(tx, {
          action: `order.${call.action}`,
          subjectType: "ESCROW_OPERATION",
          subjectId: operation.id,
          before: orderSummary(order),
          after: { operation: { id: operation.id, type: operation.type, amountFils: operation.amountFils } },
        }),
    });
    return await escrowAnswer(ctx, call, audit, result);
  } catch (error) {
    if (error instanceof WalletRejectedError) await audit.complete(ctx, "FAIL", error.resultCode);
    throw error;
  }
}

export const acceptAction: OrderActionDefinition<"accept"> = {
  name: "accept",
  permission: "escrow.act",
  offer: (situation) =>
    escrowReady(situation) && allows(situation.order, { type: "MERCHANT_ACCEPTED" })
      ? { action: "accept" }
      : null,
  perform: (ctx, call) => performEscrowOperation(ctx, call, "ACCEPT", undefined),
};

/** A cancel or void: sent at once within the operator's refund limits, else kept for approval. */
async function performEscrowReturn<N extends "cancel" | "void">(
  ctx: ServiceContext,
  call: OrderActionCall<N>,
  type: "CANCEL" | "VOID",
  amountFils: bigint | undefined,
): Promise<ActionAnswer<OrderActionBody>> {
  const audit = auditedCreation(call);
  try {
    const outcome = await returnEscrowOrAskApproval(ctx, call.orderId, {
      type,
      amountFils,
      operator: call.operator,
      onOperation: (tx, operation, order) =>
        audit.write(tx, {
          action: `order.${call.action}`,
          subjectType: "ESCROW_OPERATION",
          subjectId: operation.id,
          before: orderSummary(order),
          after: { operation: { id: operation.id, type: operation.type, amountFils: operation.amountFils } },
        }),
      onRequest: (tx, request, order) =>
        audit.write(tx, {
          action: `order.${call.action}-request`,
          subjectType: "REFUND_REQUEST",
          subjectId: request.id,
          before: orderSummary(order),
          after: { request: { id: request.id, kind: request.kind, amountFils: request.amountFils } },
        }),
    });
    if (outcome.kind === "request") {
      return {
        status: 202,
        body: {
          action: call.action,
          state: "AWAITING_APPROVAL",
          request: outcome.request,
          order: orderSummary(outcome.order),
        },
      };
    }
    return await escrowAnswer(ctx, call, audit, outcome.result);
  } catch (error) {
    if (error instanceof WalletRejectedError) await audit.complete(ctx, "FAIL", error.resultCode);
    throw error;
  }
}

export const cancelAction: OrderActionDefinition<"cancel"> = {
  name: "cancel",
  permission: "escrow.act",
  offer: (situation) =>
    escrowReady(situation) && allows(situation.order, { type: "CANCELLED" }) ? { action: "cancel" } : null,
  perform: (ctx, call) => performEscrowReturn(ctx, call, "CANCEL", undefined),
};

export const voidAction: OrderActionDefinition<"void"> = {
  name: "void",
  permission: "escrow.act",
  offer(situation): AvailableAction | null {
    const { order } = situation;
    const held = order.amountFils - order.voidedFils;
    const offered =
      escrowReady(situation) && held > 0n && allows(order, { type: "VOIDED", amountFils: held });
    return offered ? { action: "void", maxFils: held } : null;
  },
  // Left out, the amount is all that is still held (decided under the order's lock).
  perform: (ctx, call) => performEscrowReturn(ctx, call, "VOID", call.input.amount),
};
