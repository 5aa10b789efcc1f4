// What "refunded" means, once for every screen, list, filter, export and total: money the wallet
// confirmed back (a refund whose final status is SUCCESS). Everything else an operator may see about
// refunds is its own figure, named as such and never added to "refunded":
//
//   refunded           the wallet confirmed it: the customer has the money back
//   awaiting approval  a refund request above its requester's limits; nothing was sent yet
//   in flight          sent, not settled: CREATED, PROCESSING or UNKNOWN (it may still succeed)
//   failed             the wallet refused it: the money never left
//
// An order keeps two running totals: `refunded_fils` reserves every refund asked for (awaiting
// approval, in flight or confirmed), so two refunds can never together exceed what was paid; and
// `confirmed_refund_fils` counts what the wallet confirmed, raised in the transaction that records a
// refund's SUCCESS (refund-state.ts). Their difference is what is awaiting approval or in flight.
import type { Order, Refund, RefundRequest, RefundStatus } from "@/lib/platform/db";
import { REFUND_IN_FLIGHT_STATUSES } from "./refund-state";

/** The one status that makes money "refunded": the wallet's final SUCCESS. */
export const REFUND_CONFIRMED = "SUCCESS" satisfies RefundStatus;

export interface RefundFigures {
  /** Confirmed by the wallet: the only amount ever called "refunded". */
  refundedFils: bigint;
  awaitingApprovalFils: bigint;
  inFlightFils: bigint;
  failedFils: bigint;
}

/** The figures of one order from its refunds and refund requests. */
export function refundFigures(
  refunds: readonly Pick<Refund, "status" | "amountFils">[],
  requests: readonly Pick<RefundRequest, "status" | "amountFils" | "kind">[] = [],
): RefundFigures {
  const sum = (rows: readonly { amountFils: bigint }[]) =>
    rows.reduce((total, row) => total + row.amountFils, 0n);
  const withStatus = (statuses: readonly RefundStatus[]) =>
    sum(refunds.filter((refund) => statuses.includes(refund.status)));
  return {
    refundedFils: withStatus([REFUND_CONFIRMED]),
    // Only refund requests reserve an amount; a cancel or void waiting for approval refunds nothing.
    awaitingApprovalFils: sum(
      requests.filter((request) => request.status === "PENDING" && request.kind === "REFUND"),
    ),
    inFlightFils: withStatus(REFUND_IN_FLIGHT_STATUSES),
    failedFils: withStatus(["FAIL"]),
  };
}

/** Reserved but not confirmed: awaiting approval plus in flight, from the order's own two totals. */
export function unconfirmedRefundFils(order: Pick<Order, "refundedFils" | "confirmedRefundFils">): bigint {
  return order.refundedFils - order.confirmedRefundFils;
}

/**
 * Whether money of an order went back, as lists and pages say it: a display state derived from what
 * the wallet confirmed, not an order status (an order refunded in part is still PAID). A refund
 * awaiting approval or in flight never makes an order "refunded".
 */
export type RefundState = "NONE" | "PARTLY_REFUNDED" | "REFUNDED";

export function refundState(
  order: Pick<Order, "amountFils" | "confirmedRefundFils" | "voidedFils">,
): RefundState {
  if (order.confirmedRefundFils <= 0n) return "NONE";
  return order.confirmedRefundFils >= order.amountFils - order.voidedFils ? "REFUNDED" : "PARTLY_REFUNDED";
}

// The same figures as SQL over `orders`, for hand-written statements (the CSV export). Only orders
// with an unconfirmed reservation pay for the subqueries: the rest are 0 from the row itself.
const IN_FLIGHT_SQL = REFUND_IN_FLIGHT_STATUSES.map((status) => `'${status}'`).join(", ");

export const REFUND_FIGURES_SQL = {
  /** The "refunded" filter and column: the wallet confirmed some money back. */
  refunded: "orders.confirmed_refund_fils",
  awaitingApproval: `CASE WHEN orders.refunded_fils > orders.confirmed_refund_fils THEN
      (SELECT coalesce(sum(rr.amount_fils), 0) FROM refund_requests rr
        WHERE rr.order_id = orders.id AND rr.status = 'PENDING' AND rr.kind = 'REFUND') ELSE 0 END`,
  inFlight: `CASE WHEN orders.refunded_fils > orders.confirmed_refund_fils THEN
      (SELECT coalesce(sum(r.amount_fils), 0) FROM refunds r
        WHERE r.order_id = orders.id AND r.status IN (${IN_FLIGHT_SQL})) ELSE 0 END`,
} as const;
