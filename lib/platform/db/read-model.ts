// The console's read model: the database the console's lists, search, CSV exports, dashboard and the
// metrics' counts read. With DATABASE_REPLICA_URL set it is that streaming replica, which may be some
// moments behind the primary; unset, it is the primary itself (getPrisma()), as before.
//
// Only those reads take it (ServiceContext.readModel). Anything that decides about money — what is
// still refundable, limits, approvals and their four eyes, an action and the page showing its result —
// reads the primary (ServiceContext.prisma): a figure a moment old is fine to look at, never to act
// on. test/unit/architecture/read-model.test.ts keeps it that way. The CSV export's raw pool on the
// read model is raw-pool.ts's getReadModelRawPool().
// No `server-only` import: the workers' metrics and the benches use it outside Next.js too.
import type { PrismaClient } from "@/generated/prisma/client";
import { getEnv } from "@/lib/platform/env";
import { closePrismaClient, createPrismaClient, getPrisma } from "./client";

const holder = globalThis as typeof globalThis & { __merchantReadModel?: PrismaClient };

/** The console's read model: the replica's client, or the primary's when there is no replica. */
export function getReadModel(): PrismaClient {
  const url = getEnv().databaseReplicaUrl;
  if (!url) return getPrisma();
  // DATABASE_POOLER covers the replica too: behind PgBouncer its statements must go unnamed as well.
  holder.__merchantReadModel ??= createPrismaClient(url, getEnv().databasePooler);
  return holder.__merchantReadModel;
}

/** For graceful shutdown and tests: closes the replica's client (never the primary's). */
export async function disconnectReadModel(): Promise<void> {
  const client = holder.__merchantReadModel;
  holder.__merchantReadModel = undefined;
  await closePrismaClient(client);
}

/**
 * How far behind the primary `readModel` is, in seconds; null when it is not a replica (the primary
 * itself). Zero while it has applied everything it received; otherwise the age of the last
 * transaction it applied (PostgreSQL's own measure, also what postgres_exporter reports). After a
 * quiet spell on the primary, the first write may show that quiet spell for the moment it takes to
 * apply it.
 */
export async function replicaLagSeconds(readModel: PrismaClient): Promise<number | null> {
  const [row] = await readModel.$queryRaw<{ lag: number | null }[]>`
    SELECT CASE
             WHEN NOT pg_is_in_recovery() THEN NULL
             WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
             ELSE greatest(0, coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()), 0))
           END::float8 AS lag`;
  return row?.lag ?? null;
}
