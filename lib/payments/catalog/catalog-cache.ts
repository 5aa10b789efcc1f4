// The active catalog, kept in memory: orders are priced from it without a database read. It is a
// cache of what to *try*, never the authority: the order insert checks every line against the
// `products` row it was priced from and writes nothing if one changed (lib/payments/orders/insert-order.ts),
// and an SKU the cache does not know is looked up again before it is refused. So the product rule —
// an edit applies to orders created after it, never to one already created — holds exactly, on every
// instance, without waiting for a timeout; invalidateCatalogCache() (for the catalog's own editing
// code) only saves the next order on this instance that retry.
import type { PrismaClient } from "@/lib/platform/db";

interface CatalogEntry {
  sku: string;
  name: string;
  nameArabic: string;
  priceFils: bigint;
  currency: string;
}

export type Catalog = ReadonlyMap<string, CatalogEntry>;

// One catalog per database client (tests and benches run several databases in one process).
let catalogs = new WeakMap<PrismaClient, Promise<Catalog>>();

async function readActiveCatalog(prisma: PrismaClient): Promise<Catalog> {
  const products = await prisma.product.findMany({
    // A plan's product is sold by the period only (lib/payments/subscriptions), never in an order.
    where: { active: true, plan: { is: null } },
    select: { sku: true, name: true, nameArabic: true, priceFils: true, currency: true },
  });
  return new Map(products.map((product) => [product.sku, product]));
}

/** The active products by SKU: from memory, or read once (concurrent callers share the read). */
export function activeCatalog(prisma: PrismaClient, options: { fresh?: boolean } = {}): Promise<Catalog> {
  let catalog = options.fresh ? undefined : catalogs.get(prisma);
  if (!catalog) {
    catalog = readActiveCatalog(prisma);
    catalogs.set(prisma, catalog);
    // A failed read is not kept: the next order tries the database again.
    catalog.catch(() => {
      if (catalogs.get(prisma) === catalog) catalogs.delete(prisma);
    });
  }
  return catalog;
}

/** Forgets every cached catalog: call after changing products, so the next order reads them anew. */
export function invalidateCatalogCache(): void {
  catalogs = new WeakMap();
}
