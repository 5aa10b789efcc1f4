// Orders are priced from a catalog kept in memory, yet an operator's edit applies to the very next
// order on every instance (the insert checks each line against the database), never to an order that
// exists; and a session whose customer is gone is refused as REAUTHORIZE on every path of createOrder.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateCatalogCache } from "@/lib/payments/catalog/catalog-cache";
import { priceItems } from "@/lib/payments/catalog/price-items";
import { createOrder } from "@/lib/payments/orders/create-order";
import { DomainError } from "@/lib/platform/errors/domain-errors";
import { rejectionOf } from "@/test/support/expect-error";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";

let merchant: MerchantHarness;
beforeAll(async () => {
  merchant = await startMerchant();
});
afterAll(() => merchant.close());

const key = () => `order-${randomUUID()}`;

/** A product of its own per test, so tests never see each other's edits. */
async function newProduct(priceFils: bigint) {
  const sku = `SKU-${randomUUID().slice(0, 8)}`;
  await merchant.ctx.prisma.product.create({
    data: { sku, name: `Product ${sku}`, nameArabic: "منتج", priceFils },
  });
  return sku;
}

function order(customerId: string, sku: string, idempotencyKey = key()) {
  return createOrder(merchant.ctx, customerId, {
    flow: "CASHIER",
    items: [{ sku, quantity: 2 }],
    idempotencyKey,
  });
}

describe("pricing from the in-memory catalog", () => {
  it("a price changed in the database applies to the next order, though this instance cached the old one", async () => {
    const { customerId } = await merchant.newCustomer();
    const sku = await newProduct(1_000_000n);
    const before = await order(customerId, sku);
    // Another instance's operator edits the price: nobody tells this one.
    await merchant.ctx.prisma.product.update({ where: { sku }, data: { priceFils: 1_500_000n } });
    const after = await order(customerId, sku);
    expect(after.order.amountFils).toBe(3_000_000n);
    expect(after.order.items).toEqual([expect.objectContaining({ sku, unitPriceFils: 1_500_000n })]);
    // The order created before the edit keeps its price.
    const kept = await merchant.ctx.prisma.order.findUniqueOrThrow({
      where: { id: before.order.id },
      include: { items: true },
    });
    expect(kept.amountFils).toBe(2_000_000n);
    expect(kept.items).toEqual([expect.objectContaining({ unitPriceFils: 1_000_000n })]);
  });

  it("an Arabic name edited in the database reaches the next order's line; earlier lines keep theirs", async () => {
    const { customerId } = await merchant.newCustomer();
    const sku = await newProduct(1_000_000n);
    const before = await order(customerId, sku);
    expect(before.order.items).toEqual([expect.objectContaining({ sku, nameArabic: "منتج" })]);
    // Only the Arabic name changes, on another instance: the cached line no longer matches the row.
    await merchant.ctx.prisma.product.update({ where: { sku }, data: { nameArabic: "منتج جديد" } });
    const after = await order(customerId, sku);
    expect(after.order.items).toEqual([expect.objectContaining({ sku, nameArabic: "منتج جديد" })]);
    const kept = await merchant.ctx.prisma.orderItem.findFirstOrThrow({
      where: { orderId: before.order.id },
    });
    expect(kept.nameArabic).toBe("منتج");
  });

  it("a product added after the catalog was cached can be ordered at once", async () => {
    const { customerId } = await merchant.newCustomer();
    await order(customerId, "COFFEE");
    const sku = await newProduct(700_000n);
    const { order: created } = await order(customerId, sku);
    expect(created.amountFils).toBe(1_400_000n);
  });

  it("a product deactivated after the catalog was cached is refused before anything is stored or sent", async () => {
    const { customerId } = await merchant.newCustomer();
    const sku = await newProduct(900_000n);
    await order(customerId, sku);
    await merchant.ctx.prisma.product.update({ where: { sku }, data: { active: false } });
    const payCalls = await merchant.walletCalls("pay");
    const ordersBefore = await merchant.ctx.prisma.order.count({ where: { customerId } });
    const error = await rejectionOf(order(customerId, sku), DomainError);
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", details: { unknown: [sku] } });
    expect(await merchant.ctx.prisma.order.count({ where: { customerId } })).toBe(ordersBefore);
    expect(await merchant.walletCalls("pay")).toBe(payCalls);
  });

  it("a retry of an order whose product was deactivated since still returns that order", async () => {
    const { customerId } = await merchant.newCustomer();
    const sku = await newProduct(800_000n);
    const idempotencyKey = key();
    const first = await order(customerId, sku, idempotencyKey);
    await merchant.ctx.prisma.product.update({ where: { sku }, data: { active: false } });
    const again = await order(customerId, sku, idempotencyKey);
    expect(again).toMatchObject({ created: false, order: { id: first.order.id } });
  });

  it("reads prices from memory until invalidateCatalogCache() is called", async () => {
    const sku = await newProduct(500_000n);
    const items = [{ sku, quantity: 1 }];
    expect((await priceItems(merchant.ctx.prisma, items)).amountFils).toBe(500_000n);
    await merchant.ctx.prisma.product.update({ where: { sku }, data: { priceFils: 600_000n } });
    expect((await priceItems(merchant.ctx.prisma, items)).amountFils).toBe(500_000n);
    invalidateCatalogCache();
    expect((await priceItems(merchant.ctx.prisma, items)).amountFils).toBe(600_000n);
  });
});

describe("a session whose customer is gone", () => {
  async function goneCustomer() {
    const { customerId, userId } = await merchant.newCustomer();
    await merchant.ctx.prisma.walletToken.deleteMany({ where: { customerId } });
    await merchant.ctx.prisma.customer.delete({ where: { id: customerId } });
    return { customerId, userId };
  }

  it.each([
    ["a cashier order", { flow: "CASHIER" as const, items: [{ sku: "COFFEE", quantity: 1 }] }],
    ["an unknown product", { flow: "CASHIER" as const, items: [{ sku: "NO-SUCH-SKU", quantity: 1 }] }],
    ["an agreement order", { flow: "AGREEMENT" as const, items: [{ sku: "COFFEE", quantity: 1 }] }],
  ])("%s is refused with REAUTHORIZE, nothing stored or sent", async (_, input) => {
    const { customerId } = await goneCustomer();
    const payCalls = await merchant.walletCalls("pay");
    const error = await rejectionOf(
      createOrder(merchant.ctx, customerId, { ...input, idempotencyKey: key() }),
      DomainError,
    );
    expect(error.code).toBe("REAUTHORIZE");
    expect(await merchant.ctx.prisma.order.count({ where: { customerId } })).toBe(0);
    expect(await merchant.walletCalls("pay")).toBe(payCalls);
  });
});
