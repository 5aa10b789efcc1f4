// POST /api/mini/orders/{id}/confirm-receipt: the customer says the goods arrived, and the wallet
// releases the escrowed funds to the merchant (spec, escrow `confirm`; it needs the merchant's accept
// first). Only the order's own customer may confirm it.
import { getCustomerOrder } from "@/lib/orders/list-orders";
import type { ServiceContext } from "@/lib/services/context";
import { requestEscrowOperation } from "./escrow-operations";

export async function confirmReceipt(ctx: ServiceContext, customerId: string, orderId: string) {
  const order = await getCustomerOrder(ctx, customerId, orderId);
  return requestEscrowOperation(ctx, order.id, { type: "CONFIRM", requestedBy: `customer:${customerId}` });
}
