import * as contract from "@/lib/http/contract/admin/api-keys";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { revokeApiKey } from "@/lib/operators/api-keys/manage-api-keys";
import { jsonSafe } from "@/lib/platform/json";

export const DELETE = route.operator(
  "integrations.manage",
  { params: contract.adminRevokeApiKey.params },
  async ({ ctx, operator, params }) =>
    Response.json(jsonSafe(await revokeApiKey(ctx, operator, params.id)) satisfies contract.ApiKeyJson),
);

export const { GET, POST, PUT, PATCH } = methodsOtherThan("DELETE");
