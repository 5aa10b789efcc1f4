import { getOrderDetail } from "@/lib/console/orders/order-detail";
import * as contract from "@/lib/http/contract/admin/orders";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

// One order: lines, customer, refunds, escrow operations, money, the actions that fit, and its timeline.
export const GET = route.operator(
  "orders.read",
  { params: contract.adminGetOrder.params },
  async ({ ctx, params, operator }) => {
    const detail = await getOrderDetail(ctx, params.id, operator);
    return Response.json(jsonSafe(detail) satisfies contract.OrderDetailJson);
  },
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
