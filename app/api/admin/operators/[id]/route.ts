import * as contract from "@/lib/http/contract/admin/operators";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { updateOperator } from "@/lib/operators/manage-operators";
import { jsonSafe } from "@/lib/platform/json";

// Role, disable/enable, unlock after failed sign-ins, a new password.
export const PATCH = route.operator(
  "operators.manage",
  { params: contract.adminUpdateOperator.params },
  async ({ request, ctx, params, operator }) => {
    const input = await readJson(request, contract.adminUpdateOperator.body);
    const updated = await updateOperator(ctx, operator, params.id, input);
    return Response.json(jsonSafe(updated) satisfies contract.OperatorJson);
  },
);

export const { GET, POST, PUT, DELETE } = methodsOtherThan("PATCH");
