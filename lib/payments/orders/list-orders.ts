import type { ServiceContext } from "@/lib/platform/context/service-context";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";

/** One order of the customer's own; another customer's order is "not found", never "forbidden". */
export async function getCustomerOrder(ctx: ServiceContext, customerId: string, orderId: string) {
  const order = await ctx.prisma.order.findFirst({
    where: { id: orderId, customerId },
    include: { items: true },
  });
  if (!order) throw new NotFoundError("No such order.");
  return order;
}

/** The customer's orders, newest first, by keyset pagination on the id (uuid v7 sorts by time). */
export async function listCustomerOrders(
  ctx: ServiceContext,
  customerId: string,
  options: { before?: string; limit: number },
) {
  return ctx.prisma.order.findMany({
    where: { customerId, ...(options.before ? { id: { lt: options.before } } : {}) },
    orderBy: { id: "desc" },
    take: options.limit,
    include: { items: true },
  });
}
