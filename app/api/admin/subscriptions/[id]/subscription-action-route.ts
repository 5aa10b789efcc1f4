import "server-only";
// The route handler of each operator action on a subscription (./<action>/route.ts): its permission,
// the Idempotency-Key first, then the body, then the action. A repeat says so in a header.
import type { SubscriptionActionKind } from "@/lib/console/request-schemas";
import { runSubscriptionAction } from "@/lib/console/subscriptions/subscription-actions";
import * as contract from "@/lib/http/contract/admin/subscription-actions";
import { readIdempotencyKey, readJson, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

const ENDPOINTS = {
  pause: contract.adminPauseSubscription,
  resume: contract.adminResumeSubscription,
  cancel: contract.adminCancelSubscription,
  retry: contract.adminRetrySubscriptionCharge,
} as const;

export function subscriptionActionRoute(action: SubscriptionActionKind) {
  const endpoint = ENDPOINTS[action];
  return route.operator(
    endpoint.auth.operator,
    { params: endpoint.params },
    async ({ request, ctx, params, operator }) => {
      const idempotencyKey = readIdempotencyKey(request);
      const input = await readJson(request, endpoint.body);
      const answer = await runSubscriptionAction(ctx, {
        operator,
        subscriptionId: params.id.toLowerCase(),
        action,
        input,
        idempotencyKey,
      });
      return Response.json(jsonSafe(answer.body) satisfies contract.SubscriptionActionAnswerJson, {
        status: answer.status,
        headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {},
      });
    },
  );
}
