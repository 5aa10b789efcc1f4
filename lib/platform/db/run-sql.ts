// Runs the few hand-written statements of the hot paths (lib/payments/orders/insert-order.ts,
// write-order-transition.ts, lib/platform/wallet-calls/record-wallet-call.ts) straight on the client's pg pool,
// without Prisma's query runtime: on the busiest routes that runtime cost more than the statement.
// Inside a transaction the statement goes through the transaction client instead, so it joins the
// transaction. Either way the rows come back typed as Prisma types them: BIGINT as bigint,
// timestamps as Date, JSON parsed.
import { createHash } from "node:crypto";
import pg from "pg";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { poolOf } from "./client";
import { canPrepareOn } from "./pooler";

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

export interface RunOptions {
  /**
   * Run as a named prepared statement: PostgreSQL parses and plans it once per connection instead of
   * on every call. Only for statements whose text comes from a small fixed set (values are always
   * parameters); a text built from a varying number of rows would prepare a new statement each time.
   * Ignored on a pool behind PgBouncer in transaction mode (pooler.ts): sent unnamed there.
   */
  prepared?: boolean;
}

/** Distinct texts prepared per process at most: a guard against a call site that varies its text. */
const MAX_PREPARED_TEXTS = 256;
const preparedNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED_TEXTS) {
    name = `run_sql_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    preparedNames.set(text, name);
  }
  return name;
}

function queryConfig(pool: pg.Pool, query: Prisma.Sql, options: RunOptions): pg.QueryConfig {
  // Read once: Prisma.Sql builds its text anew on every read (a few KB for the order statements).
  const text = query.text;
  const name = options.prepared && canPrepareOn(pool) ? statementName(text) : undefined;
  return { text, values: query.values, ...(name ? { name } : {}) };
}

/** The rows of `query` (a Prisma.sql template). */
export async function queryRows<T>(db: Db, query: Prisma.Sql, options: RunOptions = {}): Promise<T[]> {
  const pool = isClient(db) ? poolOf(db) : undefined;
  if (!pool) return db.$queryRaw<T[]>(query);
  const result = await pool.query({ ...queryConfig(pool, query, options), types });
  return result.rows as T[];
}

/** Runs `query` for its effect; the number of rows it touched. */
export async function execute(db: Db, query: Prisma.Sql, options: RunOptions = {}): Promise<number> {
  const pool = isClient(db) ? poolOf(db) : undefined;
  if (!pool) return db.$executeRaw(query);
  const result = await pool.query(queryConfig(pool, query, options));
  return result.rowCount ?? 0;
}
