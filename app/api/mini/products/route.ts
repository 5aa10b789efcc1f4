import { cachedJson } from "@/lib/http/cached-json";
import * as contract from "@/lib/http/contract/mini/catalog";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { listProducts } from "@/lib/payments/catalog/list-products";

// The catalog is public and the same for every customer: shared caches may keep it for a minute.
export const GET = route.public(async ({ request, ctx }) => {
  const catalog = { products: await listProducts(ctx.prisma) } satisfies contract.ProductListJson;
  return cachedJson(request, catalog, { maxAgeSeconds: 60 });
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
