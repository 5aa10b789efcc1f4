// Reading one order on the busiest paths (a notification names its paymentRequestId; a reconcile job
// its id), hand-written so the read costs a statement and not Prisma's query runtime as well
// (lib/platform/db/run-sql.ts). Returns the same Order Prisma would.
import { type Order, Prisma, type PrismaClient } from "@/lib/platform/db";
import { queryRows } from "@/lib/platform/db/run-sql";
import { ORDER_COLUMNS } from "./order-columns";

export type OrderKey = { id: string } | { paymentRequestId: string };

export async function findOrder(prisma: PrismaClient, key: OrderKey): Promise<Order | null> {
  // Both columns are unique; the name is one of these two literals, the value a parameter.
  const [column, value] = "id" in key ? ["id", key.id] : ["payment_request_id", key.paymentRequestId];
  const [order] = await queryRows<Order>(
    prisma,
    Prisma.sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE ${Prisma.raw(column)} = ${value}::text`,
    { prepared: true },
  );
  return order ?? null;
}
