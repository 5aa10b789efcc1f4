import { resendDelivery } from "@/lib/console/event-deliveries";
import * as contract from "@/lib/http/contract/admin/webhooks";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

export const POST = route.operator(
  "deliveries.resend",
  { params: contract.adminResendDelivery.params },
  async ({ ctx, operator, params }) =>
    Response.json(jsonSafe(await resendDelivery(ctx, operator, params.id)) satisfies contract.DeliveryJson),
);

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
