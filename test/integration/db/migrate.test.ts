import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyMigrations, MIGRATION_LOCK_KEY, MigrationError } from "@/lib/platform/db/migrate";
import { DEFAULT_MIGRATIONS_DIR } from "@/lib/platform/db/migration-files";
import { createTestDatabase, type TestDatabase } from "../../support/database";

const repoMigrations = readdirSync(DEFAULT_MIGRATIONS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

let db: TestDatabase;
let sql: Client;
const tempDirs: string[] = [];

beforeEach(async () => {
  db = await createTestDatabase({ migrate: false });
  sql = new Client({ connectionString: db.url });
  await sql.connect();
});

afterEach(async () => {
  await sql.end();
  await db.drop();
});

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A throwaway migrations folder: { "001_name": "SQL" }. */
function migrationsDir(migrations: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  tempDirs.push(dir);
  writeMigrations(dir, migrations);
  return dir;
}

function writeMigrations(dir: string, migrations: Record<string, string>): void {
  for (const [name, text] of Object.entries(migrations)) {
    mkdirSync(path.join(dir, name), { recursive: true });
    writeFileSync(path.join(dir, name, "migration.sql"), text);
  }
}

async function tableExists(name: string): Promise<boolean> {
  const result = await sql.query("SELECT to_regclass($1) AS oid", [`public.${name}`]);
  return result.rows[0].oid !== null;
}

/** Polls `check` until it holds (a few seconds at most). */
async function eventually(what: string, check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

/** A second run of `dir`, returned once it has found the lock taken and is waiting for it. */
async function secondRunWaiting(dir: string) {
  const said: string[] = [];
  const run = applyMigrations({ connectionString: db.url, migrationsDir: dir, log: (m) => said.push(m) });
  await eventually("the second runner waiting", () => said.some((m) => m.includes("waiting")));
  return { run };
}

async function migrationRows() {
  const result = await sql.query(
    `SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count, logs
       FROM "_prisma_migrations" ORDER BY migration_name`,
  );
  return result.rows;
}

describe("applyMigrations", () => {
  it("applies every repository migration to a fresh database and records each as Prisma does", async () => {
    const result = await applyMigrations({ connectionString: db.url });

    expect(result).toEqual({ applied: repoMigrations, skipped: [] });
    const rows = await migrationRows();
    expect(rows.map((row) => row.migration_name)).toEqual(repoMigrations);
    for (const row of rows) {
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
    expect(await tableExists("orders")).toBe(true);
    expect(await tableExists("wallet_calls")).toBe(true);
  });

  it("creates _prisma_migrations with Prisma's exact columns", async () => {
    await applyMigrations({ connectionString: db.url });
    const columns = await sql.query(
      `SELECT column_name, data_type, character_maximum_length, is_nullable, column_default
         FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns.rows).toEqual([
      {
        column_name: "id",
        data_type: "character varying",
        character_maximum_length: 36,
        is_nullable: "NO",
        column_default: null,
      },
      {
        column_name: "checksum",
        data_type: "character varying",
        character_maximum_length: 64,
        is_nullable: "NO",
        column_default: null,
      },
      {
        column_name: "finished_at",
        data_type: "timestamp with time zone",
        character_maximum_length: null,
        is_nullable: "YES",
        column_default: null,
      },
      {
        column_name: "migration_name",
        data_type: "character varying",
        character_maximum_length: 255,
        is_nullable: "NO",
        column_default: null,
      },
      {
        column_name: "logs",
        data_type: "text",
        character_maximum_length: null,
        is_nullable: "YES",
        column_default: null,
      },
      {
        column_name: "rolled_back_at",
        data_type: "timestamp with time zone",
        character_maximum_length: null,
        is_nullable: "YES",
        column_default: null,
      },
      {
        column_name: "started_at",
        data_type: "timestamp with time zone",
        character_maximum_length: null,
        is_nullable: "NO",
        column_default: "now()",
      },
      {
        column_name: "applied_steps_count",
        data_type: "integer",
        character_maximum_length: null,
        is_nullable: "NO",
        column_default: "0",
      },
    ]);
  });

  it("records the sha256 of migration.sql as the checksum", async () => {
    const text = "CREATE TABLE a (id int);\n";
    await applyMigrations({ connectionString: db.url, migrationsDir: migrationsDir({ "001_a": text }) });
    const [row] = await migrationRows();
    expect(row.checksum).toBe(createHash("sha256").update(text).digest("hex"));
  });

  it("does nothing on a second run", async () => {
    await applyMigrations({ connectionString: db.url });
    const before = await migrationRows();

    const second = await applyMigrations({ connectionString: db.url });

    expect(second).toEqual({ applied: [], skipped: repoMigrations });
    expect(await migrationRows()).toEqual(before);
  });

  it("applies only migrations added since the last run, in name order", async () => {
    const dir = migrationsDir({ "001_a": "CREATE TABLE a (id int);" });
    await applyMigrations({ connectionString: db.url, migrationsDir: dir });
    writeMigrations(dir, {
      "003_c": "CREATE TABLE c (id int REFERENCES b (id));",
      "002_b": "CREATE TABLE b (id int PRIMARY KEY);",
    });

    const result = await applyMigrations({ connectionString: db.url, migrationsDir: dir });

    expect(result).toEqual({ applied: ["002_b", "003_c"], skipped: ["001_a"] });
  });

  it("serializes concurrent runs: one applies, the other waits for the lock and finds nothing to do", async () => {
    const dir = migrationsDir({
      // The sleep keeps the first runner inside the lock long enough to see the second one queue up,
      // even on a machine slow to start the second.
      "001_slow": "SELECT pg_sleep(5); CREATE TABLE slow (id int PRIMARY KEY); INSERT INTO slow VALUES (1);",
    });
    const lockStates = async () =>
      (
        await sql.query<{ granted: boolean }>(
          `SELECT granted FROM pg_locks
            WHERE locktype = 'advisory' AND objid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          [MIGRATION_LOCK_KEY],
        )
      ).rows.map((row) => row.granted);
    const first = applyMigrations({ connectionString: db.url, migrationsDir: dir });
    await eventually("the first runner holding the lock", async () => (await lockStates()).includes(true));
    // The second runner finds the lock taken and waits while the first still holds it.
    const second = await secondRunWaiting(dir);
    expect(await lockStates()).toEqual([true]);

    const results = await Promise.all([first, second.run]);

    expect(results).toEqual([
      { applied: ["001_slow"], skipped: [] },
      { applied: [], skipped: ["001_slow"] },
    ]);
    expect(await migrationRows()).toHaveLength(1);
    expect((await sql.query("SELECT count(*)::int AS n FROM slow")).rows[0].n).toBe(1);
    expect(await lockStates()).toEqual([]);
  });

  it("rolls a failing migration back entirely and keeps the ones before it", async () => {
    const dir = migrationsDir({
      "001_good": "CREATE TABLE good (id int);",
      "002_broken": "CREATE TABLE half (id int);\nINSERT INTO no_such_table VALUES (1);",
      "003_later": "CREATE TABLE later (id int);",
    });

    const run = applyMigrations({ connectionString: db.url, migrationsDir: dir });

    await expect(run).rejects.toBeInstanceOf(MigrationError);
    await expect(run).rejects.toThrow(/002_broken failed and was rolled back: .*no_such_table/);
    expect(await tableExists("good")).toBe(true);
    expect(await tableExists("half")).toBe(false);
    expect(await tableExists("later")).toBe(false);
    expect((await migrationRows()).map((row) => row.migration_name)).toEqual(["001_good"]);
  });

  it("applies a fixed migration after a failure without any manual clean-up", async () => {
    const dir = migrationsDir({
      "001_good": "CREATE TABLE good (id int);",
      "002_broken": "CREATE TABLE half (id int); SELECT 1/0;",
    });
    await expect(applyMigrations({ connectionString: db.url, migrationsDir: dir })).rejects.toThrow(
      /division by zero/,
    );
    writeMigrations(dir, { "002_broken": "CREATE TABLE half (id int);" });

    const result = await applyMigrations({ connectionString: db.url, migrationsDir: dir });

    expect(result).toEqual({ applied: ["002_broken"], skipped: ["001_good"] });
    expect(await tableExists("half")).toBe(true);
  });

  it("refuses to run when an applied migration was edited, and applies nothing", async () => {
    const dir = migrationsDir({ "001_a": "CREATE TABLE a (id int);" });
    await applyMigrations({ connectionString: db.url, migrationsDir: dir });
    writeMigrations(dir, {
      "001_a": "CREATE TABLE a (id bigint);",
      "002_b": "CREATE TABLE b (id int);",
    });

    const run = applyMigrations({ connectionString: db.url, migrationsDir: dir });

    await expect(run).rejects.toBeInstanceOf(MigrationError);
    await expect(run).rejects.toThrow(/001_a was changed after it was applied/);
    expect(await tableExists("b")).toBe(false);
  });

  it("refuses to run while a failed or unfinished migration row exists", async () => {
    const dir = migrationsDir({ "001_a": "CREATE TABLE a (id int);" });
    await applyMigrations({ connectionString: db.url, migrationsDir: dir });
    writeMigrations(dir, { "002_b": "CREATE TABLE b (id int);" });
    // What `prisma migrate deploy` leaves behind when a migration fails half-way.
    await sql.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs)
       VALUES (gen_random_uuid(), repeat('0', 64), '002_b', 'ERROR: something')`,
    );

    await expect(applyMigrations({ connectionString: db.url, migrationsDir: dir })).rejects.toThrow(
      /002_b started at .* but never finished/,
    );
    expect(await tableExists("b")).toBe(false);
  });

  it("re-applies a migration an operator marked as rolled back", async () => {
    const dir = migrationsDir({ "001_a": "CREATE TABLE a (id int);" });
    await sql.query(`CREATE TABLE "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    await sql.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, rolled_back_at)
       VALUES (gen_random_uuid(), repeat('0', 64), '001_a', now())`,
    );

    const result = await applyMigrations({ connectionString: db.url, migrationsDir: dir });

    expect(result.applied).toEqual(["001_a"]);
    expect(await tableExists("a")).toBe(true);
  });

  describe("a migration marked `-- migrate: no-transaction`", () => {
    const table = "CREATE TABLE items (id int, sku text); INSERT INTO items VALUES (1, 'a'), (2, 'a');";

    async function index(name: string) {
      const result = await sql.query<{ valid: boolean }>(
        "SELECT i.indisvalid AS valid FROM pg_index i WHERE i.indexrelid = to_regclass($1)",
        [`public.${name}`],
      );
      return result.rows[0];
    }

    it("builds an index CONCURRENTLY, which PostgreSQL refuses inside the usual transaction", async () => {
      const plain = migrationsDir({
        "001_items": table,
        "002_index": "CREATE INDEX CONCURRENTLY items_sku ON items (sku);",
      });
      await expect(applyMigrations({ connectionString: db.url, migrationsDir: plain })).rejects.toThrow(
        /002_index failed and was rolled back: .*cannot run inside a transaction block/,
      );

      const marked = migrationsDir({
        "001_items": table,
        "002_index": "-- Migrate: No-Transaction\nCREATE INDEX CONCURRENTLY items_sku ON items (sku);\n",
      });
      const result = await applyMigrations({ connectionString: db.url, migrationsDir: marked });

      expect(result.applied).toEqual(["002_index"]);
      expect(await index("items_sku")).toEqual({ valid: true });
      const row = (await migrationRows()).find((r) => r.migration_name === "002_index");
      expect(row?.finished_at).toBeInstanceOf(Date);
      expect(row?.applied_steps_count).toBe(1);
    });

    it("on failure keeps what ran and an unfinished row that stops the next run until it is resolved", async () => {
      const dir = migrationsDir({
        "001_items": table,
        // The two rows share a sku: the unique build fails, leaving an INVALID index behind.
        "002_unique":
          "-- migrate: no-transaction\nCREATE UNIQUE INDEX CONCURRENTLY items_sku ON items (sku);",
        "003_later": "CREATE TABLE later (id int);",
      });

      const run = applyMigrations({ connectionString: db.url, migrationsDir: dir });
      await expect(run).rejects.toBeInstanceOf(MigrationError);
      await expect(run).rejects.toThrow(/002_unique \(no-transaction\) failed: .*INVALID index/);
      expect(await index("items_sku")).toEqual({ valid: false });
      expect(await tableExists("later")).toBe(false);
      const row = (await migrationRows()).find((r) => r.migration_name === "002_unique");
      expect(row?.finished_at).toBeNull();
      expect(row?.logs).toMatch(/could not create unique index/);

      // Nothing more runs until a person has looked, and the refusal says what failed and what to do.
      const refusal = await applyMigrations({ connectionString: db.url, migrationsDir: dir }).catch(
        (error: Error) => error.message,
      );
      expect(refusal).toMatch(
        /002_unique started at .* but never finished \(failed: could not create unique index/,
      );
      expect(refusal).toContain("pg_index.indisvalid");
      expect(await tableExists("later")).toBe(false);

      // The person fixes the data, drops the invalid index, and runs the DELETE the refusal gives.
      await sql.query("UPDATE items SET sku = 'b' WHERE id = 2");
      await sql.query("DROP INDEX CONCURRENTLY items_sku");
      const deleteRow = String(refusal).match(
        /DELETE FROM "_prisma_migrations" WHERE id = '[0-9a-f-]{36}'/,
      )?.[0];
      expect(deleteRow).toBeDefined();
      await sql.query(deleteRow as string);
      const result = await applyMigrations({ connectionString: db.url, migrationsDir: dir });

      expect(result.applied).toEqual(["002_unique", "003_later"]);
      expect(await index("items_sku")).toEqual({ valid: true });
      expect(await tableExists("later")).toBe(true);
    });

    it("builds its index while a second run waits for the lock (a blocking wait would deadlock the build)", async () => {
      const dir = migrationsDir({ "001_items": table });
      await applyMigrations({ connectionString: db.url, migrationsDir: dir });
      writeMigrations(dir, {
        "002_index": "-- migrate: no-transaction\nCREATE INDEX CONCURRENTLY items_sku ON items (sku);",
      });
      // The app is writing to the table: the build waits for that transaction, as it would in production.
      const app = new Client({ connectionString: db.url });
      await app.connect();
      await app.query("BEGIN");
      await app.query("INSERT INTO items VALUES (3, 'c')");

      const first = applyMigrations({ connectionString: db.url, migrationsDir: dir });
      const building = async () =>
        (
          await sql.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE query LIKE '%CREATE INDEX CONCURRENTLY items_sku%' AND wait_event_type = 'Lock'
                AND pid <> pg_backend_pid()`,
          )
        ).rows[0]?.n === 1;
      await eventually("the index build waiting for the app's transaction", building);
      const second = await secondRunWaiting(dir);
      // Let the second runner ask a few times while the build still waits, then let the build go on.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await app.query("COMMIT");
      await app.end();

      expect(await Promise.all([first, second.run])).toEqual([
        { applied: ["002_index"], skipped: ["001_items"] },
        { applied: [], skipped: ["001_items", "002_index"] },
      ]);
      expect(await index("items_sku")).toEqual({ valid: true });
    });

    it("takes the marker from the first line only", async () => {
      const dir = migrationsDir({
        "001_items": table,
        "002_index":
          "-- an index\n-- migrate: no-transaction\nCREATE INDEX CONCURRENTLY items_sku ON items (sku);",
      });

      await expect(applyMigrations({ connectionString: db.url, migrationsDir: dir })).rejects.toThrow(
        /002_index failed and was rolled back/,
      );
    });
  });
});
