import type { OrderViewJson } from "@/lib/http/contract/mini/order-view";
import * as contract from "@/lib/http/contract/mini/orders";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readIdempotencyKey, readJson, readQuery, route } from "@/lib/http/route";
import { createOrder } from "@/lib/payments/orders/create-order";
import { listCustomerOrders } from "@/lib/payments/orders/list-orders";
import { orderView } from "@/lib/payments/orders/order-view";

// createOrder's insert answers REAUTHORIZE for a session whose customer is gone: no boundary read.
export const POST = route.customer({ customerCheck: "service" }, async ({ request, ctx, customerId }) => {
  const idempotencyKey = readIdempotencyKey(request);
  const input = await readJson(request, contract.createOrder.body);
  const { order, created } = await createOrder(ctx, customerId, { ...input, idempotencyKey });
  return Response.json(orderView(order) satisfies OrderViewJson, { status: created ? 201 : 200 });
});

export const GET = route.customer(async ({ request, ctx, customerId }) => {
  const orders = await listCustomerOrders(ctx, customerId, readQuery(request, contract.listOrders.query));
  const page = { orders: orders.map(orderView), nextBefore: orders.at(-1)?.id ?? null };
  return Response.json(page satisfies contract.OrderListJson);
});

export const { PUT, PATCH, DELETE } = methodsOtherThan("GET", "POST");
