import { createProduct, listProducts } from "@/lib/console/catalog";
import * as contract from "@/lib/http/contract/admin/catalog";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator("orders.read", async ({ ctx }) =>
  Response.json(jsonSafe({ products: await listProducts(ctx.prisma) }) satisfies contract.ProductListJson),
);

// New products apply to new orders at once; orders already placed keep their own copy of the lines.
export const POST = route.operator("catalog.edit", async ({ request, ctx, operator }) => {
  const created = await createProduct(
    ctx,
    operator,
    await readJson(request, contract.adminCreateProduct.body),
  );
  return Response.json(jsonSafe(created) satisfies contract.ProductJson, { status: 201 });
});

export const { PUT, PATCH, DELETE } = methodsOtherThan("GET", "POST");
