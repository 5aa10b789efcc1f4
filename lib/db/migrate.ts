// Applies prisma/migrations with the plain `pg` driver, in Prisma Migrate's own bookkeeping format.
//
// Why not `prisma migrate deploy`: Prisma 7 needs a native schema engine that it downloads, and some
// machines (CI without internet, locked-down hosts) cannot. This runner keeps the same table and lock,
// so a database migrated here can later be handed to `prisma migrate deploy` and vice versa.
//
// Differences from Prisma, on purpose: each migration runs in one transaction together with its
// `_prisma_migrations` row, so a failure leaves neither half-applied DDL nor a failed row to resolve
// by hand. Statements PostgreSQL refuses inside a transaction (CREATE INDEX CONCURRENTLY, using an
// enum value added in an earlier statement) go in a migration of their own whose first line is
// `-- migrate: no-transaction`. That one runs as Prisma runs every migration: its row is written
// first and finished after, so a failure leaves an unfinished row that stops the next run until a
// person has looked (a failed CREATE INDEX CONCURRENTLY leaves an INVALID index behind).
import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { DEFAULT_MIGRATIONS_DIR, type MigrationFile, readMigrationFiles } from "./migration-files";

/** The advisory lock key Prisma Migrate takes, so our runner and Prisma's also exclude each other. */
export const MIGRATION_LOCK_KEY = 72707369;

export interface ApplyMigrationsOptions {
  connectionString: string;
  migrationsDir?: string;
  log?: (message: string) => void;
}

export interface ApplyMigrationsResult {
  /** Migrations applied by this run, in order. */
  applied: string[];
  /** Migrations found already applied. */
  skipped: string[];
}

export class MigrationError extends Error {
  override readonly name = "MigrationError";
  constructor(
    message: string,
    readonly migration?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  started_at: Date;
  logs: string | null;
}

// Prisma's DDL, column for column.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export async function applyMigrations(options: ApplyMigrationsOptions): Promise<ApplyMigrationsResult> {
  const log = options.log ?? (() => {});
  const migrations = readMigrationFiles(options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
  const client = new Client({ connectionString: options.connectionString });
  await client.connect();
  try {
    // Session-level: held across the per-migration transactions, and released by PostgreSQL if this
    // process dies. A second runner waits here, then finds nothing left to do.
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await client.query(CREATE_MIGRATIONS_TABLE);
      const rows = await readAppliedRows(client);
      const pending = planMigrations(migrations, rows, log);
      const applied: string[] = [];
      for (const migration of pending) {
        await applyOne(client, migration);
        applied.push(migration.name);
        log(`applied ${migration.name}`);
      }
      const appliedNow = new Set(applied);
      return { applied, skipped: migrations.map((m) => m.name).filter((name) => !appliedNow.has(name)) };
    } finally {
      // If the connection broke, PostgreSQL already released the lock; keep the original error.
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end();
  }
}

async function readAppliedRows(client: Client): Promise<AppliedRow[]> {
  // Rows an operator marked rolled back (`prisma migrate resolve --rolled-back`) count as not applied.
  const result = await client.query<AppliedRow>(
    `SELECT migration_name, checksum, finished_at, started_at, logs
       FROM "_prisma_migrations"
      WHERE rolled_back_at IS NULL
      ORDER BY started_at`,
  );
  return result.rows;
}

/** Refuses on anything that needs a human; returns the migrations still to apply, in order. */
function planMigrations(
  migrations: MigrationFile[],
  rows: AppliedRow[],
  log: (message: string) => void,
): MigrationFile[] {
  const unfinished = rows.find((row) => row.finished_at === null);
  if (unfinished) {
    // Left by a failed no-transaction migration, by Prisma itself, or by a crash in between; the
    // database may be half-migrated.
    throw new MigrationError(
      `Migration ${unfinished.migration_name} started at ${unfinished.started_at.toISOString()} but never ` +
        `finished (${unfinished.logs ? `failed: ${unfinished.logs}` : "failed or interrupted"}). ` +
        "Inspect the database, then fix it and delete that row from " +
        '"_prisma_migrations" or run `prisma migrate resolve`.',
      unfinished.migration_name,
    );
  }
  const byName = new Map(rows.map((row) => [row.migration_name, row]));
  for (const migration of migrations) {
    const row = byName.get(migration.name);
    if (row && row.checksum !== migration.checksum) {
      throw new MigrationError(
        `Migration ${migration.name} was changed after it was applied (checksum ${row.checksum} in the ` +
          `database, ${migration.checksum} on disk). Applied migrations are history: restore the file and ` +
          "put the change in a new migration.",
        migration.name,
      );
    }
  }
  const local = new Set(migrations.map((m) => m.name));
  for (const row of rows) {
    // Not an error: an older release may run against a database a newer one already migrated.
    if (!local.has(row.migration_name)) log(`warning: ${row.migration_name} is applied but not on disk`);
  }
  return migrations.filter((migration) => !byName.has(migration.name));
}

const START_ROW = `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at)
  VALUES ($1, $2, $3, clock_timestamp())`;
const FINISH_ROW = `UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1
  WHERE migration_name = $1 AND finished_at IS NULL AND rolled_back_at IS NULL`;

async function applyOne(client: Client, migration: MigrationFile): Promise<void> {
  if (migration.noTransaction) return applyOutsideTransaction(client, migration);
  await client.query("BEGIN");
  try {
    await client.query(START_ROW, [randomUUID(), migration.checksum, migration.name]);
    // No parameters: sent as a simple query, so the file may hold many statements.
    await client.query(migration.sql);
    await client.query(FINISH_ROW, [migration.name]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      `Migration ${migration.name} failed and was rolled back: ${reason}`,
      migration.name,
      { cause: error },
    );
  }
}

/**
 * A `-- migrate: no-transaction` migration: the row is committed as started, the SQL runs on its
 * own, then the row is finished. Sent as one simple query, several statements would still form one
 * implicit transaction, so such a file holds one statement (PostgreSQL says so if it does not).
 */
async function applyOutsideTransaction(client: Client, migration: MigrationFile): Promise<void> {
  await client.query(START_ROW, [randomUUID(), migration.checksum, migration.name]);
  try {
    await client.query(migration.sql);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Kept where Prisma keeps it, for whoever resolves the row.
    await client
      .query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE migration_name = $1 AND finished_at IS NULL`, [
        migration.name,
        reason,
      ])
      .catch(() => {});
    throw new MigrationError(
      `Migration ${migration.name} (no-transaction) failed: ${reason}. It ran outside a transaction, so ` +
        "whatever it did before failing stays (a failed CREATE INDEX CONCURRENTLY leaves an INVALID index: " +
        "drop it). Its row stays unfinished and stops later runs: once the database is clean, delete it " +
        `(DELETE FROM "_prisma_migrations" WHERE migration_name = '${migration.name}' AND finished_at IS NULL) ` +
        "and run again.",
      migration.name,
      { cause: error },
    );
  }
  await client.query(FINISH_ROW, [migration.name]);
}
