// Hand-written statements run on the pg pool Prisma uses, typed as Prisma types them, and join the
// caller's transaction when given one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/platform/db";
import { closePrismaClient, createPrismaClient, poolOf } from "@/lib/platform/db/client";
import { execute, queryRows } from "@/lib/platform/db/run-sql";
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

describe("prepared statements", () => {
  it("a prepared statement is parsed once per connection and answers like an unprepared one", async () => {
    const prisma = createPrismaClient(db.url);
    try {
      const read = (value: number) => Prisma.sql`SELECT ${value}::int + 1 AS next`;
      const unprepared = await queryRows(prisma, read(1));
      expect(await queryRows(prisma, read(1), { prepared: true })).toEqual(unprepared);
      // The same text with other values reuses the statement on this connection.
      expect(await queryRows(prisma, read(41), { prepared: true })).toEqual([{ next: 42 }]);
      // One connection so far (the pool reuses the idle one), holding exactly one statement of ours.
      expect(poolOf(prisma)?.totalCount).toBe(1);
      const statements = await queryRows<{ name: string; statement: string }>(
        prisma,
        Prisma.sql`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'run_sql_%'`,
      );
      expect(statements).toEqual([
        { name: expect.stringMatching(/^run_sql_[0-9a-f]{20}$/), statement: read(1).text },
      ]);
    } finally {
      await closePrismaClient(prisma);
    }
  });

  it("execute runs a prepared write", async () => {
    const sku = `PREPARED-${Date.now()}`;
    const insert = (id: string) =>
      Prisma.sql`INSERT INTO products (id, sku, name, name_arabic, price_fils, updated_at)
                 VALUES (${id}, ${id}, 'n', 'n', 1, now())`;
    expect(await execute(db.prisma, insert(`${sku}-1`), { prepared: true })).toBe(1);
    expect(await execute(db.prisma, insert(`${sku}-2`), { prepared: true })).toBe(1);
    expect(await db.prisma.product.count({ where: { sku: { startsWith: sku } } })).toBe(2);
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
