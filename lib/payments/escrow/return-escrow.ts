// An operator's escrow cancel or void: both give held money back to the customer, as a refund gives
// captured money back, so both are held to the same refund limits (lib/payments/refunds/
// refund-limits.ts) — a cancel for the order's amount, a void for its own. Within the limits the
// operation is sent at once; above them it waits as a refund request of kind CANCEL or VOID for
// another operator's approval (lib/payments/refunds/refund-requests.ts), which sends it, once, as
// the escrow operation with the request's id.
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import { lockOrder } from "@/lib/payments/orders/lock-order";
import { applyOrderEvent } from "@/lib/payments/orders/order-state";
import { snapshotOf } from "@/lib/payments/orders/transition-order";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { EscrowOperation, Order, Prisma, RefundRequest } from "@/lib/platform/db";
import { BusinessRuleError, NotFoundError, StateInvalidError } from "@/lib/platform/errors/domain-errors";
import { actorOf, lockRefundLimits, overRefundLimits } from "../refunds/refund-limits";
import {
  type EscrowResult,
  eventOfEscrow,
  sendEscrowOperation,
  storeEscrowOperation,
} from "./escrow-operations";

export interface EscrowReturnAsk {
  type: "CANCEL" | "VOID";
  /** Void only: fils to give back; left out, everything still held. */
  amountFils?: bigint | undefined;
  operator: Pick<OperatorIdentity, "id" | "refundLimits">;
  /** The operator's audit entry, written in the transaction that stores the operation or request. */
  onOperation: (tx: Prisma.TransactionClient, operation: EscrowOperation, order: Order) => Promise<unknown>;
  onRequest: (tx: Prisma.TransactionClient, request: RefundRequest, order: Order) => Promise<unknown>;
}

export type EscrowReturnOutcome =
  | { kind: "operation"; result: EscrowResult }
  | { kind: "request"; request: RefundRequest; order: Order };

/** What a cancel or void of `order` gives back: a cancel, all that is held; a void, its amount. */
function amountReturned(order: Order, ask: Pick<EscrowReturnAsk, "type" | "amountFils">): bigint {
  const held = order.amountFils - order.voidedFils;
  return ask.type === "VOID" ? (ask.amountFils ?? held) : held;
}

/** A cancel or void waiting for approval, if the order has one: the wallet would run them one at a time. */
async function pendingEscrowRequest(tx: Prisma.TransactionClient, orderId: string) {
  return tx.refundRequest.findFirst({
    where: { orderId, status: "PENDING", kind: { in: ["CANCEL", "VOID"] } },
  });
}

/** Checks what the escrow service would, before a request is kept: a request that can never be sent is refused now. */
async function assertReturnable(
  tx: Prisma.TransactionClient,
  order: Order,
  ask: EscrowReturnAsk,
  amount: bigint,
) {
  if (order.flow !== "ESCROW") {
    throw new BusinessRuleError("ORDER_UNSUPPORTED_OPERATION", "Only escrow orders have cancel and void.");
  }
  applyOrderEvent(snapshotOf(order), eventOfEscrow(ask.type, amount));
  if (!order.paymentId) throw new StateInvalidError("The order has no wallet payment yet.");
  const waiting = await pendingEscrowRequest(tx, order.id);
  if (waiting) {
    throw new StateInvalidError(
      `A ${waiting.kind.toLowerCase()} of this order is waiting for approval.`,
      { refundRequestId: waiting.id },
      "OPERATION_IN_PROGRESS",
    );
  }
}

export async function returnEscrowOrAskApproval(
  ctx: ServiceContext,
  orderId: string,
  ask: EscrowReturnAsk,
): Promise<EscrowReturnOutcome> {
  const stored = await ctx.prisma.$transaction(async (tx) => {
    await lockRefundLimits(tx, ask.operator.id);
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFoundError("No such order.");
    const amountFils = amountReturned(order, ask);
    await assertReturnable(tx, order, ask, amountFils);
    const over = await overRefundLimits(ctx, tx, { amountFils, operator: ask.operator });
    const requestedBy = actorOf(ask.operator.id);
    if (!over) {
      const operation = await storeEscrowOperation(tx, order, { type: ask.type, amountFils, requestedBy });
      await ask.onOperation(tx, operation, order);
      return { kind: "operation" as const, operation };
    }
    const request = await tx.refundRequest.create({
      data: { orderId: order.id, kind: ask.type, amountFils, requestedBy },
    });
    await tx.orderEvent.create({
      data: {
        orderId: order.id,
        type: "REFUND_APPROVAL_REQUESTED",
        actor: requestedBy,
        detail: {
          refundRequestId: request.id,
          kind: ask.type,
          amountFils: amountFils.toString(),
          limit: over,
        },
      },
    });
    await ask.onRequest(tx, request, order);
    return { kind: "request" as const, request, order };
  });
  if (stored.kind === "request") return stored;
  return { kind: "operation", result: await sendEscrowOperation(ctx, stored.operation) };
}
