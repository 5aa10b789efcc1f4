import type { OrderViewJson } from "@/lib/http/contract/mini/order-view";
import * as contract from "@/lib/http/contract/mini/orders";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { getCustomerOrder } from "@/lib/payments/orders/list-orders";
import { orderView } from "@/lib/payments/orders/order-view";

export const GET = route.customer({ params: contract.getOrder.params }, async ({ ctx, customerId, params }) =>
  Response.json(orderView(await getCustomerOrder(ctx, customerId, params.id)) satisfies OrderViewJson),
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
