import "server-only";
// The route handler of each operator action on an order (./<path segment>/route.ts): one file per
// action, so each has its own documented path, and this one boundary for all of them — the action's
// permission, the Idempotency-Key first, then the action's body, then the action. 200 when the wallet
// confirmed it, 202 while it is processing or unknown (being resolved); a repeat says so in a header.
import type { OrderActionName } from "@/lib/console/orders/actions/order-action-names";
import { ORDER_ACTIONS, runOrderAction } from "@/lib/console/orders/actions/order-action-table";
import { ORDER_ACTION_INPUT } from "@/lib/console/request-schemas";
import type { OrderActionAnswerJson } from "@/lib/http/contract/admin/order-actions";
import { readIdempotencyKey, readJson, route } from "@/lib/http/route";
import { orderParams } from "@/lib/payments/orders/order-params";
import { jsonSafe } from "@/lib/platform/json";

export function orderActionRoute(action: OrderActionName) {
  const { permission } = ORDER_ACTIONS[action];
  return route.operator(permission, { params: orderParams }, async ({ request, ctx, params, operator }) => {
    const idempotencyKey = readIdempotencyKey(request);
    const input = await readJson(request, ORDER_ACTION_INPUT[action]);
    const answer = await runOrderAction(ctx, { operator, orderId: params.id, action, input, idempotencyKey });
    return Response.json(jsonSafe(answer.body) satisfies OrderActionAnswerJson, {
      status: answer.status,
      headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {},
    });
  });
}
