import "server-only";
// A small `pg` pool beside Prisma's, for the few reads too large for Prisma's per-row cost (the CSV
// export of up to a million orders). Created on first use; two connections are plenty for exports.
import pg from "pg";
import { getEnv } from "@/lib/platform/env";

const holder = globalThis as typeof globalThis & {
  __merchantRawPool?: pg.Pool;
  __merchantReadModelRawPool?: pg.Pool;
};

function smallPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 2 });
  // A connection the server closed while idle (a restart, a failover) is dropped and replaced on the
  // next query; without a listener pg's 'error' event would crash the process.
  pool.on("error", () => {});
  return pool;
}

function getRawPool(): pg.Pool {
  holder.__merchantRawPool ??= smallPool(getEnv().databaseUrl);
  return holder.__merchantRawPool;
}

/** The raw pool on the console's read model (read-model.ts): the replica's, or the primary's without one. */
export function getReadModelRawPool(): pg.Pool {
  const replicaUrl = getEnv().databaseReplicaUrl;
  if (!replicaUrl) return getRawPool();
  holder.__merchantReadModelRawPool ??= smallPool(replicaUrl);
  return holder.__merchantReadModelRawPool;
}

/** For graceful shutdown and tests. */
export async function closeRawPool(): Promise<void> {
  const pools = [holder.__merchantRawPool, holder.__merchantReadModelRawPool];
  holder.__merchantRawPool = undefined;
  holder.__merchantReadModelRawPool = undefined;
  await Promise.all(pools.map((pool) => pool?.end()));
}
