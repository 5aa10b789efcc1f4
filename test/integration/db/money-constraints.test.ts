// The database itself refuses money that does not add up, whatever the code does.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violatedCheckConstraint } from "@/lib/platform/db/errors";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";

let db: TestDatabase;
let orderId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const customer = await db.prisma.customer.create({ data: { walletCustomerId: `c-${randomUUID()}` } });
  const order = await db.prisma.order.create({
    data: {
      customerId: customer.id,
      flow: "ESCROW",
      productCode: "51051000101000100008",
      currency: "IQD",
      amountFils: 10_000n,
      idempotencyKey: randomUUID(),
      paymentRequestId: `pay_${randomUUID()}`,
    },
  });
  orderId = order.id;
});
afterAll(() => db?.drop());

/** The CHECK constraint that refused `write`; fails the test if the write went through. */
async function refusedBy(write: Promise<unknown>): Promise<string | undefined> {
  const error = await write.then(
    () => expect.fail("the database accepted the write"),
    (thrown: unknown) => thrown,
  );
  return violatedCheckConstraint(error);
}

describe("money CHECK constraints", () => {
  it("refunds plus voids may reach the amount exactly", async () => {
    const full = await db.prisma.order.update({
      where: { id: orderId },
      data: { voidedFils: 4_000n, refundedFils: 6_000n },
    });
    expect(full.refundedFils + full.voidedFils).toBe(full.amountFils);
    const cleared = await db.prisma.order.update({
      where: { id: orderId },
      data: { voidedFils: 0n, refundedFils: 0n },
    });
    expect(cleared).toMatchObject({ voidedFils: 0n, refundedFils: 0n });
  });

  it.each([
    ["refunds above the amount", { refundedFils: 10_001n }, "orders_refunds_and_voids_within_amount"],
    [
      "refunds plus voids above the amount",
      { refundedFils: 6_000n, voidedFils: 4_001n },
      "orders_refunds_and_voids_within_amount",
    ],
    ["a negative refund total", { refundedFils: -1n }, "orders_refunds_and_voids_within_amount"],
    ["a negative void total", { voidedFils: -1n }, "orders_refunds_and_voids_within_amount"],
    ["a zero order amount", { amountFils: 0n }, "orders_amount_positive"],
  ])("refuse %s", async (_name, data, constraint) => {
    expect(await refusedBy(db.prisma.order.update({ where: { id: orderId }, data }))).toBe(constraint);
    const unchanged = await db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(unchanged).toMatchObject({ amountFils: 10_000n, refundedFils: 0n, voidedFils: 0n });
  });

  it("refuse a refund of zero fils", async () => {
    const write = db.prisma.refund.create({
      data: { orderId, refundRequestId: randomUUID(), amountFils: 0n, currency: "IQD", requestedBy: "test" },
    });
    expect(await refusedBy(write)).toBe("refunds_amount_positive");
  });

  it.each([
    ["a quantity of zero", { quantity: 0, unitPriceFils: 1n }, "order_items_quantity_positive"],
    ["a negative unit price", { quantity: 1, unitPriceFils: -1n }, "order_items_price_not_negative"],
  ])("refuse an order line with %s", async (_name, line, constraint) => {
    const write = db.prisma.orderItem.create({ data: { orderId, sku: "X", name: "X", ...line } });
    expect(await refusedBy(write)).toBe(constraint);
  });

  it("refuse a void of zero fils", async () => {
    const write = db.prisma.escrowOperation.create({
      data: { orderId, type: "VOID", requestId: randomUUID(), amountFils: 0n, requestedBy: "test" },
    });
    expect(await refusedBy(write)).toBe("escrow_operations_amount_positive");
  });
});
