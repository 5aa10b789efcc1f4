import { route } from "@/lib/http/route";
import { getCustomerOrder } from "@/lib/orders/list-orders";
import { orderView } from "@/lib/orders/order-view";
import { getServiceContext } from "@/lib/services/context";
import { requireCustomer } from "@/lib/sessions/require-customer";

export const GET = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const ctx = getServiceContext();
  const customerId = await requireCustomer(ctx, request);
  const { id } = await params;
  return Response.json(orderView(await getCustomerOrder(ctx, customerId, id)));
});
