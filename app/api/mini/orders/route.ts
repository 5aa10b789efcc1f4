import { z } from "zod";
import { ApiError } from "@/lib/http/api-error";
import { readJson, route } from "@/lib/http/route";
import { createOrder } from "@/lib/orders/create-order";
import { listCustomerOrders } from "@/lib/orders/list-orders";
import { orderView } from "@/lib/orders/order-view";
import { getServiceContext } from "@/lib/services/context";
import { requireCustomer } from "@/lib/sessions/require-customer";

const body = z.object({
  flow: z.enum(["CASHIER", "ESCROW", "AGREEMENT"]),
  items: z
    .array(z.object({ sku: z.string().min(1).max(64), quantity: z.number().int().min(1).max(99) }))
    .min(1)
    .max(50),
  note: z.string().max(500).optional(),
});

const idempotencyKey = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[\w.:-]+$/);

export const POST = route(async (request) => {
  const ctx = getServiceContext();
  const customerId = await requireCustomer(ctx, request);
  const key = idempotencyKey.safeParse(request.headers.get("idempotency-key"));
  if (!key.success) {
    throw new ApiError(
      "IDEMPOTENCY_KEY_REQUIRED",
      "Send an Idempotency-Key header (8-128 characters: letters, digits, . _ : -) unique per order.",
    );
  }
  const input = await readJson(request, body);
  const { order, created } = await createOrder(ctx, customerId, { ...input, idempotencyKey: key.data });
  return Response.json(orderView(order), { status: created ? 201 : 200 });
});

const listQuery = z.object({
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const GET = route(async (request) => {
  const ctx = getServiceContext();
  const customerId = await requireCustomer(ctx, request);
  const query = listQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const orders = await listCustomerOrders(ctx, customerId, query);
  return Response.json({ orders: orders.map(orderView), nextBefore: orders.at(-1)?.id ?? null });
});
