// The operators' order list: filters, the search box, and keyset pagination on (createdAt, id),
// newest first — every page, however deep, is an index range scan (orders_created_at_id_idx and its
// status / customer / needs-attention siblings), never an OFFSET over a million rows.
import type { Prisma, PrismaClient } from "@/lib/db";
import { afterCursor, pageOf } from "../keyset";
import type { OrderListQuery } from "../request-schemas";
import { recognizeSearch, type SearchMatch } from "./order-search";

/** Iraq has no daylight saving: Baghdad is UTC+3 all year. */
const BAGHDAD_OFFSET = "+03:00";

export function baghdadDayStart(date: string): Date {
  return new Date(`${date}T00:00:00.000${BAGHDAD_OFFSET}`);
}

/** The filters as a Prisma where, plus what the search box matched (shown to the operator). */
async function orderFilter(prisma: PrismaClient, query: OrderListQuery) {
  const and: Prisma.OrderWhereInput[] = [];
  let match: SearchMatch | undefined;
  if (query.q?.trim()) {
    match = await recognizeSearch(prisma, query.q);
    if (match.kind === "order") and.push({ id: match.orderId });
    else if (match.kind === "customer") and.push({ customerId: match.customerId });
    else and.push({ id: { in: [] } });
  }
  if (query.status?.length) and.push({ status: { in: query.status } });
  if (query.flow) and.push({ flow: query.flow });
  if (query.customerId) and.push({ customerId: query.customerId });
  if (query.attention !== undefined) and.push({ needsAttention: query.attention });
  if (query.from) and.push({ createdAt: { gte: baghdadDayStart(query.from) } });
  if (query.to) {
    const end = baghdadDayStart(query.to);
    end.setUTCDate(end.getUTCDate() + 1);
    and.push({ createdAt: { lt: end } });
  }
  if (query.minAmount !== undefined) and.push({ amountFils: { gte: query.minAmount } });
  if (query.maxAmount !== undefined) and.push({ amountFils: { lte: query.maxAmount } });
  return { where: { AND: and } satisfies Prisma.OrderWhereInput, match };
}

export const ORDER_LIST_COLUMNS = {
  id: true,
  createdAt: true,
  customerId: true,
  flow: true,
  status: true,
  amountFils: true,
  currency: true,
  refundedFils: true,
  voidedFils: true,
  paymentId: true,
  paymentRequestId: true,
  paidAt: true,
  needsAttention: true,
  attentionReason: true,
} satisfies Prisma.OrderSelect;

export type OrderListRow = Prisma.OrderGetPayload<{ select: typeof ORDER_LIST_COLUMNS }>;

export async function listOrders(prisma: PrismaClient, query: OrderListQuery) {
  const { where, match } = await orderFilter(prisma, query);
  const rows = await prisma.order.findMany({
    where: { AND: [where, afterCursor("createdAt", query.after)] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    select: ORDER_LIST_COLUMNS,
  });
  const { rows: orders, nextCursor } = pageOf(rows, query.limit, (row) => row.createdAt);
  return { orders, nextCursor, match };
}
