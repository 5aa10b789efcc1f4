// What an operator types in the one search box, recognised by its shape (each is an exact lookup on
// a unique or indexed column, so a search is instant at any size):
//   pay_…            our paymentRequestId (else, as below: a wallet's paymentId may look the same)
//   a UUID           an order id, or else a customer id (all their orders)
//   anything else    a wallet paymentId, or else a wallet customerId (all that customer's orders)
import type { PrismaClient } from "@/lib/db";
import { isRowId } from "@/lib/ids/request-ids";

export type SearchMatch =
  | { kind: "order"; orderId: string; by: "paymentRequestId" | "orderId" | "paymentId" }
  | { kind: "customer"; customerId: string; by: "customerId" | "walletCustomerId" }
  | { kind: "none" };

export async function recognizeSearch(prisma: PrismaClient, text: string): Promise<SearchMatch> {
  const query = text.trim();
  if (!query) return { kind: "none" };
  if (query.startsWith("pay_")) {
    const order = await prisma.order.findUnique({ where: { paymentRequestId: query }, select: { id: true } });
    if (order) return { kind: "order", orderId: order.id, by: "paymentRequestId" };
  }
  if (isRowId(query)) {
    const id = query.toLowerCase();
    const order = await prisma.order.findUnique({ where: { id }, select: { id: true } });
    if (order) return { kind: "order", orderId: order.id, by: "orderId" };
    const customer = await prisma.customer.findUnique({ where: { id }, select: { id: true } });
    return customer ? { kind: "customer", customerId: customer.id, by: "customerId" } : { kind: "none" };
  }
  const order = await prisma.order.findUnique({ where: { paymentId: query }, select: { id: true } });
  if (order) return { kind: "order", orderId: order.id, by: "paymentId" };
  const customer = await prisma.customer.findUnique({
    where: { walletCustomerId: query },
    select: { id: true },
  });
  return customer ? { kind: "customer", customerId: customer.id, by: "walletCustomerId" } : { kind: "none" };
}
