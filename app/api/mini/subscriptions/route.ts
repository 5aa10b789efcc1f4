import * as contract from "@/lib/http/contract/mini/subscriptions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readIdempotencyKey, readJson, route } from "@/lib/http/route";
import { subscribe } from "@/lib/payments/subscriptions/subscribe";
import { listCustomerSubscriptions, subscriptionView } from "@/lib/payments/subscriptions/subscription-view";

// Subscribes the customer to a plan; its first period is charged before the answer unless it is free.
export const POST = route.customer(async ({ request, ctx, customerId }) => {
  const idempotencyKey = readIdempotencyKey(request);
  const input = await readJson(request, contract.subscribe.body);
  const { subscription, created } = await subscribe(ctx, customerId, { ...input, idempotencyKey });
  return Response.json(subscriptionView(subscription) satisfies contract.SubscriptionJson, {
    status: created ? 201 : 200,
  });
});

export const GET = route.customer(async ({ ctx, customerId }) =>
  Response.json({
    subscriptions: await listCustomerSubscriptions(ctx.prisma, customerId),
  } satisfies contract.SubscriptionListJson),
);

export const { PUT, PATCH, DELETE } = methodsOtherThan("GET", "POST");
