import { reapplyStoredNotification } from "@/lib/console/notifications";
import * as contract from "@/lib/http/contract/admin/lists";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

// Applies a stored notification again (idempotent: it only completes or re-checks, never doubles).
export const POST = route.operator(
  "notifications.reapply",
  { params: contract.adminReapplyNotification.params },
  async ({ ctx, params, operator }) => {
    const reapplied = await reapplyStoredNotification(ctx, operator, params.id);
    return Response.json(jsonSafe(reapplied) satisfies contract.ReappliedJson);
  },
);

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
