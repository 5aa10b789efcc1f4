// The operators' order list: filters, the search box, and keyset pagination on (createdAt, id),
// newest first — every page, however deep, is an index range scan (orders_created_at_id_idx and its
// status / customer / needs-attention siblings), never an OFFSET over a million rows.
import { type Person, personOf } from "@/lib/customers/person";
import { unconfirmedRefundFils } from "@/lib/payments/refunds/refund-figures";
import type { Prisma, PrismaClient } from "@/lib/platform/db";
import { afterCursor, pageOf } from "@/lib/platform/db/keyset";
import { baghdadDayStart } from "@/lib/platform/time/baghdad-day";
import { type MoneyRange, ordersOfFigure } from "../money-figures";
import type { OrderListQuery } from "../request-schemas";
import { recognizeSearch, type SearchMatch, type SearchScope } from "./order-search";

/** Iraq has no daylight saving: Baghdad is UTC+3 all year. */

/** The days from `from` to `to` (inclusive, in Baghdad) as instants; open ends reach as far as need be. */
export function dayRange(query: { from?: string | undefined; to?: string | undefined }): MoneyRange {
  const from = query.from ? baghdadDayStart(query.from) : new Date(0);
  const to = query.to ? baghdadDayStart(query.to) : new Date("9999-12-31T00:00:00Z");
  if (query.to) to.setUTCDate(to.getUTCDate() + 1);
  return { from, to };
}

/** The orders a search match stands for. */
function whereOfMatch(match: SearchMatch): Prisma.OrderWhereInput {
  switch (match.kind) {
    case "order":
      return { id: match.orderId };
    case "customer":
      return { customerId: match.customerId };
    case "orders":
      return { id: { in: match.orderIds } };
    case "amount":
      return { amountFils: match.amountFils };
    case "customers":
      return { customerId: { in: match.customerIds } };
    case "none":
      return { id: { in: [] } };
  }
}

/** The filters as a Prisma where, plus what the search box matched (shown to the operator). */
async function orderFilter(prisma: PrismaClient, query: OrderListQuery, scope: SearchScope) {
  const and: Prisma.OrderWhereInput[] = [];
  let match: SearchMatch | undefined;
  if (query.q?.trim()) {
    match = await recognizeSearch(prisma, query.q, scope);
    and.push(whereOfMatch(match));
  }
  if (query.status?.length) and.push({ status: { in: query.status } });
  if (query.flow) and.push({ flow: query.flow });
  if (query.customerId) and.push({ customerId: query.customerId });
  if (query.attention !== undefined) and.push({ needsAttention: query.attention });
  if (query.refunded !== undefined) and.push({ confirmedRefundFils: query.refunded ? { gt: 0n } : 0n });
  if (query.money) and.push(ordersOfFigure(query.money, dayRange(query)));
  else {
    if (query.from) and.push({ createdAt: { gte: baghdadDayStart(query.from) } });
    if (query.to) and.push({ createdAt: { lt: dayRange(query).to } });
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
  confirmedRefundFils: true,
  voidedFils: true,
  paymentId: true,
  paymentRequestId: true,
  paidAt: true,
  needsAttention: true,
  attentionReason: true,
  attentionFlag: true,
} satisfies Prisma.OrderSelect;

/** An order as lists read it (the dashboard's attention lists too). */
export type OrderListColumns = Prisma.OrderGetPayload<{ select: typeof ORDER_LIST_COLUMNS }>;

/** A row of the list: the order, and its refunds not yet confirmed, each figure by its own name. */
export type OrderListRow = OrderListColumns & {
  refundAwaitingApprovalFils: bigint;
  refundInFlightFils: bigint;
};

/**
 * Splits each row's unconfirmed refunds (reserved − confirmed) into awaiting approval and in flight,
 * with one indexed read of the page's pending refund requests, and only when a row has any.
 */
async function withUnconfirmedRefunds(
  prisma: PrismaClient,
  rows: OrderListColumns[],
): Promise<OrderListRow[]> {
  const open = rows.filter((row) => unconfirmedRefundFils(row) > 0n).map((row) => row.id);
  const requests =
    open.length === 0
      ? []
      : await prisma.refundRequest.groupBy({
          by: ["orderId"],
          where: { orderId: { in: open }, status: "PENDING", kind: "REFUND" },
          _sum: { amountFils: true },
        });
  const awaiting = new Map(requests.map((row) => [row.orderId, row._sum.amountFils ?? 0n]));
  return rows.map((row) => {
    const awaitingFils = awaiting.get(row.id) ?? 0n;
    return {
      ...row,
      refundAwaitingApprovalFils: awaitingFils,
      refundInFlightFils: unconfirmedRefundFils(row) - awaitingFils,
    };
  });
}

/**
 * A page of the list. `withPeople`, for an operator allowed to see personal data: each row carries
 * its customer as a person (name, masked phone; one more indexed read for the page's customers), and
 * the search box finds customers by name and phone. Without it the search matches ids, amounts and
 * order fields only.
 */
export async function listOrders(
  prisma: PrismaClient,
  query: OrderListQuery,
  options: { withPeople?: boolean } = {},
): Promise<{
  orders: (OrderListRow & { person?: Person | undefined })[];
  nextCursor: string | null;
  match: SearchMatch | undefined;
}> {
  const { where, match } = await orderFilter(prisma, query, { people: options.withPeople ?? false });
  const page = { where: { AND: [where, afterCursor("createdAt", query.after)] }, take: query.limit + 1 };
  const rows =
    match?.kind === "customers"
      ? await pageOfCustomers(prisma, page)
      : await prisma.order.findMany({ ...page, orderBy: NEWEST_FIRST, select: ORDER_LIST_COLUMNS });
  const paged = pageOf(rows, query.limit, (row) => row.createdAt);
  const { nextCursor } = paged;
  const orders = await withUnconfirmedRefunds(prisma, paged.rows);
  if (!options.withPeople) return { orders, nextCursor, match };
  const people = await peopleOf(
    prisma,
    orders.map((order) => order.customerId),
  );
  return {
    orders: orders.map((order) => ({ ...order, person: people.get(order.customerId) })),
    nextCursor,
    match,
  };
}

const NEWEST_FIRST: Prisma.OrderOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

/**
 * The page for a name or phone that fits many customers, in two steps: their orders' ids and times
 * first (an index-only scan of (customer_id, created_at, id) per customer, then the newest), then
 * those rows. In one query the planner walks every order newest first, filtering by customer.
 */
async function pageOfCustomers(prisma: PrismaClient, page: { where: Prisma.OrderWhereInput; take: number }) {
  const ids = await prisma.order.findMany({ ...page, orderBy: NEWEST_FIRST, select: { id: true } });
  const rows = await prisma.order.findMany({
    where: { id: { in: ids.map((row) => row.id) } },
    orderBy: NEWEST_FIRST,
    select: ORDER_LIST_COLUMNS,
  });
  return rows;
}

/** The customers of `customerIds` as people, by id. */
async function peopleOf(prisma: PrismaClient, customerIds: string[]): Promise<Map<string, Person>> {
  const customers = await prisma.customer.findMany({
    where: { id: { in: [...new Set(customerIds)] } },
    select: { id: true, profile: true },
  });
  return new Map(customers.map((customer) => [customer.id, personOf(customer.profile)]));
}
