// Every operator action on an order, by name: the one table the routes, the console's offer and the
// contract's names agree on. Adding an action is one module beside this one and a line here.
import { can, type Permission } from "@/lib/operators/roles/permissions";
import { IN_FLIGHT_STATUSES } from "@/lib/payments/escrow/escrow-operation-state";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { EscrowOperation, Order, Refund, RefundRequest } from "@/lib/platform/db";
import { type ReplayableAnswer, runIdempotent } from "../../idempotent-action";
import type { OrderMoney } from "../order-money";
import { acceptAction, cancelAction, voidAction } from "./escrow-actions";
import type {
  AvailableAction,
  OrderActionBody,
  OrderActionCall,
  OrderActionDefinition,
} from "./order-action";
import { ORDER_ACTION_NAMES, ORDER_ACTION_PATH_SEGMENTS, type OrderActionName } from "./order-action-names";
import { reconcileAction } from "./reconcile-action";
import { refundAction } from "./refund-action";

export const ORDER_ACTIONS: { [N in OrderActionName]: OrderActionDefinition<N> } = {
  accept: acceptAction,
  cancel: cancelAction,
  void: voidAction,
  refund: refundAction,
  reconcile: reconcileAction,
};

/** Runs an action once per Idempotency-Key: a repeat answers the first answer instead of acting twice. */
export async function runOrderAction<N extends OrderActionName>(
  ctx: ServiceContext,
  call: OrderActionCall<N>,
): Promise<ReplayableAnswer<OrderActionBody>> {
  const action: OrderActionDefinition<N> = ORDER_ACTIONS[call.action];
  return runIdempotent(
    ctx,
    {
      operatorId: call.operator.id,
      idempotencyKey: call.idempotencyKey,
      // Named by the path segment ("order.refunds:<id>"), as the keys claimed since the first release are.
      action: `order.${ORDER_ACTION_PATH_SEGMENTS[call.action]}:${call.orderId}`,
      input: call.input,
    },
    () => action.perform(ctx, call),
  );
}

/** The actions that fit the order now and what the operator may do, in the table's order. */
export function availableActions(
  order: Order,
  related: {
    operations: Pick<EscrowOperation, "status">[];
    refunds: Pick<Refund, "status">[];
    money: OrderMoney;
    requests?: Pick<RefundRequest, "status" | "kind">[];
  },
  holder: { permissions: readonly Permission[] },
): AvailableAction[] {
  const escrowBusy =
    related.operations.some((operation) => IN_FLIGHT_STATUSES.includes(operation.status)) ||
    (related.requests ?? []).some((request) => request.status === "PENDING" && request.kind !== "REFUND");
  const situation = { order, ...related, escrowBusy };
  return ORDER_ACTION_NAMES.flatMap((name) => {
    const action = ORDER_ACTIONS[name];
    const offered = can(holder, action.permission) ? action.offer(situation) : null;
    return offered ? [offered] : [];
  });
}
