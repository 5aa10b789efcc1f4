// Everything an operator needs on one order's page: the order and its lines, its customer (never
// their tokens), its refunds and escrow operations, the money (captured − refunded − pending =
// refundable) and the actions that fit its state and the operator's role.
import type { OperatorRole } from "@/lib/db";
import { NotFoundError } from "@/lib/errors/domain-errors";
import type { ServiceContext } from "@/lib/services/context";
import { CUSTOMER_SUMMARY } from "../list-customers";
import { availableActions } from "./available-actions";
import { orderMoney } from "./order-money";

export async function getOrderDetail(ctx: ServiceContext, orderId: string, role: OperatorRole) {
  const order = await ctx.prisma.order.findUnique({
    where: { id: orderId },
    include: {
      items: true,
      customer: { select: CUSTOMER_SUMMARY },
      refunds: { orderBy: { createdAt: "asc" } },
      escrowOperations: { orderBy: { createdAt: "asc" } },
    },
  });
  if (!order) throw new NotFoundError("No such order.");
  const money = orderMoney(order, order.refunds);
  const actions = availableActions(
    order,
    { operations: order.escrowOperations, refunds: order.refunds, money },
    role,
  );
  return { order, money, actions };
}
