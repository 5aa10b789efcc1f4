// A test database as an earlier release left it: migrated up to, not including, `migration`, so a
// test can put old rows in and watch that migration bring them up to date (applyMigrations with the
// project's directory applies the rest).
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { applyMigrations } from "@/lib/platform/db/migrate";
import { createTestDatabase, type TestDatabase } from "./database";

export async function databaseBefore(migration: string): Promise<TestDatabase> {
  const db = await createTestDatabase({ migrate: false });
  const earlier = mkdtempSync(join(tmpdir(), `migrations-before-${migration}-`));
  try {
    for (const name of readdirSync("prisma/migrations")) {
      if (name < migration) cpSync(join("prisma/migrations", name), join(earlier, name), { recursive: true });
    }
    await applyMigrations({ connectionString: db.url, migrationsDir: earlier });
  } finally {
    rmSync(earlier, { recursive: true, force: true });
  }
  return db;
}

/**
 * One statement on `db` over a connection of its own, with no Prisma client: the old schema's tables
 * are not the ones the generated client knows. Returns the rows.
 */
export async function queryOn(db: TestDatabase, query: string, values: unknown[] = []) {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(query, values)).rows;
  } finally {
    await client.end();
  }
}
