// Hand-written statements run on the pg pool Prisma uses, typed as Prisma types them, and join the
// caller's transaction when given one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db";
import { closePrismaClient, createPrismaClient, poolOf } from "@/lib/db/client";
import { execute, queryRows } from "@/lib/db/run-sql";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

describe("queryRows", () => {
  it("reads every type as Prisma's own raw query does", async () => {
    const query = Prisma.sql`
      SELECT ${9_007_199_254_740_993n}::bigint AS big, 7::int AS small, ${"text"}::text AS word,
             ${new Date("2026-11-22T10:00:00.123Z")}::timestamptz AS at, '{"a":[1,"b"]}'::jsonb AS doc,
             ${["x", "y"]}::text[] AS list, NULL::text AS nothing, true AS yes, 'PAID'::order_status AS status`;
    const [direct] = await queryRows<Record<string, unknown>>(db.prisma, query);
    const [throughPrisma] = await db.prisma.$queryRaw<Record<string, unknown>[]>(query);
    expect(direct).toEqual(throughPrisma);
    expect(direct).toMatchObject({ big: 9_007_199_254_740_993n, at: new Date("2026-11-22T10:00:00.123Z") });
  });

  it("uses the pool Prisma uses, not a second one", async () => {
    const prisma = createPrismaClient(db.url);
    const pool = poolOf(prisma);
    try {
      expect(pool?.totalCount).toBe(0);
      await prisma.product.count();
      // Prisma's query opened the connection in our pool ...
      expect(pool?.totalCount).toBe(1);
      await queryRows(prisma, Prisma.sql`SELECT 1`);
      // ... and the hand-written statement reused it.
      expect(pool?.totalCount).toBe(1);
    } finally {
      await closePrismaClient(prisma);
    }
  });

  it("inside a transaction, runs on the transaction's connection and rolls back with it", async () => {
    const sku = `RUN-SQL-${Date.now()}`;
    await expect(
      db.prisma.$transaction(async (tx) => {
        await execute(
          tx,
          Prisma.sql`INSERT INTO products (id, sku, name, name_arabic, price_fils, updated_at)
                     VALUES (${sku}, ${sku}, 'n', 'n', 1, now())`,
        );
        // Visible inside the transaction only.
        expect(await queryRows(tx, Prisma.sql`SELECT sku FROM products WHERE sku = ${sku}`)).toHaveLength(1);
        expect(
          await queryRows(db.prisma, Prisma.sql`SELECT sku FROM products WHERE sku = ${sku}`),
        ).toHaveLength(0);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await db.prisma.product.count({ where: { sku } })).toBe(0);
  });
});

describe("closePrismaClient", () => {
  it("ends the pool even when only hand-written statements used it", async () => {
    const prisma = createPrismaClient(db.url);
    const pool = poolOf(prisma);
    await queryRows(prisma, Prisma.sql`SELECT 1`);
    await closePrismaClient(prisma);
    expect(pool?.ended).toBe(true);
  });
});
