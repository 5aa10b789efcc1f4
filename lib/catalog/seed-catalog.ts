import type { PrismaClient } from "@/lib/db";
import { DEMO_PRODUCTS } from "./demo-catalog";

/** Inserts the demo products that are missing; never changes a product the merchant edited. */
export async function seedDemoCatalog(prisma: PrismaClient): Promise<number> {
  const result = await prisma.product.createMany({
    data: DEMO_PRODUCTS.map((product) => ({ ...product, currency: "IQD" })),
    skipDuplicates: true,
  });
  return result.count;
}
