// One customer as an operator looks them up when they call: who they are (with the permission to
// see personal data), whether the wallet still accepts their authorization, what they paid and got
// back, and their latest orders, refunds and agreements. Never a token.

import { personOf } from "@/lib/customers/person";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";
import { CUSTOMER_SUMMARY } from "./list-customers";
import { ORDER_LIST_COLUMNS } from "./orders/list-orders";

export type CustomerDetail = Awaited<ReturnType<typeof getCustomerDetail>>;

/** Enough of their history for a phone call; the order list (filtered by customer) has the rest. */
const RECENT = 50;

export async function getCustomerDetail(
  ctx: Pick<ServiceContext, "prisma">,
  customerId: string,
  options: { withPerson: boolean },
) {
  const customer = await ctx.prisma.customer.findUnique({
    where: { id: customerId },
    select: { ...CUSTOMER_SUMMARY, createdAt: true, profile: true },
  });
  if (!customer) throw new NotFoundError("No such customer.");
  const [orders, refunds, agreements, totals] = await Promise.all([
    ctx.prisma.order.findMany({
      where: { customerId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: RECENT,
      select: ORDER_LIST_COLUMNS,
    }),
    ctx.prisma.refund.findMany({
      where: { order: { customerId } },
      orderBy: { createdAt: "desc" },
      take: RECENT,
      select: {
        id: true,
        orderId: true,
        amountFils: true,
        status: true,
        reason: true,
        requestedBy: true,
        createdAt: true,
      },
    }),
    ctx.prisma.agreement.findMany({
      where: { customerId },
      orderBy: { createdAt: "desc" },
      select: { id: true, status: true, boundAt: true, createdAt: true },
    }),
    customerTotals(ctx, customerId),
  ]);
  const { profile, ...summary } = customer;
  return {
    customer: summary,
    person: options.withPerson ? personOf(profile) : undefined,
    orders,
    refunds,
    agreements,
    totals,
  };
}

/**
 * Paid — captured, as capturedFils counts it (lib/payments/orders/order-state.ts): cashier and agreement
 * orders once PAID, escrow orders once CONFIRMED less what was voided — and the refund figures of
 * lib/payments/refunds/refund-figures.ts (refunded: confirmed by the wallet; awaiting approval; in
 * flight), over all their orders, in fils.
 */
async function customerTotals(ctx: Pick<ServiceContext, "prisma">, customerId: string) {
  const [row] = await ctx.prisma.$queryRaw<
    { orders: bigint; paid: bigint; refunded: bigint; unconfirmed: bigint; awaiting: bigint }[]
  >`
    SELECT count(*)::bigint AS orders,
           coalesce(sum(CASE WHEN o.status = 'PAID' AND o.flow <> 'ESCROW' THEN o.amount_fils
                             WHEN o.status = 'CONFIRMED' THEN o.amount_fils - o.voided_fils
                             ELSE 0 END), 0)::bigint AS paid,
           coalesce(sum(o.confirmed_refund_fils), 0)::bigint AS refunded,
           coalesce(sum(o.refunded_fils - o.confirmed_refund_fils), 0)::bigint AS unconfirmed,
           coalesce((SELECT sum(rr.amount_fils) FROM refund_requests rr JOIN orders ro ON ro.id = rr.order_id
                      WHERE ro.customer_id = ${customerId} AND rr.status = 'PENDING'
                        AND rr.kind = 'REFUND'), 0)::bigint AS awaiting
      FROM orders o
     WHERE o.customer_id = ${customerId}`;
  const awaiting = row?.awaiting ?? 0n;
  return {
    orders: row?.orders ?? 0n,
    paidFils: row?.paid ?? 0n,
    refundedFils: row?.refunded ?? 0n,
    refundAwaitingApprovalFils: awaiting,
    refundInFlightFils: (row?.unconfirmed ?? 0n) - awaiting,
  };
}
