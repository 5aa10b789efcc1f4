// Four eyes on refunds. An operator's role sets how much they refund on their own (per refund, and
// per Baghdad day); a refund above that becomes a refund request, which reserves the amount on the
// order at once (so two requests, or a request and a refund, cannot together exceed what was paid)
// and waits for another operator with refunds.approve. Only the approval calls the wallet, as the
// refund whose row id — and so whose refundRequestId — is the request's own: however often an
// approval is retried or raced, the wallet is asked once. A rejection (or the requester withdrawing
// it) releases the reservation.
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import { lockOrder } from "@/lib/payments/orders/lock-order";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Order, Prisma, Refund, RefundRequest } from "@/lib/platform/db";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/platform/errors/domain-errors";
import { baghdadMidnight } from "@/lib/platform/time/baghdad-day";
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

const actorOf = (operatorId: string) => `operator:${operatorId}`;

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
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`refund-limit:${ask.operator.id}`}))`;
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFoundError("No such order.");
    reserveRefund(order, ask.amountFils);
    await tx.order.update({ where: { id: order.id }, data: { refundedFils: { increment: ask.amountFils } } });
    const over = await overLimit(ctx, tx, ask);
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

/** Which of the operator's limits the refund would pass, if any. */
async function overLimit(
  ctx: ServiceContext,
  tx: Prisma.TransactionClient,
  ask: RefundAsk,
): Promise<"PER_REFUND" | "PER_DAY" | null> {
  const { perRefundFils, perDayFils } = ask.operator.refundLimits;
  if (perRefundFils !== null && ask.amountFils > perRefundFils) return "PER_REFUND";
  if (perDayFils === null) return null;
  // What they refunded on their own today: failed refunds moved no money; approved ones were
  // another operator's decision.
  const today = await tx.refund.aggregate({
    _sum: { amountFils: true },
    where: {
      requestedBy: actorOf(ask.operator.id),
      createdAt: { gte: baghdadMidnight(ctx.now()) },
      status: { not: "FAIL" },
      request: null,
    },
  });
  return (today._sum.amountFils ?? 0n) + ask.amountFils > perDayFils ? "PER_DAY" : null;
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

/**
 * Approves a request and sends its refund. Whoever asked cannot approve it (the database refuses it
 * too); a second approval, concurrent or later, finds it decided and is refused (409).
 */
export async function approveRefundRequest(ctx: ServiceContext, requestId: string, decision: Decision) {
  const { request, refund } = await ctx.prisma.$transaction(async (tx) => {
    const pending = await lockPending(tx, requestId);
    if (pending.requestedBy === actorOf(decision.operator.id)) {
      throw new ForbiddenError("You asked for this refund: another operator must approve it.");
    }
    const order = await lockedOrderOf(tx, pending);
    // The amount was reserved when the request was made; the refund takes the request's id.
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
    const request = await tx.refundRequest.update({
      where: { id: pending.id },
      data: {
        status: "APPROVED",
        decidedBy: actorOf(decision.operator.id),
        decidedAt: ctx.now(),
        decisionNote: decision.note ?? null,
        refundId: refund.id,
      },
    });
    await tx.orderEvent.create({
      data: {
        orderId: order.id,
        type: "REFUND_APPROVED",
        actor: actorOf(decision.operator.id),
        detail: {
          refundRequestId: request.id,
          refundId: refund.id,
          requestedBy: request.requestedBy,
          amountFils: request.amountFils.toString(),
        },
      },
    });
    await decision.audit(
      tx,
      {
        action: "refund-request.approve",
        subjectType: "REFUND_REQUEST",
        subjectId: request.id,
        before: pending,
        after: request,
      },
      order,
    );
    return { request, refund };
  });
  return { request, refund: await sendRefund(ctx, refund) };
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
    await tx.order.update({
      where: { id: order.id },
      data: { refundedFils: { decrement: pending.amountFils } },
    });
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
