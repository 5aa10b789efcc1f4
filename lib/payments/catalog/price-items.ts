// Prices an order from the catalog. The amount is always computed here, on the server: an amount sent
// by the mini program would let the user choose what to pay.

import type { PrismaClient } from "@/lib/platform/db";
import { InvalidRequestError } from "@/lib/platform/errors/domain-errors";
import { activeCatalog, type Catalog } from "./catalog-cache";

export interface RequestedItem {
  sku: string;
  quantity: number;
}

export interface PricedLine {
  sku: string;
  name: string;
  /** Kept with the line, like the English name: the console and the mini program show either. */
  nameArabic: string;
  unitPriceFils: bigint;
  quantity: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  amountFils: bigint;
  currency: string;
}

/** Merges repeated SKUs and orders lines by SKU, so the same basket always prices the same way. */
export function normalizeItems(items: RequestedItem[]): RequestedItem[] {
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.sku, (quantities.get(item.sku) ?? 0) + item.quantity);
  return [...quantities.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([sku, quantity]) => ({ sku, quantity }));
}

/**
 * Prices `items` from the active catalog as this instance holds it in memory (catalog-cache.ts); an SKU
 * it does not know is looked up in the database before it is refused. `fresh` reads the catalog anew.
 */
export async function priceItems(
  prisma: PrismaClient,
  items: RequestedItem[],
  options: { fresh?: boolean } = {},
): Promise<PricedOrder> {
  const normalized = normalizeItems(items);
  let catalog = await activeCatalog(prisma, options);
  if (!options.fresh && normalized.some((item) => !catalog.has(item.sku))) {
    // Perhaps a product added since the catalog was read.
    catalog = await activeCatalog(prisma, { fresh: true });
  }
  return priceFromCatalog(catalog, normalized);
}

function priceFromCatalog(catalog: Catalog, normalized: RequestedItem[]): PricedOrder {
  const unknown = normalized.filter((item) => !catalog.has(item.sku)).map((item) => item.sku);
  if (unknown.length > 0) {
    throw new InvalidRequestError(`Unknown or unavailable products: ${unknown.join(", ")}.`, { unknown });
  }
  const lines = normalized.map((item) => {
    const product = catalog.get(item.sku);
    if (!product) throw new Error("unreachable: checked above");
    return {
      sku: product.sku,
      name: product.name,
      nameArabic: product.nameArabic,
      unitPriceFils: product.priceFils,
      quantity: item.quantity,
    };
  });
  const currencies = new Set(lines.map((line) => catalog.get(line.sku)?.currency));
  if (currencies.size > 1) throw new InvalidRequestError("Products in one order must share a currency.");
  const amountFils = lines.reduce((sum, line) => sum + line.unitPriceFils * BigInt(line.quantity), 0n);
  if (amountFils <= 0n) throw new InvalidRequestError("The order total must be above zero.");
  return { lines, amountFils, currency: [...currencies][0] ?? "IQD" };
}

/** `2 x Coffee, 1 x Cake`, cut to the wallet's description limit. */
export function describeLines(lines: Pick<PricedLine, "name" | "quantity">[], max = 256): string {
  const text = lines.map((line) => `${line.quantity} x ${line.name}`).join(", ");
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
