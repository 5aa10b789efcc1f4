import { approveAsOperator } from "@/lib/console/refund-approvals";
import * as contract from "@/lib/http/contract/admin/refund-requests";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

export const POST = route.operator(
  "refunds.approve",
  { params: contract.adminApproveRefundRequest.params },
  async ({ request, ctx, operator, params }) => {
    const { note } = await readJson(request, contract.adminApproveRefundRequest.body);
    const approved = await approveAsOperator(ctx, operator, params.id, note);
    return Response.json(jsonSafe(approved) satisfies contract.ApprovedRefundRequestJson);
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
