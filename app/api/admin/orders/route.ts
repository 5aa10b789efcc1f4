import { listOrders } from "@/lib/console/orders/list-orders";
import * as contract from "@/lib/http/contract/admin/orders";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";
import { can } from "@/lib/operators/roles/permissions";
import { jsonSafe } from "@/lib/platform/json";

// The order list: filters, the search box (ids, short ids, amounts, phones, names), keyset pages.
export const GET = route.operator("orders.read", async ({ request, ctx, operator }) => {
  const page = await listOrders(ctx.readModel, readQuery(request, contract.adminListOrders.query), {
    withPeople: can(operator, "customers.personal-data"),
  });
  return Response.json(jsonSafe(page) satisfies contract.OrderListPageJson);
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
