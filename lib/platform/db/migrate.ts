// Applies prisma/migrations with the plain `pg` driver, in Prisma Migrate's own bookkeeping format.
//
// Why not `prisma migrate deploy`: Prisma 7 needs a native schema engine that it downloads, and some
// machines (CI without internet, locked-down hosts) cannot. This runner keeps the same table and lock,
// so a database migrated here can later be handed to `prisma migrate deploy` and vice versa.
//
// Differences from Prisma, on purpose: each migration runs in one transaction together with its
// `_prisma_migrations` row, so a failure leaves neither half-applied DDL nor a failed row to resolve
// by hand. A statement PostgreSQL refuses inside a transaction (CREATE INDEX CONCURRENTLY) goes alone
// in a migration whose first line is `-- migrate: no-transaction`. That one runs as Prisma runs every
// migration: its row is written first and finished after, so a failure leaves an unfinished row that
// stops the next run until a person has looked (a failed CREATE INDEX CONCURRENTLY leaves an INVALID
// index behind). The file is still sent as one query, and PostgreSQL runs the statements of one query
// as one transaction: hence one statement per marked file. (An enum value added by ALTER TYPE can be
// used once that has committed: put the use in the next, ordinary migration.)
import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { DEFAULT_MIGRATIONS_DIR, type MigrationFile, readMigrationFiles } from "./migration-files";

/** The advisory lock key Prisma Migrate takes, so our runner and Prisma's also exclude each other. */
export const MIGRATION_LOCK_KEY = 72707369;

/** How often a runner that finds the lock taken asks again. */
const LOCK_RETRY_MS = 200;

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
  id: string;
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
    await takeMigrationLock(client, log);
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

/**
 * Takes the session-level advisory lock, asking again while another runner holds it. Not the blocking
 * pg_advisory_lock: a statement waiting on it keeps a snapshot open, and a CREATE INDEX CONCURRENTLY in
 * the runner holding the lock waits for every older snapshot to end. PostgreSQL calls that a deadlock
 * and fails the index build. (Prisma's own `migrate deploy` still waits the blocking way: do not start
 * it beside a run of ours that builds an index concurrently.)
 */
async function takeMigrationLock(client: Client, log: (message: string) => void): Promise<void> {
  let announced = false;
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
      MIGRATION_LOCK_KEY,
    ]);
    if (rows[0]?.locked) return;
    if (!announced) log("another migration run holds the lock: waiting for it to finish");
    announced = true;
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}

async function readAppliedRows(client: Client): Promise<AppliedRow[]> {
  // Rows an operator marked rolled back (`prisma migrate resolve --rolled-back`) count as not applied.
  const result = await client.query<AppliedRow>(
    `SELECT id, migration_name, checksum, finished_at, started_at, logs
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
        resolveAdvice(unfinished.id),
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
  WHERE id = $1`;

/** What a person does about an unfinished row: the exact statements, for this row only. */
function resolveAdvice(rowId: string): string {
  return (
    `Its row in "_prisma_migrations" (id '${rowId}') stops every later run until a person has looked. ` +
    "If the migration's work is all there (for an index: pg_index.indisvalid is true), mark it finished: " +
    `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = '${rowId}'. ` +
    "If not, undo what it left, then delete the row so that it runs again: " +
    `DELETE FROM "_prisma_migrations" WHERE id = '${rowId}'.`
  );
}

async function applyOne(client: Client, migration: MigrationFile): Promise<void> {
  if (migration.noTransaction) return applyOutsideTransaction(client, migration);
  await client.query("BEGIN");
  try {
    const rowId = randomUUID();
    await client.query(START_ROW, [rowId, migration.checksum, migration.name]);
    // No parameters: sent as a simple query, so the file may hold many statements.
    await client.query(migration.sql);
    await client.query(FINISH_ROW, [rowId]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw new MigrationError(
      `Migration ${migration.name} failed and was rolled back: ${reasonOf(error)}`,
      migration.name,
      { cause: error },
    );
  }
}

/**
 * A `-- migrate: no-transaction` migration: the row is committed as started, the SQL runs on its own
 * (one statement: see the top of this file), then the row is finished. Any failure after the row is
 * written leaves it unfinished, with what a person should do in the error and the next run's refusal.
 */
async function applyOutsideTransaction(client: Client, migration: MigrationFile): Promise<void> {
  const rowId = randomUUID();
  await client.query(START_ROW, [rowId, migration.checksum, migration.name]);
  try {
    await client.query(migration.sql);
  } catch (error) {
    // Kept where Prisma keeps it, for whoever resolves the row.
    await client
      .query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [rowId, reasonOf(error)])
      .catch(() => {});
    throw leftUnfinished(
      migration,
      rowId,
      `failed: ${reasonOf(error)}. It ran outside a transaction: check what it left (a failed CREATE ` +
        "INDEX CONCURRENTLY leaves an INVALID index; drop it with DROP INDEX CONCURRENTLY, which does not " +
        "block the table).",
      error,
    );
  }
  try {
    await client.query(FINISH_ROW, [rowId]);
  } catch (error) {
    throw leftUnfinished(
      migration,
      rowId,
      `ran, but its row could not be marked finished: ${reasonOf(error)}.`,
      error,
    );
  }
}

function leftUnfinished(
  migration: MigrationFile,
  rowId: string,
  what: string,
  cause: unknown,
): MigrationError {
  return new MigrationError(
    `Migration ${migration.name} (no-transaction) ${what} ${resolveAdvice(rowId)}`,
    migration.name,
    { cause },
  );
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
