import { listEndpointDeliveries } from "@/lib/console/event-deliveries";
import * as contract from "@/lib/http/contract/admin/webhooks";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator(
  "integrations.manage",
  { params: contract.adminListEndpointDeliveries.params },
  async ({ request, ctx, params }) => {
    const query = readQuery(request, contract.adminListEndpointDeliveries.query);
    const page = await listEndpointDeliveries(ctx, params.id, query);
    return Response.json(jsonSafe(page) satisfies contract.DeliveryListJson);
  },
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
