// The database side of the topology: the PostgreSQL primary the test database lives on, PgBouncer in
// transaction pooling in front of it (DATABASE_POOLER=pgbouncer; migrations and the test's own reads
// go straight to PostgreSQL), and, where this checkout has one, a streaming replica for the console.
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { startPgBouncer } from "@/test/support/pgbouncer";
import type { DatabaseTier } from "./stack";

/**
 * Server connections PgBouncer keeps per database: fewer than the 3 apps and 4 worker processes
 * would open on their own (10 each), so clients queue at PgBouncer as they would in production.
 */
const POOL_SIZE = 20;

export async function databaseTier(): Promise<{ db: TestDatabase; tier: DatabaseTier }> {
  const db = await createTestDatabase();
  const bouncer = await startPgBouncer({ mode: "transaction", poolSize: POOL_SIZE });
  const tier: DatabaseTier = {
    url: bouncer.urlFor(db.url),
    env: { DATABASE_POOLER: "pgbouncer", DATABASE_DIRECT_URL: db.url },
    pieces: [`PgBouncer (transaction pooling, ${POOL_SIZE} server connections) in front of the primary`],
    stop: () => bouncer.stop(),
  };
  return { db, tier };
}
