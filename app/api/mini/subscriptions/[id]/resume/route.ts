import * as contract from "@/lib/http/contract/mini/subscriptions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { resumeSubscription } from "@/lib/payments/subscriptions/change-subscription";
import { findSubscription, subscriptionView } from "@/lib/payments/subscriptions/subscription-view";

export const POST = route.customer(
  { params: contract.resumeSubscription.params },
  async ({ ctx, customerId, params }) => {
    await resumeSubscription(ctx, params.id, { actor: `customer:${customerId}`, customerId });
    const subscription = await findSubscription(ctx.prisma, customerId, params.id);
    return Response.json(subscriptionView(subscription) satisfies contract.SubscriptionJson);
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
