import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/console/webhook-endpoints";
import * as contract from "@/lib/http/contract/admin/webhooks";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";
import { getOutboundPolicy } from "@/lib/platform/outbound/shared-policy";

export const GET = route.operator("integrations.manage", async ({ ctx }) =>
  Response.json(
    jsonSafe({ endpoints: await listWebhookEndpoints(ctx) }) satisfies contract.WebhookEndpointListJson,
  ),
);

// The answer holds the signing secret, shown this once: it must never be cached or replayed.
export const POST = route.operator("integrations.manage", async ({ request, ctx, operator }) => {
  const input = await readJson(request, contract.adminCreateWebhookEndpoint.body);
  const created = await createWebhookEndpoint(ctx, operator, input, { outbound: getOutboundPolicy() });
  return Response.json(jsonSafe(created) satisfies contract.CreatedWebhookEndpointJson, {
    status: 201,
    headers: { "Cache-Control": "no-store" },
  });
});

export const { PUT, PATCH, DELETE } = methodsOtherThan("GET", "POST");
