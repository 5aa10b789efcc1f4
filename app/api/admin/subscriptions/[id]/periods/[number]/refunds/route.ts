import { refundPeriod } from "@/lib/console/subscriptions/refund-period";
import type { OrderActionAnswerJson } from "@/lib/http/contract/admin/order-actions";
import * as contract from "@/lib/http/contract/admin/subscription-actions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readIdempotencyKey, readJson, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

// Refunds some or all of a paid period: the refund of its order, with the same limits and approvals.
export const POST = route.operator(
  "orders.refund",
  { params: contract.adminRefundSubscriptionPeriod.params },
  async ({ request, ctx, params, operator }) => {
    const idempotencyKey = readIdempotencyKey(request);
    const input = await readJson(request, contract.adminRefundSubscriptionPeriod.body);
    const answer = await refundPeriod(ctx, {
      operator,
      subscriptionId: params.id.toLowerCase(),
      period: params.number,
      input,
      idempotencyKey,
    });
    return Response.json(jsonSafe(answer.body) satisfies OrderActionAnswerJson, {
      status: answer.status,
      headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {},
    });
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
