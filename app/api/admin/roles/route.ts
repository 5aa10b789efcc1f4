import * as contract from "@/lib/http/contract/admin/roles";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { createRole, listRoles } from "@/lib/operators/roles/manage-roles";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator("operators.manage", async ({ ctx }) =>
  Response.json(jsonSafe({ roles: await listRoles(ctx.prisma) }) satisfies contract.RoleListJson),
);

export const POST = route.operator("operators.manage", async ({ request, ctx, operator }) => {
  const input = await readJson(request, contract.adminCreateRole.body);
  const role = await createRole(ctx, operator, input);
  return Response.json(jsonSafe(role) satisfies contract.RoleJson, { status: 201 });
});

export const { PUT, PATCH, DELETE } = methodsOtherThan("GET", "POST");
