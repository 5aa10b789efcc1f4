// The catalog as operators manage it (ADMIN): products with English and Arabic names, a price in
// fils and an active flag. Orders copy their lines when they are placed, so an edit applies to new
// orders only and never changes an order already placed (or paid). Every change is audited.
import type { z } from "zod";
import { recordAudit } from "@/lib/operators/audit/record-audit";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import { invalidateCatalogCache } from "@/lib/payments/catalog/catalog-cache";
import { priceChangeSize } from "@/lib/payments/catalog/price-change";
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

/** A price moved more than tenfold either way is saved only when the change says it means it. */
function refuseLargePriceChange(beforeFils: bigint, afterFils: bigint) {
  const size = priceChangeSize(beforeFils, afterFils);
  if (size !== "LARGE_RISE" && size !== "LARGE_DROP") return;
  throw new ConflictError(
    `The new price is ${size === "LARGE_RISE" ? "more than ten times" : "less than a tenth of"} the current one: send confirmLargePriceChange: true if that is meant.`,
    { reason: "LARGE_PRICE_CHANGE", beforeFils: beforeFils.toString(), afterFils: afterFils.toString() },
  );
}

export async function updateProduct(
  ctx: ServiceContext,
  operator: OperatorIdentity,
  productId: string,
  input: z.output<typeof productUpdate>,
) {
  const { confirmLargePriceChange, ...change } = input;
  const updated = await ctx.prisma.$transaction(async (tx) => {
    const before = await tx.product.findUnique({ where: { id: productId } });
    if (!before) throw new NotFoundError("No such product.");
    if (change.priceFils !== undefined && !confirmLargePriceChange) {
      refuseLargePriceChange(before.priceFils, change.priceFils);
    }
    const after = await tx.product.update({ where: { id: productId }, data: change });
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
