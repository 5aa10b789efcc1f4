// The catalog as the mini program shows it. Only active products that are not plans, ordered by
// SKU, so the same catalog always gives the same list (and the same ETag).
import type { PrismaClient } from "@/lib/platform/db";
import { formatIqd } from "@/lib/platform/money/format-iqd";

export interface CatalogProduct {
  sku: string;
  name: string;
  nameArabic: string;
  /** Wire money like the wallet's: the value is integer fils as a string (BigInt-safe in JSON). */
  price: { currency: string; value: string };
  /** The price as a customer reads it, e.g. "12,000 IQD". */
  priceText: string;
}

export async function listProducts(prisma: PrismaClient): Promise<CatalogProduct[]> {
  const products = await prisma.product.findMany({
    // Plans are listed apart (GET /api/mini/subscriptions/plans).
    where: { active: true, plan: { is: null } },
    orderBy: { sku: "asc" },
    select: { sku: true, name: true, nameArabic: true, priceFils: true, currency: true },
  });
  return products.map((product) => ({
    sku: product.sku,
    name: product.name,
    nameArabic: product.nameArabic,
    price: { currency: product.currency, value: product.priceFils.toString() },
    priceText: priceText(product.priceFils, product.currency),
  }));
}

function priceText(minorUnits: bigint, currency: string): string {
  // Orders are priced in IQD; another currency in the table would be a merchant's own addition whose
  // minor unit we do not know, so it is shown as stored rather than guessed.
  return currency === "IQD" ? formatIqd(minorUnits) : `${minorUnits} ${currency} (minor units)`;
}
