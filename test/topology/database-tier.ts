// The database side of the topology: a PostgreSQL primary (a private server, started here), its
// streaming replica for the console's reads (DATABASE_REPLICA_URL), and PgBouncer in transaction
// pooling in front of the primary (DATABASE_POOLER=pgbouncer; migrations and the test's own reads go
// straight to PostgreSQL).
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { startPgBouncer } from "@/test/support/pgbouncer";
import { startStreamingReplica } from "@/test/support/postgres-replica";
import type { DatabaseTier } from "./stack";

/**
 * Server connections PgBouncer keeps per database: fewer than the 3 apps and 4 worker processes
 * would open on their own (10 each), so clients queue at PgBouncer as they would in production.
 */
const POOL_SIZE = 20;

export async function databaseTier(): Promise<{ db: TestDatabase; tier: DatabaseTier }> {
  const replica = await startStreamingReplica();
  try {
    // After the replica's base backup: the database reaches the replica through the WAL.
    const db = await createTestDatabase({ serverUrl: replica.primaryUrl });
    const primary = new URL(replica.primaryUrl);
    const bouncer = await startPgBouncer({
      mode: "transaction",
      poolSize: POOL_SIZE,
      upstream: { host: primary.hostname, port: Number(primary.port) },
    });
    const tier: DatabaseTier = {
      url: bouncer.urlFor(db.url),
      env: {
        DATABASE_POOLER: "pgbouncer",
        DATABASE_DIRECT_URL: db.url,
        DATABASE_REPLICA_URL: replica.urlOf(db.name),
      },
      pieces: [
        `PgBouncer (transaction pooling, ${POOL_SIZE} server connections) in front of the primary`,
        "a streaming replica for the console's reads",
      ],
      replica: { pause: () => replica.pause(), resume: () => replica.resume() },
      // After the test database is dropped: PgBouncer, then the replica and its private primary.
      async stop() {
        await bouncer.stop();
        await replica.stop();
      },
    };
    return { db, tier };
  } catch (error) {
    await replica.stop();
    throw error;
  }
}
