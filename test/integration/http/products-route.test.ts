// GET /api/mini/products as Next.js calls it, on a real database: the active catalog by SKU with
// prices as wire money and as text, cacheable for a minute, revalidated with its ETag.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";

let db: TestDatabase;
let products: typeof import("@/app/api/mini/products/route");

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoCatalog(db.prisma);
  await db.prisma.product.createMany({
    data: [
      { sku: "BAKLAWA", name: "Baklawa, 250 g", nameArabic: "بقلاوة", priceFils: 4_500_250n },
      { sku: "RETIRED", name: "Old mug", nameArabic: "كوب قديم", priceFils: 1_000_000n, active: false },
    ],
  });
  Object.assign(process.env, {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: db.url,
    LOCAL_DIR: mkdtempSync(path.join(tmpdir(), "products-route-local-")),
  });
  products = await import("@/app/api/mini/products/route");
});

afterAll(async () => {
  const { disconnectPrisma } = await import("@/lib/platform/db/client");
  await disconnectPrisma();
  await db?.drop();
});

const none = { params: Promise.resolve({}) } as never;
const get = (headers: Record<string, string> = {}) =>
  products.GET(new Request("http://127.0.0.1:3000/api/mini/products", { headers }), none);

describe("GET /api/mini/products", () => {
  it("lists the active products by SKU, prices in fils and as people read them", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({
      products: [
        {
          sku: "BAKLAWA",
          name: "Baklawa, 250 g",
          nameArabic: "بقلاوة",
          price: { currency: "IQD", value: "4500250" },
          priceText: "4,500.250 IQD",
        },
        {
          sku: "COFFEE",
          name: "Cardamom coffee",
          nameArabic: "قهوة بالهيل",
          price: { currency: "IQD", value: "2500000" },
          priceText: "2,500 IQD",
        },
        expect.objectContaining({ sku: "DATES", priceText: "12,000 IQD" }),
        expect.objectContaining({ sku: "KLEICHA", priceText: "6,000 IQD" }),
        expect.objectContaining({ sku: "MUG", priceText: "15,000 IQD" }),
        expect.objectContaining({ sku: "TEA", priceText: "1,000 IQD" }),
      ],
    });
  });

  it("may be cached for a minute and answers 304 to its own ETag", async () => {
    const first = await get();
    const etag = first.headers.get("etag") ?? "";
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    expect(etag).toMatch(/^"[\w-]{43}"$/);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, "*"]) {
      const revalidated = await get({ "If-None-Match": ifNoneMatch });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe("");
      expect(revalidated.headers.get("etag")).toBe(etag);
      expect(revalidated.headers.get("cache-control")).toBe("public, max-age=60");
    }
    expect((await get({ "If-None-Match": '"stale"' })).status).toBe(200);
  });

  it("gets a new ETag when the catalog changes, so a stale copy is sent again in full", async () => {
    const before = (await get()).headers.get("etag") ?? "";
    await db.prisma.product.update({ where: { sku: "TEA" }, data: { priceFils: 1_250_000n } });
    const after = await get({ "If-None-Match": before });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before);
    const { products: list } = (await after.json()) as { products: { sku: string; priceText: string }[] };
    expect(list.find((product) => product.sku === "TEA")?.priceText).toBe("1,250 IQD");
  });
});
