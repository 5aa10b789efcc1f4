import { updateProduct } from "@/lib/console/catalog";
import * as contract from "@/lib/http/contract/admin/catalog";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

// Edits apply to new orders only: a placed order keeps the lines and prices it was placed with.
export const PATCH = route.operator(
  "catalog.edit",
  { params: contract.adminUpdateProduct.params },
  async ({ request, ctx, params, operator }) => {
    const input = await readJson(request, contract.adminUpdateProduct.body);
    const updated = await updateProduct(ctx, operator, params.id, input);
    return Response.json(jsonSafe(updated) satisfies contract.ProductJson);
  },
);

export const { GET, POST, PUT, DELETE } = methodsOtherThan("PATCH");
