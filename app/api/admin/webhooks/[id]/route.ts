import { deleteWebhookEndpoint, updateWebhookEndpoint } from "@/lib/console/webhook-endpoints";
import * as contract from "@/lib/http/contract/admin/webhooks";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";
import { getOutboundPolicy } from "@/lib/platform/outbound/shared-policy";

export const PATCH = route.operator(
  "integrations.manage",
  { params: contract.adminUpdateWebhookEndpoint.params },
  async ({ request, ctx, operator, params }) => {
    const input = await readJson(request, contract.adminUpdateWebhookEndpoint.body);
    const updated = await updateWebhookEndpoint(ctx, operator, params.id, input, {
      outbound: getOutboundPolicy(),
    });
    return Response.json(jsonSafe(updated) satisfies contract.WebhookEndpointJson);
  },
);

export const DELETE = route.operator(
  "integrations.manage",
  { params: contract.adminDeleteWebhookEndpoint.params },
  async ({ ctx, operator, params }) => {
    await deleteWebhookEndpoint(ctx, operator, params.id);
    return Response.json({ id: params.id, deleted: true as const });
  },
);

export const { GET, POST, PUT } = methodsOtherThan("PATCH", "DELETE");
