// What sits between the app and PostgreSQL, and what that rules out. Behind PgBouncer in transaction
// mode (before 1.21, or without `max_prepared_statements`) each transaction may run on another
// server connection, so nothing may outlive a transaction on its connection:
//
// - Named prepared statements: pg parses one once per client connection and afterwards sends only
//   its name, which the next server connection does not know ("prepared statement … does not
//   exist", or "already exists" when two clients prepare on one server connection). In this mode
//   run-sql.ts sends the same text unnamed. Prisma's adapter-pg names none of its statements.
// - Session advisory locks and session SET: the migration runner's lock is one, so migrations run on
//   DATABASE_DIRECT_URL (migrationUrl). The app itself takes only transaction-scoped locks
//   (pg_advisory_xact_lock), sets nothing per session and uses no LISTEN.
import type pg from "pg";

export type DatabasePooler = "none" | "pgbouncer";

/**
 * `setting` (DATABASE_POOLER) when given; otherwise `pgbouncer=true` in the URL (the flag Prisma's
 * documentation has users add) means PgBouncer in transaction mode.
 */
export function poolerOf(connectionString: string, setting?: DatabasePooler): DatabasePooler {
  if (setting) return setting;
  try {
    return new URL(connectionString).searchParams.get("pgbouncer") === "true" ? "pgbouncer" : "none";
  } catch {
    return "none";
  }
}

const transactionPooled = new WeakSet<pg.Pool>();

/** Marks a pool whose connections go through a transaction-mode pooler. */
export function markTransactionPooled(pool: pg.Pool, pooler: DatabasePooler): void {
  if (pooler === "pgbouncer") transactionPooled.add(pool);
}

/** False for a pool marked transaction-pooled: its statements must go unnamed. */
export function canPrepareOn(pool: pg.Pool): boolean {
  return !transactionPooled.has(pool);
}

/**
 * Where migrations run: DATABASE_DIRECT_URL when set, else DATABASE_URL, unless that goes through
 * PgBouncer: the runner's session-level advisory lock would be taken on one server connection and
 * released (or not) on another, and the next run could wait for it forever.
 */
export function migrationUrl(database: {
  databaseUrl: string;
  directUrl?: string | undefined;
  pooler: DatabasePooler;
}): string {
  if (database.directUrl) return database.directUrl;
  if (database.pooler === "pgbouncer") {
    throw new Error(
      "DATABASE_URL goes through PgBouncer (DATABASE_POOLER=pgbouncer or pgbouncer=true in the URL): " +
        "set DATABASE_DIRECT_URL to PostgreSQL itself for migrations",
    );
  }
  return database.databaseUrl;
}
