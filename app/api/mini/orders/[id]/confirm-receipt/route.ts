import { requestEscrowOperation } from "@/lib/escrow/escrow-operations";
import { route } from "@/lib/http/route";
import { getCustomerOrder } from "@/lib/orders/list-orders";
import { orderView } from "@/lib/orders/order-view";
import { getServiceContext } from "@/lib/services/context";
import { requireCustomer } from "@/lib/sessions/require-customer";

// The customer confirms receipt of an escrow order: the wallet releases the funds to the merchant.
export const POST = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const ctx = getServiceContext();
  const customerId = await requireCustomer(ctx, request);
  const { id } = await params;
  const order = await getCustomerOrder(ctx, customerId, id);
  const result = await requestEscrowOperation(ctx, order.id, {
    type: "CONFIRM",
    requestedBy: `customer:${customerId}`,
  });
  return Response.json(
    { ...orderView(result.order), operation: { id: result.operation.id, status: result.operation.status } },
    { status: result.state === "DONE" ? 200 : 202 },
  );
});
