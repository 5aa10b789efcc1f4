import { rejectAsOperator } from "@/lib/console/refund-approvals";
import * as contract from "@/lib/http/contract/admin/refund-requests";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

export const POST = route.operator(
  "orders.read",
  { params: contract.adminRejectRefundRequest.params },
  async ({ request, ctx, operator, params }) => {
    const { note } = await readJson(request, contract.adminRejectRefundRequest.body);
    const rejected = await rejectAsOperator(ctx, operator, params.id, note);
    return Response.json(jsonSafe(rejected) satisfies contract.RefundRequestJson);
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
