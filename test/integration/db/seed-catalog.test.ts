// The demo catalog seed (`npm run db:seed`, also run by `npm run dev`) on a real database: it inserts
// what is missing, never overwrites a product the merchant changed, and says which is which.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "@/lib/payments/catalog/demo-catalog";
import { describeCatalogSeed, seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";

const ALL_SKUS = DEMO_PRODUCTS.map((product) => product.sku);

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

describe("seedDemoCatalog", () => {
  it("inserts every demo product into an empty catalog, then nothing the second time", async () => {
    expect(await seedDemoCatalog(db.prisma)).toEqual({ inserted: ALL_SKUS, unchanged: [], edited: [] });
    const again = await seedDemoCatalog(db.prisma);
    expect(again).toEqual({ inserted: [], unchanged: ALL_SKUS, edited: [] });
    expect(describeCatalogSeed(again)).toEqual([
      `demo catalog: 0 inserted, 5 left unchanged (${ALL_SKUS.join(", ")})`,
    ]);
    expect(await db.prisma.product.count()).toBe(DEMO_PRODUCTS.length);
  });

  it("keeps the merchant's price and names, re-inserts a deleted product and reports both", async () => {
    await db.prisma.product.update({ where: { sku: "MUG" }, data: { priceFils: 20_000_500n } });
    await db.prisma.product.update({
      where: { sku: "DATES" },
      data: { name: "Dates", nameArabic: "تمر", active: false },
    });
    await db.prisma.product.delete({ where: { sku: "TEA" } });

    const report = await seedDemoCatalog(db.prisma);

    expect(report).toEqual({
      inserted: ["TEA"],
      unchanged: ["COFFEE", "KLEICHA", "DATES", "MUG"],
      edited: [
        { sku: "DATES", differences: ['name "Dates" (demo "Barhi dates, 1 kg")', "Arabic name", "inactive"] },
        { sku: "MUG", differences: ["price 20,000.500 IQD (demo 15,000 IQD)"] },
      ],
    });
    expect(describeCatalogSeed(report)).toEqual([
      "demo catalog: 1 inserted (TEA), 4 left unchanged (COFFEE, KLEICHA, DATES, MUG)",
      '  DATES differs from the demo (name "Dates" (demo "Barhi dates, 1 kg"); Arabic name; inactive): kept as the merchant left it',
      "  MUG differs from the demo (price 20,000.500 IQD (demo 15,000 IQD)): kept as the merchant left it",
    ]);
    const mug = await db.prisma.product.findUniqueOrThrow({ where: { sku: "MUG" } });
    expect(mug.priceFils).toBe(20_000_500n);
    const dates = await db.prisma.product.findUniqueOrThrow({ where: { sku: "DATES" } });
    expect(dates).toMatchObject({ name: "Dates", nameArabic: "تمر", active: false });
  });

  it("npm run db:seed prints the report, and names the fix when the database was never migrated", async () => {
    const run = (databaseUrl: string) =>
      promisify(execFile)(path.resolve("node_modules/.bin/tsx"), ["scripts/db-seed.ts"], {
        env: {
          ...process.env,
          NODE_ENV: "development",
          DATABASE_URL: databaseUrl,
          LOCAL_DIR: mkdtempSync(path.join(tmpdir(), "db-seed-local-")),
        },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );

    const seeded = await run(db.url);
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toContain("[db:seed] demo catalog: 0 inserted, 5 left unchanged");
    expect(seeded.stdout).toContain("MUG differs from the demo");

    const empty = await createTestDatabase({ migrate: false });
    try {
      const failed = await run(empty.url);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain("run `npm run db:migrate` first");
    } finally {
      await empty.drop();
    }
  });
});
