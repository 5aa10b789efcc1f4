import { listOrders } from "@/lib/admin/orders/list-orders";
import * as contract from "@/lib/api/contract/admin/orders";
import { can } from "@/lib/auth/permissions";
import { jsonSafe } from "@/lib/http/json";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";

// The order list: filters, the search box (ids, short ids, amounts, phones, names), keyset pages.
export const GET = route.operator("orders.read", async ({ request, ctx, operator }) => {
  const page = await listOrders(ctx.prisma, readQuery(request, contract.adminListOrders.query), {
    withPeople: can(operator, "customers.personal-data"),
  });
  return Response.json(jsonSafe(page) satisfies contract.OrderListPageJson);
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
