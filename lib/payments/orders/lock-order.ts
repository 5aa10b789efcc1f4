import type { Order, Prisma } from "@/lib/platform/db";

/**
 * Reads an order under a row lock for the rest of the transaction: every decision about the order's
 * money (refund headroom, one escrow operation at a time) is made by one writer at a time.
 */
export async function lockOrder(tx: Prisma.TransactionClient, orderId: string): Promise<Order | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM orders WHERE id = ${orderId} FOR UPDATE`;
  if (locked.length === 0) return null;
  return tx.order.findUnique({ where: { id: orderId } });
}
