// The Approvals page's read model: refund requests waiting for a second operator, oldest first, each
// with its customer's name for those allowed to see it (customers.personal-data); and the requests
// this operator decided in the last hours with what became of the refund (or escrow cancel or void)
// each approval sent, so the
// approver sees the wallet's answer after the request leaves the waiting list. The dashboard's
// "Needs attention" counts the waiting ones.

import { personOf } from "@/lib/customers/person";
import { can, type Permission } from "@/lib/operators/roles/permissions";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { OperationStatus } from "@/lib/platform/db";

/** How long a decision stays on its decider's Approvals page. */
const RECENT_MS = 12 * 3_600_000;
const LIMIT = 100;

const ORDER = {
  select: { id: true, amountFils: true, customer: { select: { profile: true } } },
} as const;

interface Viewer {
  id: string;
  permissions: readonly Permission[];
}

export async function approvalsList(ctx: Pick<ServiceContext, "prisma" | "now">, viewer: Viewer) {
  const withPeople = can(viewer, "customers.personal-data");
  const since = new Date(ctx.now().getTime() - RECENT_MS);
  const [waiting, decided] = await Promise.all([
    ctx.prisma.refundRequest.findMany({
      where: { status: "PENDING" },
      orderBy: { createdAt: "asc" },
      take: LIMIT,
      include: { order: ORDER },
    }),
    ctx.prisma.refundRequest.findMany({
      where: {
        status: { in: ["APPROVED", "REJECTED"] },
        decidedBy: `operator:${viewer.id}`,
        decidedAt: { gte: since },
      },
      orderBy: { decidedAt: "desc" },
      take: LIMIT,
      include: { order: ORDER, refund: true },
    }),
  ]);
  const customerOf = (order: { customer: { profile: unknown } }) =>
    withPeople ? personOf(order.customer.profile).name : null;
  // An approved cancel or void is the escrow operation with the request's own id.
  const escrowIds = decided.filter((request) => request.kind !== "REFUND").map((request) => request.id);
  const operations = escrowIds.length
    ? await ctx.prisma.escrowOperation.findMany({
        where: { id: { in: escrowIds } },
        select: { id: true, status: true, resultCode: true },
      })
    : [];
  const operationOf = new Map(operations.map((operation) => [operation.id, operation]));
  return {
    waiting: waiting.map(({ order, ...request }) => ({
      ...request,
      order: { id: order.id, amountFils: order.amountFils },
      customerName: customerOf(order),
    })),
    decided: decided.map(({ order, refund, ...request }) => ({
      ...request,
      order: { id: order.id, amountFils: order.amountFils },
      customerName: customerOf(order),
      /** What the wallet made of it: the refund, or the escrow operation; null when nothing was sent. */
      sent: refund
        ? { kind: "refund" as const, status: refund.status, resultCode: refund.resultCode }
        : operationSent(operationOf.get(request.id)),
    })),
  };
}

function operationSent(operation: { status: OperationStatus; resultCode: string | null } | undefined) {
  return operation
    ? { kind: "operation" as const, status: operation.status, resultCode: operation.resultCode }
    : null;
}

/** How many refund requests wait for approval, and the oldest few, for the dashboard. */
export async function waitingApprovals(ctx: Pick<ServiceContext, "prisma">, shown = 5) {
  const [count, requests] = await Promise.all([
    ctx.prisma.refundRequest.count({ where: { status: "PENDING" } }),
    ctx.prisma.refundRequest.findMany({
      where: { status: "PENDING" },
      orderBy: { createdAt: "asc" },
      take: shown,
      select: { id: true, orderId: true, amountFils: true, createdAt: true },
    }),
  ]);
  return { count, requests };
}
