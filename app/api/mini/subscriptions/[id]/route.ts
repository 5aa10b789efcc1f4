import * as contract from "@/lib/http/contract/mini/subscriptions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { findSubscription, subscriptionView } from "@/lib/payments/subscriptions/subscription-view";

export const GET = route.customer(
  { params: contract.getSubscription.params },
  async ({ ctx, customerId, params }) =>
    Response.json(
      subscriptionView(
        await findSubscription(ctx.prisma, customerId, params.id),
      ) satisfies contract.SubscriptionJson,
    ),
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
