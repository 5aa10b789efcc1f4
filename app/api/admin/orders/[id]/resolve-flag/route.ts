import * as contract from "@/lib/http/contract/admin/orders";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { resolveOrderFlag } from "@/lib/payments/orders/resolve-flag";
import { jsonSafe } from "@/lib/platform/json";

export const POST = route.operator(
  "orders.reconcile",
  { params: contract.adminResolveOrderFlag.params },
  async ({ request, ctx, operator, params }) => {
    const { note } = await readJson(request, contract.adminResolveOrderFlag.body);
    const order = await resolveOrderFlag(ctx, operator, params.id, note);
    return Response.json(jsonSafe(order));
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
