import { requireSecondFactorForAll } from "@/lib/admin/roles";
import * as contract from "@/lib/api/contract/admin/roles";
import { jsonSafe } from "@/lib/http/json";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";

export const POST = route.operator("operators.manage", async ({ request, ctx, operator }) => {
  const { requireSecondFactor } = await readJson(request, contract.adminSetSecondFactorPolicy.body);
  const rolesChanged = await requireSecondFactorForAll(ctx, operator, requireSecondFactor);
  return Response.json(jsonSafe({ rolesChanged }) satisfies contract.SecondFactorPolicyJson);
});

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
