// Four eyes on refunds. An operator's role sets how much they refund on their own (per refund, and
// per Baghdad day); a refund above that becomes a refund request, which reserves the amount on the
// order at once (so two requests, or a request and a refund, cannot together exceed what was paid)
// and waits for another operator with refunds.approve. Only the approval calls the wallet, as the
// refund whose row id — and so whose refundRequestId — is the request's own: however often an
// approval is retried or raced, the wallet is asked once. A rejection (or the requester withdrawing
// it) releases the reservation.
// Escrow cancels and voids give money back too and are held to the same limits
// (lib/payments/escrow/return-escrow.ts): above them they wait here as requests of kind CANCEL or
// VOID, approved the same way; the approval sends the escrow operation with the request's id.
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import { lockOrder } from "@/lib/payments/orders/lock-order";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type {
  EscrowOperation,
  Order,
  Prisma,
  Refund,
  RefundRequest,
  RefundRequestKind,
} from "@/lib/platform/db";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/platform/errors/domain-errors";
import { sendEscrowOperation, storeEscrowOperation } from "../escrow/escrow-operations";
import { actorOf, lockRefundLimits, overRefundLimits } from "./refund-limits";
import { type NewRefund, reserveRefund, sendRefund, storeRefund } from "./request-refund";

interface AuditedChange {
  action: string;
  subjectType: "REFUND" | "REFUND_REQUEST";
  subjectId: string;
  before?: unknown;
  after?: unknown;
}

/** Writes the operator's audit entry; `order` is the order as it was before the change. */
type Audit = (tx: Prisma.TransactionClient, change: AuditedChange, order: Order) => Promise<unknown>;

export interface RefundAsk {
  amountFils: bigint;
  reason?: string | undefined;
  operator: Pick<OperatorIdentity, "id" | "refundLimits">;
  /** Writes the operator's audit entry in the transaction that stores the refund or the request. */
  audit: Audit;
}

export type RefundOutcome = { kind: "refund"; refund: Refund } | { kind: "request"; request: RefundRequest };

/**
 * Refunds at once when the amount is within the operator's limits, otherwise stores a request for
 * approval. The operator's own refunds are counted under a lock of their own, so two refunds sent
 * at the same moment cannot both slip under the daily limit.
 */
export async function refundOrAskApproval(
  ctx: ServiceContext,
  orderId: string,
  ask: RefundAsk,
): Promise<RefundOutcome> {
  const outcome = await ctx.prisma.$transaction(async (tx): Promise<RefundOutcome> => {
    await lockRefundLimits(tx, ask.operator.id);
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFoundError("No such order.");
    reserveRefund(order, ask.amountFils);
    await tx.order.update({ where: { id: order.id }, data: { refundedFils: { increment: ask.amountFils } } });
    const over = await overRefundLimits(ctx, tx, ask);
    if (!over) {
      const refund = await storeRefund(ctx, tx, order, refundOf(ask));
      await ask.audit(
        tx,
        {
          action: "order.refund",
          subjectType: "REFUND",
          subjectId: refund.id,
          after: { refund: { id: refund.id, amountFils: refund.amountFils, reason: refund.reason } },
        },
        order,
      );
      return { kind: "refund", refund };
    }
    const request = await tx.refundRequest.create({
      data: {
        orderId: order.id,
        amountFils: ask.amountFils,
        reason: ask.reason ?? null,
        requestedBy: actorOf(ask.operator.id),
      },
    });
    await tx.orderEvent.create({
      data: {
        orderId: order.id,
        type: "REFUND_APPROVAL_REQUESTED",
        actor: request.requestedBy,
        detail: { refundRequestId: request.id, amountFils: request.amountFils.toString(), limit: over },
      },
    });
    await ask.audit(
      tx,
      {
        action: "order.refund-request",
        subjectType: "REFUND_REQUEST",
        subjectId: request.id,
        after: {
          request: { id: request.id, amountFils: request.amountFils, reason: request.reason, limit: over },
        },
      },
      order,
    );
    return { kind: "request", request };
  });
  if (outcome.kind === "refund") return { kind: "refund", refund: await sendRefund(ctx, outcome.refund) };
  return outcome;
}

function refundOf(ask: RefundAsk): NewRefund {
  return { amountFils: ask.amountFils, reason: ask.reason, requestedBy: actorOf(ask.operator.id) };
}

