import { listDeadDeliveries } from "@/lib/console/event-deliveries";
import * as contract from "@/lib/http/contract/admin/webhooks";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator("orders.read", async ({ request, ctx }) => {
  const page = await listDeadDeliveries(ctx, readQuery(request, contract.adminListDeadDeliveries.query));
  return Response.json(jsonSafe(page) satisfies contract.DeliveryListJson);
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
