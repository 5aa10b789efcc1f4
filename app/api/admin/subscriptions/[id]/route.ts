import { getConsoleSubscription } from "@/lib/console/subscriptions/subscription-detail";
import * as contract from "@/lib/http/contract/admin/subscriptions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";
import { jsonSafe } from "@/lib/platform/json";

// One subscription: its periods with their charges, its timeline and the actions the caller may take.
export const GET = route.operator(
  "orders.read",
  { params: contract.adminGetSubscription.params },
  async ({ ctx, params, operator }) => {
    const detail = await getConsoleSubscription(ctx.prisma, params.id.toLowerCase(), operator);
    if (!detail) throw new NotFoundError("No such subscription.");
    return Response.json(jsonSafe(detail) satisfies contract.SubscriptionDetailJson);
  },
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