/** Locks a request still waiting, or says why it cannot be decided. */
async function lockPending(tx: Prisma.TransactionClient, requestId: string): Promise<RefundRequest> {
  const [locked] = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM refund_requests WHERE id = ${requestId} FOR UPDATE`;
  if (!locked) throw new NotFoundError("No such refund request.");
  const request = await tx.refundRequest.findUniqueOrThrow({ where: { id: requestId } });
  if (request.status !== "PENDING") {
    throw new ConflictError(
      `This refund request was already ${request.status === "APPROVED" ? "approved" : "rejected"}.`,
      {
        status: request.status,
        decidedBy: request.decidedBy,
      },
    );
  }
  return request;
}

async function lockedOrderOf(tx: Prisma.TransactionClient, request: RefundRequest): Promise<Order> {
  const order = await lockOrder(tx, request.orderId);
  if (!order) throw new NotFoundError("No such order.");
  return order;
}

export interface Decision {
  operator: Pick<OperatorIdentity, "id">;
  note?: string | undefined;
  audit: Audit;
}

/** What a request sends once approved: its refund, or its escrow cancel or void. */
type Approved = { refund: Refund; operation?: never } | { operation: EscrowOperation; refund?: never };

const WHAT: Record<RefundRequestKind, string> = { REFUND: "refund", CANCEL: "cancel", VOID: "void" };

/**
 * Stores what the approved request sends, under the request's own id (so however often an
 * approval is retried or raced, the wallet is asked once). A refund's amount was reserved when the
 * request was made; a cancel or void is checked against the order as it is now.
 */
async function storeApproved(
  ctx: ServiceContext,
  tx: Prisma.TransactionClient,
  order: Order,
  pending: RefundRequest,
): Promise<Approved> {
  if (pending.kind === "REFUND") {
    const refund = await storeRefund(
      ctx,
      tx,
      order,
      {
        amountFils: pending.amountFils,
        reason: pending.reason ?? undefined,
        requestedBy: pending.requestedBy,
      },
      pending.id,
    );
    return { refund };
  }
  const operation = await storeEscrowOperation(
    tx,
    order,
    { type: pending.kind, amountFils: pending.amountFils, requestedBy: pending.requestedBy },
    pending.id,
  );
  return { operation };
}

/**
 * Approves a request and sends its refund, cancel or void. Whoever asked cannot approve it (the
 * database refuses it too); a second approval, concurrent or later, finds it decided and is
 * refused (409).
 */
export async function approveRefundRequest(ctx: ServiceContext, requestId: string, decision: Decision) {
  const { request, approved } = await ctx.prisma.$transaction(async (tx) => {
    const pending = await lockPending(tx, requestId);
    if (pending.requestedBy === actorOf(decision.operator.id)) {
      throw new ForbiddenError(`You asked for this ${WHAT[pending.kind]}: another operator must approve it.`);
    }
    const order = await lockedOrderOf(tx, pending);
    const approved = await storeApproved(ctx, tx, order, pending);
    const request = await tx.refundRequest.update({
      where: { id: pending.id },
      data: {
        status: "APPROVED",
        decidedBy: actorOf(decision.operator.id),
        decidedAt: ctx.now(),
        decisionNote: decision.note ?? null,
        refundId: approved.refund?.id ?? null,
      },
    });
    await tx.orderEvent.create({
      data: {
        orderId: order.id,
        type: "REFUND_APPROVED",
        actor: actorOf(decision.operator.id),
        detail: {
          refundRequestId: request.id,
          kind: request.kind,
          ...(approved.refund ? { refundId: approved.refund.id } : { operationId: approved.operation.id }),
          requestedBy: request.requestedBy,
          amountFils: request.amountFils.toString(),
        },
      },
    });
    const change = {
      subjectType: "REFUND_REQUEST" as const,
      subjectId: request.id,
      before: pending,
      after: request,
    };
    await decision.audit(tx, { action: "refund-request.approve", ...change }, order);
    return { request, approved };
  });
  if (approved.refund) return { request, refund: await sendRefund(ctx, approved.refund) };
  return { request, operation: (await sendEscrowOperation(ctx, approved.operation)).operation };
}

/**
 * Rejects a request, or withdraws it when its requester asks; the reserved amount is refundable
 * again at once.
 */
export async function rejectRefundRequest(
  ctx: ServiceContext,
  requestId: string,
  decision: Decision & { mayApprove: boolean },
) {
  return ctx.prisma.$transaction(async (tx) => {
    const pending = await lockPending(tx, requestId);
    const own = pending.requestedBy === actorOf(decision.operator.id);
    if (!own && !decision.mayApprove) {
      throw new ForbiddenError("Only its requester or an operator who approves refunds can reject it.");
    }
    const order = await lockedOrderOf(tx, pending);
    // Only a refund request reserved its amount on the order; a cancel or void reserved nothing.
    if (pending.kind === "REFUND") {
      await tx.order.update({
        where: { id: order.id },
        data: { refundedFils: { decrement: pending.amountFils } },
      });
    }
    const request = await tx.refundRequest.update({
      where: { id: pending.id },
      data: {
        status: "REJECTED",
        decidedBy: actorOf(decision.operator.id),
        decidedAt: ctx.now(),
        decisionNote: decision.note ?? null,
      },
    });
    await tx.orderEvent.create({
      data: {
        orderId: order.id,
        type: own ? "REFUND_REQUEST_WITHDRAWN" : "REFUND_REJECTED",
        actor: actorOf(decision.operator.id),
        detail: {
          refundRequestId: request.id,
          amountFils: request.amountFils.toString(),
          note: request.decisionNote,
        },
      },
    });
    await decision.audit(
      tx,
      {
        action: "refund-request.reject",
        subjectType: "REFUND_REQUEST",
        subjectId: request.id,
        before: pending,
        after: request,
      },
      order,
    );
    return request;
  });
}

/** Requests waiting for a decision, oldest first (the Approvals page), with their order's amount. */
export function pendingRefundRequests(ctx: Pick<ServiceContext, "prisma">, limit = 100) {
  return ctx.prisma.refundRequest.findMany({
    where: { status: "PENDING" },
    orderBy: { createdAt: "asc" },
    take: limit,
    include: {
      order: {
        select: { id: true, amountFils: true, refundedFils: true, paymentRequestId: true, customerId: true },
      },
    },
  });
}
