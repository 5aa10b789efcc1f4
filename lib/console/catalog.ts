// The catalog as operators manage it (ADMIN): products with English and Arabic names, a price in
// fils and an active flag. Orders copy their lines when they are placed, so an edit applies to new
// orders only and never changes an order already placed (or paid). Every change is audited.
import type { z } from "zod";
import { recordAudit } from "@/lib/operators/audit/record-audit";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import { invalidateCatalogCache } from "@/lib/payments/catalog/catalog-cache";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { PrismaClient } from "@/lib/platform/db";
import { createUnlessTaken } from "@/lib/platform/db/errors";
import { ConflictError, NotFoundError } from "@/lib/platform/errors/domain-errors";
import type { productInput, productUpdate } from "./request-schemas";

export function listProducts(prisma: PrismaClient) {
  return prisma.product.findMany({ orderBy: [{ active: "desc" }, { sku: "asc" }] });
}

/** This instance's in-memory catalog forgets what it knew; other instances are safe anyway (the
 * order insert checks every line against the products table). */
function afterCatalogEdit<T>(result: T): T {
  invalidateCatalogCache();
  return result;
}

export async function createProduct(
  ctx: ServiceContext,
  operator: OperatorIdentity,
  input: z.output<typeof productInput>,
) {
  return createUnlessTaken(
    async () =>
      afterCatalogEdit(
        await ctx.prisma.$transaction(async (tx) => {
          const product = await tx.product.create({ data: { ...input, currency: "IQD" } });
          await recordAudit(tx, {
            operator,
            action: "product.create",
            subjectType: "PRODUCT",
            subjectId: product.id,
            after: product,
          });
          return product;
        }),
      ),
    () => new ConflictError(`A product with SKU ${input.sku} exists already.`),
  );
}

export async function updateProduct(
  ctx: ServiceContext,
  operator: OperatorIdentity,
  productId: string,
  input: z.output<typeof productUpdate>,
) {
  const updated = await ctx.prisma.$transaction(async (tx) => {
    const before = await tx.product.findUnique({ where: { id: productId } });
    if (!before) throw new NotFoundError("No such product.");
    const after = await tx.product.update({ where: { id: productId }, data: input });
    await recordAudit(tx, {
      operator,
      action: "product.update",
      subjectType: "PRODUCT",
      subjectId: productId,
      before,
      after,
    });
    return after;
  });
  return afterCatalogEdit(updated);
}
