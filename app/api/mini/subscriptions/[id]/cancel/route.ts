import * as contract from "@/lib/http/contract/mini/subscriptions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { cancelSubscription } from "@/lib/payments/subscriptions/change-subscription";
import { findSubscription, subscriptionView } from "@/lib/payments/subscriptions/subscription-view";

export const POST = route.customer(
  { params: contract.cancelSubscription.params },
  async ({ request, ctx, customerId, params }) => {
    const input = await readJson(request, contract.cancelSubscription.body);
    await cancelSubscription(ctx, params.id, { actor: `customer:${customerId}`, customerId }, input);
    const subscription = await findSubscription(ctx.prisma, customerId, params.id);
    return Response.json(subscriptionView(subscription) satisfies contract.SubscriptionJson);
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
