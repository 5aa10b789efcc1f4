import "server-only";
// A small `pg` pool beside Prisma's, for the few reads too large for Prisma's per-row cost (the CSV
// export of up to a million orders). Created on first use; two connections are plenty for exports.
import pg from "pg";
import { getEnv } from "@/lib/platform/env";

const holder = globalThis as typeof globalThis & { __merchantRawPool?: pg.Pool };

export function getRawPool(): pg.Pool {
  if (!holder.__merchantRawPool) {
    const pool = new pg.Pool({ connectionString: getEnv().databaseUrl, max: 2 });
    // A connection the server closed while idle (a restart, a failover) is dropped and replaced on the
    // next query; without a listener pg's 'error' event would crash the process.
    pool.on("error", () => {});
    holder.__merchantRawPool = pool;
  }
  return holder.__merchantRawPool;
}

/** For graceful shutdown and tests. */
export async function closeRawPool(): Promise<void> {
  const pool = holder.__merchantRawPool;
  holder.__merchantRawPool = undefined;
  await pool?.end();
}
