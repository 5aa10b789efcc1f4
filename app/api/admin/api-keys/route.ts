import * as contract from "@/lib/http/contract/admin/api-keys";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { createApiKey, listApiKeys } from "@/lib/operators/api-keys/manage-api-keys";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator("integrations.manage", async ({ ctx }) =>
  Response.json(jsonSafe({ apiKeys: await listApiKeys(ctx) }) satisfies contract.ApiKeyListJson),
);

// The answer holds the secret, shown this once: it must never be cached or replayed.
export const POST = route.operator("integrations.manage", async ({ request, ctx, operator }) => {
  const created = await createApiKey(ctx, operator, await readJson(request, contract.adminCreateApiKey.body));
  return Response.json(jsonSafe(created) satisfies contract.CreatedApiKeyJson, {
    status: 201,
    headers: { "Cache-Control": "no-store" },
  });
});

export const { PUT, PATCH, DELETE } = methodsOtherThan("GET", "POST");
