// A fresh, migrated PostgreSQL database per test file, so files run in parallel without sharing rows.
//
//   let db: TestDatabase;
//   beforeAll(async () => { db = await createTestDatabase(); });
//   afterAll(async () => { await db?.drop(); });
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import type { PrismaClient } from "@/generated/prisma/client";
import { closePrismaClient, createPrismaClient } from "@/lib/platform/db/client";
import { quoteIdentifier, withDatabase } from "@/lib/platform/db/ensure-database";
import { applyMigrations } from "@/lib/platform/db/migrate";
import { waitUntil } from "./wait";

/** The local test server (trust auth); its `postgres` database is used only to create and drop. */
export const TEST_SERVER_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  name: string;
  url: string;
  prisma: PrismaClient;
  /** Disconnects Prisma and drops the database, closing any connection a test left open. */
  drop(): Promise<void>;
}

export async function createTestDatabase(
  options: { migrate?: boolean; serverUrl?: string } = {},
): Promise<TestDatabase> {
  const serverUrl = options.serverUrl ?? TEST_SERVER_URL;
  const name = `test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${quoteIdentifier(name)}`);
  const url = withDatabase(serverUrl, name);
  try {
    if (options.migrate ?? true) await applyMigrations({ connectionString: url });
  } catch (error) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    throw error;
  }
  const prisma = createPrismaClient(url);
  return {
    name,
    url,
    prisma,
    async drop() {
      await closePrismaClient(prisma);
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * Drops the database once the connections still closing have gone (up to 5 s), then with FORCE for
 * any a test left open. A pool's `end()` resolves before its sockets are closed: FORCE at once would
 * kill them mid-close, and pg would raise the error on a pool nobody listens to any more.
 */
async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ count: string }>(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = $1",
        [name],
      );
      if (rows[0]?.count === "0") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Resolves once some session waits on a lock that the session `holderPid` holds: the way a race test
 * proves that the contended moment it stages really happened, instead of sleeping and hoping.
 */
export async function waitUntilBlockedBy(
  prisma: PrismaClient,
  holderPid: number,
  what: string,
): Promise<void> {
  await waitUntil(
    async () => {
      const [row] = await prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND ${holderPid}::int = ANY(pg_blocking_pids(pid))`;
      return (row?.n ?? 0) > 0;
    },
    { timeoutMs: 30_000, what, intervalMs: 20 },
  );
}
