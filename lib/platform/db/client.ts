// Prisma 7 talks to PostgreSQL through the `pg` driver adapter (no native query engine). The pool is
// ours, handed to the adapter, so the few hand-written statements of the hot paths (run-sql.ts) use
// the very same connections without going through Prisma's runtime.
// No `server-only` import: scripts and workers use this module outside Next.js too.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { getEnv } from "@/lib/platform/env";
import { type DatabasePooler, markTransactionPooled, poolerOf } from "./pooler";

/** Connections per process, Prisma's queries and the hand-written ones together (pg's default). */
const POOL_SIZE = 10;

const pools = new WeakMap<PrismaClient, pg.Pool>();

/** `pooler`: what is in front of PostgreSQL (pooler.ts); unset, read from the URL. */
export function createPrismaClient(connectionString: string, pooler?: DatabasePooler): PrismaClient {
  // allowExitOnIdle: an idle pool never keeps a script or a stopping worker alive.
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE, allowExitOnIdle: true });
  markTransactionPooled(pool, poolerOf(connectionString, pooler));
  // A connection the server closed while idle is dropped by the pool and replaced on the next
  // query; without a listener the 'error' event would crash the process.
  pool.on("error", () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(prisma, pool);
  return prisma;
}

/** The pg pool under a client made by createPrismaClient (undefined for other clients). */
export function poolOf(prisma: PrismaClient): pg.Pool | undefined {
  return pools.get(prisma);
}

// Kept on globalThis so Next.js dev reloads of this module reuse one pool instead of leaking one per
// reload. Created on first use, never at import: `next build` imports routes without a database.
const holder = globalThis as typeof globalThis & { __merchantPrisma?: PrismaClient };

/** The process-wide client for DATABASE_URL. */
export function getPrisma(): PrismaClient {
  holder.__merchantPrisma ??= createPrismaClient(getEnv().databaseUrl, getEnv().databasePooler);
  return holder.__merchantPrisma;
}

/** For graceful shutdown (workers on SIGTERM, scripts at exit); the next getPrisma() starts afresh. */
export async function disconnectPrisma(): Promise<void> {
  const client = holder.__merchantPrisma;
  holder.__merchantPrisma = undefined;
  await closePrismaClient(client);
}

/** Disconnects Prisma and ends the pool, also when Prisma itself never connected. */
export async function closePrismaClient(client: PrismaClient | undefined): Promise<void> {
  if (!client) return;
  const pool = pools.get(client);
  pools.delete(client);
  await client.$disconnect();
  // Prisma ends the pool it connected with (disposeExternalPool); a pool only hand-written
  // statements used is ended here. Ending twice is refused by pg, so only once.
  if (pool && !pool.ended) await pool.end();
}
