import { listDeadDeliveries } from "@/lib/console/event-deliveries";
import type * as contract from "@/lib/http/contract/admin/webhooks";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator("orders.read", async ({ ctx }) =>
  Response.json(jsonSafe({ deliveries: await listDeadDeliveries(ctx) }) satisfies contract.DeliveryListJson),
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
