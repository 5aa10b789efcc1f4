import * as contract from "@/lib/http/contract/mini/subscriptions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { listPlans } from "@/lib/payments/subscriptions/plans";

// The plans on offer: public, like the catalog.
export const GET = route.public(async ({ ctx }) =>
  Response.json({ plans: await listPlans(ctx.prisma) } satisfies contract.PlanListJson),
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
