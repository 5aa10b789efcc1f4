import { listRefunds } from "@/lib/console/list-refunds";
import * as contract from "@/lib/http/contract/admin/lists";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator("orders.read", async ({ request, ctx }) => {
  const page = await listRefunds(ctx.readModel, readQuery(request, contract.adminListRefunds.query));
  return Response.json(jsonSafe(page) satisfies contract.RefundPageJson);
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
