import { listCustomers } from "@/lib/console/list-customers";
import * as contract from "@/lib/http/contract/admin/lists";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";
import { can } from "@/lib/operators/roles/permissions";
import { jsonSafe } from "@/lib/platform/json";

// Customers with their authorization state, scopes and token expiry; never a token's value.
export const GET = route.operator("orders.read", async ({ request, ctx, operator }) => {
  const page = await listCustomers(ctx.readModel, readQuery(request, contract.adminListCustomers.query), {
    withPeople: can(operator, "customers.personal-data"),
  });
  return Response.json(jsonSafe(page) satisfies contract.CustomerPageJson);
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
