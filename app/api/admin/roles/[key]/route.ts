import * as contract from "@/lib/http/contract/admin/roles";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { deleteRole, updateRole } from "@/lib/operators/roles/manage-roles";
import { jsonSafe } from "@/lib/platform/json";

export const PATCH = route.operator(
  "operators.manage",
  { params: contract.adminUpdateRole.params },
  async ({ request, ctx, operator, params }) => {
    const input = await readJson(request, contract.adminUpdateRole.body);
    const role = await updateRole(ctx, operator, params.key, input);
    return Response.json(jsonSafe(role) satisfies contract.RoleJson);
  },
);

export const DELETE = route.operator(
  "operators.manage",
  { params: contract.adminDeleteRole.params },
  async ({ ctx, operator, params }) => {
    await deleteRole(ctx, operator, params.key);
    return new Response(null, { status: 204 });
  },
);

export const { GET, POST, PUT } = methodsOtherThan("PATCH", "DELETE");
