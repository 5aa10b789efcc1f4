import type { OrderViewJson } from "@/lib/api/contract/mini/order-view";
import * as contract from "@/lib/api/contract/mini/orders";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { getCustomerOrder } from "@/lib/orders/list-orders";
import { orderView } from "@/lib/orders/order-view";

export const GET = route.customer({ params: contract.getOrder.params }, async ({ ctx, customerId, params }) =>
  Response.json(orderView(await getCustomerOrder(ctx, customerId, params.id)) satisfies OrderViewJson),
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
