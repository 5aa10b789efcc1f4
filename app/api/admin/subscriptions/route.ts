import { listConsoleSubscriptions } from "@/lib/console/subscriptions/list-subscriptions";
import * as contract from "@/lib/http/contract/admin/subscriptions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";
import { can } from "@/lib/operators/roles/permissions";
import { jsonSafe } from "@/lib/platform/json";

// Subscriptions newest first, by the search box, status and plan (names and phones searched only for
// an operator who may see personal data).
export const GET = route.operator("orders.read", async ({ request, ctx, operator }) => {
  const query = readQuery(request, contract.adminListSubscriptions.query);
  const page = await listConsoleSubscriptions(ctx.readModel, query, {
    withPeople: can(operator, "customers.personal-data"),
  });
  return Response.json(jsonSafe(page) satisfies contract.SubscriptionPageJson);
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
