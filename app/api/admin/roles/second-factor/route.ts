import * as contract from "@/lib/http/contract/admin/roles";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { requireSecondFactorForAll } from "@/lib/operators/roles/manage-roles";
import { jsonSafe } from "@/lib/platform/json";

export const POST = route.operator("operators.manage", async ({ request, ctx, operator }) => {
  const { requireSecondFactor } = await readJson(request, contract.adminSetSecondFactorPolicy.body);
  const rolesChanged = await requireSecondFactorForAll(ctx, operator, requireSecondFactor);
  return Response.json(jsonSafe({ rolesChanged }) satisfies contract.SecondFactorPolicyJson);
});

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
