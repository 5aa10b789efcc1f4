// Runs the few hand-written statements of the hot paths (lib/orders/insert-order.ts,
// write-order-transition.ts, lib/wallet-calls/record-wallet-call.ts) straight on the client's pg pool,
// without Prisma's query runtime: on the busiest routes that runtime cost more than the statement.
// Inside a transaction the statement goes through the transaction client instead, so it joins the
// transaction. Either way the rows come back typed as Prisma types them: BIGINT as bigint,
// timestamps as Date, JSON parsed.
import pg from "pg";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { poolOf } from "./client";

type Db = PrismaClient | Prisma.TransactionClient;

const INT8_OID = 20;

// pg reads BIGINT as text (it may not fit a JS number); Prisma reads it as bigint, and so do we.
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8_OID) return (value: string) => BigInt(value);
    return pg.types.getTypeParser(oid, format);
  },
};

function isClient(db: Db): db is PrismaClient {
  return "$transaction" in db;
}

/** The rows of `query` (a Prisma.sql template). */
export async function queryRows<T>(db: Db, query: Prisma.Sql): Promise<T[]> {
  const pool = isClient(db) ? poolOf(db) : undefined;
  if (!pool) return db.$queryRaw<T[]>(query);
  const result = await pool.query({ text: query.text, values: query.values, types });
  return result.rows as T[];
}

/** Runs `query` for its effect; the number of rows it touched. */
export async function execute(db: Db, query: Prisma.Sql): Promise<number> {
  const pool = isClient(db) ? poolOf(db) : undefined;
  if (!pool) return db.$executeRaw(query);
  const result = await pool.query({ text: query.text, values: query.values });
  return result.rowCount ?? 0;
}
