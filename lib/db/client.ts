// Prisma 7 talks to PostgreSQL through the `pg` driver adapter (no native query engine).
// No `server-only` import: scripts and workers use this module outside Next.js too.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { getEnv } from "@/lib/env";

export function createPrismaClient(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString }) });
}

// Kept on globalThis so Next.js dev reloads of this module reuse one pool instead of leaking one per
// reload. Created on first use, never at import: `next build` imports routes without a database.
const holder = globalThis as typeof globalThis & { __merchantPrisma?: PrismaClient };

/** The process-wide client for DATABASE_URL. */
export function getPrisma(): PrismaClient {
  holder.__merchantPrisma ??= createPrismaClient(getEnv().databaseUrl);
  return holder.__merchantPrisma;
}

/** For graceful shutdown (workers on SIGTERM, scripts at exit); the next getPrisma() starts afresh. */
export async function disconnectPrisma(): Promise<void> {
  const client = holder.__merchantPrisma;
  holder.__merchantPrisma = undefined;
  await client?.$disconnect();
}
