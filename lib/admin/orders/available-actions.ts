// Which operator actions fit an order now, decided by the same state machine the services enforce
// (lib/orders/order-state), so the console never offers what the server would refuse. Pure.

import { hasRole } from "@/lib/auth/roles";
import type { EscrowOperation, OperatorRole, Order, Refund } from "@/lib/db";
import { IN_FLIGHT_STATUSES } from "@/lib/escrow/escrow-operation-state";
import { applyOrderEvent, type OrderEvent, UNSETTLED_ORDER_STATUSES } from "@/lib/orders/order-state";
import { snapshotOf } from "@/lib/orders/transition-order";
import { REFUND_IN_FLIGHT_STATUSES } from "@/lib/refunds/refund-state";
import type { OrderMoney } from "./order-money";

export type OrderActionName = "accept" | "cancel" | "void" | "refund" | "reconcile";

export interface AvailableAction {
  action: OrderActionName;
  /** For void and refund: the most that can be asked for, in fils. */
  maxFils?: bigint;
}

function allows(order: Order, event: OrderEvent): boolean {
  try {
    applyOrderEvent(snapshotOf(order), event);
    return true;
  } catch {
    return false;
  }
}

const UNSETTLED_ORDER = new Set<Order["status"]>(UNSETTLED_ORDER_STATUSES);
const UNSETTLED_REFUND = new Set<Refund["status"]>(REFUND_IN_FLIGHT_STATUSES);

export function availableActions(
  order: Order,
  related: {
    operations: Pick<EscrowOperation, "status">[];
    refunds: Pick<Refund, "status">[];
    money: OrderMoney;
  },
  role: OperatorRole,
): AvailableAction[] {
  if (!hasRole(role, "OPERATOR")) return [];
  const actions: AvailableAction[] = [];
  const busy = related.operations.some((operation) => IN_FLIGHT_STATUSES.includes(operation.status));
  if (order.flow === "ESCROW" && order.paymentId && !busy) {
    if (allows(order, { type: "MERCHANT_ACCEPTED" })) actions.push({ action: "accept" });
    if (allows(order, { type: "CANCELLED" })) actions.push({ action: "cancel" });
    const held = order.amountFils - order.voidedFils;
    if (held > 0n && allows(order, { type: "VOIDED", amountFils: held })) {
      actions.push({ action: "void", maxFils: held });
    }
  }
  if (order.paymentId && related.money.refundableFils > 0n) {
    actions.push({ action: "refund", maxFils: related.money.refundableFils });
  }
  const unsettled =
    UNSETTLED_ORDER.has(order.status) ||
    busy ||
    related.refunds.some((refund) => UNSETTLED_REFUND.has(refund.status));
  if (unsettled) actions.push({ action: "reconcile" });
  return actions;
}
