// Everything an operator needs on one order's page, built once for the page and the API: the order
// and its lines, its customer (never their tokens), its refunds and escrow operations, the money
// (captured − refunded − pending = refundable), the actions that fit its state and what the
// operator may do, its timeline, the refund requests waiting for approval, and its domain events with where each was delivered (lib/events).

import { personOf } from "@/lib/customers/person";
import { can, type Permission } from "@/lib/operators/roles/permissions";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";
import { eventsOfOrder } from "../event-deliveries";
import { CUSTOMER_SUMMARY } from "../list-customers";
import { availableActions } from "./actions/order-action-table";
import { orderMoney } from "./order-money";
import { orderTimeline } from "./order-timeline";

export type OrderDetail = Awaited<ReturnType<typeof getOrderDetail>>;

export async function getOrderDetail(
  ctx: ServiceContext,
  orderId: string,
  holder: { permissions: readonly Permission[] },
) {
  const [order, timeline, events] = await Promise.all([
    ctx.prisma.order.findUnique({
      where: { id: orderId },
      include: {
        items: true,
        customer: { select: { ...CUSTOMER_SUMMARY, profile: true } },
        refunds: { orderBy: { createdAt: "asc" } },
        refundRequests: { orderBy: { createdAt: "asc" } },
        escrowOperations: { orderBy: { createdAt: "asc" } },
      },
    }),
    orderTimeline(ctx, orderId),
    eventsOfOrder(ctx, orderId),
  ]);
  if (!order) throw new NotFoundError("No such order.");
  const { profile, ...customer } = order.customer;
  const person = can(holder, "customers.personal-data") ? personOf(profile) : undefined;
  const money = orderMoney(order, order.refunds, order.refundRequests);
  const actions = availableActions(
    order,
    { operations: order.escrowOperations, refunds: order.refunds, money, requests: order.refundRequests },
    holder,
  );
  return { order: { ...order, customer }, person, money, actions, timeline, events };
}
