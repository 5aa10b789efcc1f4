// Seeds the demo catalog (`npm run db:seed`, `npm run dev`, tests). Idempotent: products that are
// missing are inserted; a product that exists is never touched, so a merchant who changed a demo
// product's price or names keeps the change. The report says which case each product was.
import type { PrismaClient, Product } from "@/lib/platform/db";
import { formatIqd } from "@/lib/platform/money/format-iqd";
import { DEMO_PRODUCTS } from "./demo-catalog";

type DemoProduct = (typeof DEMO_PRODUCTS)[number];

export interface CatalogSeedReport {
  /** SKUs this run inserted (in catalog order, like the other lists). */
  inserted: string[];
  /** SKUs that were there already and were left as they are. */
  unchanged: string[];
  /** Among `unchanged`: products that differ from the demo, with what differs. */
  edited: { sku: string; differences: string[] }[];
}

export async function seedDemoCatalog(prisma: PrismaClient): Promise<CatalogSeedReport> {
  // skipDuplicates makes a concurrent seed harmless; the rows returned are only those this run created.
  const created = await prisma.product.createManyAndReturn({
    data: DEMO_PRODUCTS.map((product) => ({ ...product, currency: "IQD" })),
    skipDuplicates: true,
    select: { sku: true },
  });
  const createdSkus = new Set(created.map((product) => product.sku));
  const inserted = DEMO_PRODUCTS.filter((p) => createdSkus.has(p.sku)).map((p) => p.sku);
  const unchanged = DEMO_PRODUCTS.filter((p) => !createdSkus.has(p.sku)).map((p) => p.sku);
  const existing = await prisma.product.findMany({ where: { sku: { in: unchanged } } });
  const bySku = new Map(existing.map((product) => [product.sku, product]));
  const edited = DEMO_PRODUCTS.flatMap((demo) => {
    const stored = bySku.get(demo.sku);
    const differences = stored ? differencesFromDemo(stored, demo) : [];
    return differences.length > 0 ? [{ sku: demo.sku, differences }] : [];
  });
  return { inserted, unchanged, edited };
}

function differencesFromDemo(stored: Product, demo: DemoProduct): string[] {
  const differences: string[] = [];
  if (stored.priceFils !== demo.priceFils || stored.currency !== "IQD") {
    const price =
      stored.currency === "IQD" ? formatIqd(stored.priceFils) : `${stored.priceFils} ${stored.currency}`;
    differences.push(`price ${price} (demo ${formatIqd(demo.priceFils)})`);
  }
  if (stored.name !== demo.name) differences.push(`name "${stored.name}" (demo "${demo.name}")`);
  if (stored.nameArabic !== demo.nameArabic) differences.push("Arabic name");
  if (!stored.active) differences.push("inactive");
  return differences;
}

/** The report as lines for a terminal. */
export function describeCatalogSeed(report: CatalogSeedReport): string[] {
  const lines = [
    `demo catalog: ${report.inserted.length} inserted${report.inserted.length > 0 ? ` (${report.inserted.join(", ")})` : ""}, ` +
      `${report.unchanged.length} left unchanged${report.unchanged.length > 0 ? ` (${report.unchanged.join(", ")})` : ""}`,
  ];
  for (const { sku, differences } of report.edited) {
    lines.push(`  ${sku} differs from the demo (${differences.join("; ")}): kept as the merchant left it`);
  }
  return lines;
}
