import "server-only";
import { runOrderAction } from "@/lib/admin/orders/order-actions";
import { ORDER_ACTION_INPUT, type OrderActionKey } from "@/lib/admin/request-schemas";
// The route handler of each operator action on an order (./<action>/route.ts): one file
// per action, so each has its own documented path, and this one boundary for all of them — the
// Idempotency-Key first, then the action's body, then the action. 200 when the wallet confirmed it,
// 202 while it is processing or unknown (being resolved); a repeat of a request says so in a header.
import type { OrderActionAnswerJson } from "@/lib/api/contract/admin/order-actions";
import { jsonSafe } from "@/lib/http/json";
import { readIdempotencyKey, readJson, route } from "@/lib/http/route";
import { orderParams } from "@/lib/orders/order-params";

export function orderActionRoute(action: OrderActionKey) {
  return route.operator("OPERATOR", { params: orderParams }, async ({ request, ctx, params, operator }) => {
    const idempotencyKey = readIdempotencyKey(request);
    const input = await readJson(request, ORDER_ACTION_INPUT[action]);
    const answer = await runOrderAction(ctx, { operator, orderId: params.id, action, input, idempotencyKey });
    return Response.json(jsonSafe(answer.body) satisfies OrderActionAnswerJson, {
      status: answer.status,
      headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {},
    });
  });
}
