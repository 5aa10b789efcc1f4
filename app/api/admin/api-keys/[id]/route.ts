import { revokeApiKey } from "@/lib/admin/api-keys";
import * as contract from "@/lib/api/contract/admin/api-keys";
import { jsonSafe } from "@/lib/http/json";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const DELETE = route.operator(
  "integrations.manage",
  { params: contract.adminRevokeApiKey.params },
  async ({ ctx, operator, params }) =>
    Response.json(jsonSafe(await revokeApiKey(ctx, operator, params.id)) satisfies contract.ApiKeyJson),
);

export const { GET, POST, PUT, PATCH } = methodsOtherThan("DELETE");
