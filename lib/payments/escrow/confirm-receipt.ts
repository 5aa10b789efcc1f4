// POST /api/mini/orders/{id}/confirm-receipt: the customer says the goods arrived, and the wallet
// releases the escrowed funds to the merchant (spec, escrow `confirm`; it needs the merchant's accept
// first). Only the order's own customer may confirm it, and a refusal says in words what the mini
// program should tell them.

import { getCustomerOrder } from "@/lib/payments/orders/list-orders";
import { OrderTransitionError } from "@/lib/payments/orders/order-state";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { OrderStatus } from "@/lib/platform/db";
import { StateInvalidError } from "@/lib/platform/errors/domain-errors";
import { type EscrowResult, requestEscrowOperation } from "./escrow-operations";

export async function confirmReceipt(
  ctx: ServiceContext,
  customerId: string,
  orderId: string,
): Promise<EscrowResult> {
  const order = await getCustomerOrder(ctx, customerId, orderId);
  try {
    return await requestEscrowOperation(ctx, order.id, {
      type: "CONFIRM",
      requestedBy: `customer:${customerId}`,
    });
  } catch (error) {
    if (!(error instanceof OrderTransitionError) || !error.orderStatus) throw error;
    if (error.orderStatus === "CONFIRMED") return alreadyConfirmed(ctx, order.id);
    throw refusalFor(error.orderStatus);
  }
}

/** A second tap on "I received it" is answered like the first: the confirm that went through. */
async function alreadyConfirmed(ctx: ServiceContext, orderId: string): Promise<EscrowResult> {
  const [order, operation] = await Promise.all([
    ctx.prisma.order.findUniqueOrThrow({ where: { id: orderId } }),
    ctx.prisma.escrowOperation.findFirstOrThrow({
      where: { orderId, type: "CONFIRM", status: "SUCCESS" },
      orderBy: { createdAt: "desc" },
    }),
  ]);
  return { state: "DONE", operation, order };
}

/** What the customer is told, by the order's status, when receipt cannot be confirmed. */
function refusalFor(status: OrderStatus): StateInvalidError {
  switch (status) {
    case "PAID":
      return new StateInvalidError(
        "The shop has not accepted this order yet. Receipt can be confirmed once it has: read the order again later.",
        { status },
        "ESCROW_NOT_ACCEPTED",
      );
    case "CANCELLED":
    case "VOIDED":
      return new StateInvalidError(
        "This order was cancelled and its money returned to the customer: there is nothing to confirm.",
        { status },
      );
    default:
      return new StateInvalidError("This order is not paid: there is nothing to confirm yet.", { status });
  }
}
