// The catalog the mini program shows: active products with both names and their prices.
import { z } from "zod";
import { defineEndpoint } from "../endpoint";
import { cacheHeaders, ifNoneMatchHeader, money } from "../shared-schemas";

const product = z
  .object({
    sku: z.string(),
    name: z.string(),
    nameArabic: z.string(),
    price: money,
    priceText: z.string().meta({ description: "The price as people read it.", examples: ["2,500 IQD"] }),
  })
  .meta({ id: "Product" });

const productList = z.object({ products: z.array(product) });
export type ProductListJson = z.input<typeof productList>;

export const listProducts = defineEndpoint({
  operationId: "listProducts",
  method: "get",
  path: "/api/mini/products",
  summary: "The catalog",
  description: "Active products by SKU. The same for everyone, so caches may keep it for a minute.",
  auth: "public",
  headers: ifNoneMatchHeader,
  responses: {
    200: { description: "The catalog.", body: productList, headers: cacheHeaders },
    304: { description: "The copy named by If-None-Match is still current.", headers: cacheHeaders },
  },
  examples: [
    {
      name: "catalog",
      summary: "The demo catalog's first products",
      request: {},
      response: {
        status: 200,
        body: {
          products: [
            {
              sku: "COFFEE",
              name: "Cardamom coffee",
              nameArabic: "قهوة بالهيل",
              price: { currency: "IQD", value: "2500000" },
              priceText: "2,500 IQD",
            },
            {
              sku: "TEA",
              name: "Iraqi tea",
              nameArabic: "شاي عراقي",
              price: { currency: "IQD", value: "1000000" },
              priceText: "1,000 IQD",
            },
          ],
        },
      },
    },
  ],
});
