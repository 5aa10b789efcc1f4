import * as contract from "@/lib/http/contract/admin/refund-requests";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { pendingRefundRequests } from "@/lib/payments/refunds/refund-requests";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator("orders.read", async ({ ctx }) =>
  Response.json(
    jsonSafe({ requests: await pendingRefundRequests(ctx) }) satisfies contract.PendingRefundRequestsJson,
  ),
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
