import * as contract from "@/lib/api/contract/mini/catalog";
import { listProducts } from "@/lib/catalog/list-products";
import { cachedJson } from "@/lib/http/cached-json";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

// The catalog is public and the same for every customer: shared caches may keep it for a minute.
export const GET = route.public(async ({ request, ctx }) => {
  const catalog = { products: await listProducts(ctx.prisma) } satisfies contract.ProductListJson;
  return cachedJson(request, catalog, { maxAgeSeconds: 60 });
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
