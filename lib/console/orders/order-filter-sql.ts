// The order list's filters as SQL, for the one query that bypasses Prisma: the CSV export, which
// reads up to a million rows and must not pay Prisma's per-row cost. It mirrors orderFilter() in
// list-orders.ts predicate for predicate; a test runs both on the same data and compares the ids.
import { REFUND_FIGURES_SQL } from "@/lib/payments/refunds/refund-figures";
import type { PrismaClient } from "@/lib/platform/db";
import { baghdadDayStart } from "@/lib/platform/time/baghdad-day";
import { ordersOfFigureSql } from "../money-figures";
import type { OrderListQuery } from "../request-schemas";
import { afterCursorSql } from "./keyset-sql";
import { dayRange } from "./list-orders";
import { recognizeSearch, type SearchScope } from "./order-search";

export interface SqlFilter {
  /** `WHERE …` conditions joined with AND, with $n placeholders numbered from 1. */
  conditions: string[];
  params: unknown[];
}

export async function orderFilterSql(
  prisma: PrismaClient,
  query: OrderListQuery,
  scope: SearchScope,
): Promise<SqlFilter> {
  const filter: SqlFilter = { conditions: [], params: [] };
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    filter.params.push(value);
    filter.conditions.push(condition(`$${filter.params.length}`));
  };
  if (query.q?.trim()) {
    const match = await recognizeSearch(prisma, query.q, scope);
    if (match.kind === "order") add((p) => `id = ${p}`, match.orderId);
    else if (match.kind === "customer") add((p) => `customer_id = ${p}`, match.customerId);
    else if (match.kind === "orders") add((p) => `id = ANY(${p}::text[])`, match.orderIds);
    else if (match.kind === "amount") add((p) => `amount_fils = ${p}`, match.amountFils.toString());
    else if (match.kind === "customers") add((p) => `customer_id = ANY(${p}::text[])`, match.customerIds);
    else filter.conditions.push("false");
  }
  if (query.status?.length) add((p) => `status::text = ANY(${p}::text[])`, query.status);
  if (query.flow) add((p) => `flow::text = ${p}`, query.flow);
  if (query.customerId) add((p) => `customer_id = ${p}`, query.customerId);
  if (query.attention !== undefined) add((p) => `needs_attention = ${p}`, query.attention);
  if (query.refunded !== undefined)
    filter.conditions.push(`${REFUND_FIGURES_SQL.refunded} ${query.refunded ? "> 0" : "= 0"}`);
  if (query.money === "held") {
    // Held is now, whatever the days: no range to bind.
    filter.conditions.push(ordersOfFigureSql("held", "", ""));
  } else if (query.money) {
    const range = dayRange(query);
    filter.params.push(range.from, range.to);
    const count = filter.params.length;
    filter.conditions.push(ordersOfFigureSql(query.money, `$${count - 1}`, `$${count}`));
  } else {
    if (query.from) add((p) => `created_at >= ${p}`, baghdadDayStart(query.from));
    if (query.to) add((p) => `created_at < ${p}`, dayRange(query).to);
  }
  if (query.minAmount !== undefined) add((p) => `amount_fils >= ${p}`, query.minAmount.toString());
  if (query.maxAmount !== undefined) add((p) => `amount_fils <= ${p}`, query.maxAmount.toString());
  return filter;
}

export { afterCursorSql };
