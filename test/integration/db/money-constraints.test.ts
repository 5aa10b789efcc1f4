// The database itself refuses money that does not add up, whatever the code does.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe("money CHECK constraints", () => {
  it("refunds plus voids may reach the amount", async () => {
    await db.prisma.order.update({
      where: { id: orderId },
      data: { voidedFils: 4_000n, refundedFils: 6_000n },
    });
    await db.prisma.order.update({ where: { id: orderId }, data: { voidedFils: 0n, refundedFils: 0n } });
  });

  it.each([
    ["refunds above the amount", { refundedFils: 10_001n }],
    ["refunds plus voids above the amount", { refundedFils: 6_000n, voidedFils: 4_001n }],
    ["a negative refund total", { refundedFils: -1n }],
    ["a zero order amount", { amountFils: 0n }],
  ])("refuse %s", async (_name, data) => {
    await expect(db.prisma.order.update({ where: { id: orderId }, data })).rejects.toThrow();
  });

  it("refuse a refund of zero fils", async () => {
    await expect(
      db.prisma.refund.create({
        data: {
          orderId,
          refundRequestId: randomUUID(),
          amountFils: 0n,
          currency: "IQD",
          requestedBy: "test",
        },
      }),
    ).rejects.toThrow();
  });
});
