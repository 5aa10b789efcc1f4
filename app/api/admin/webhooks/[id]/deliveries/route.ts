import { listEndpointDeliveries } from "@/lib/console/event-deliveries";
import * as contract from "@/lib/http/contract/admin/webhooks";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator(
  "integrations.manage",
  { params: contract.adminListEndpointDeliveries.params },
  async ({ ctx, params }) =>
    Response.json(
      jsonSafe({
        deliveries: await listEndpointDeliveries(ctx, params.id),
      }) satisfies contract.DeliveryListJson,
    ),
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
