// `npm run db:migrate` (and `node dist/db-migrate.mjs` in production): creates the database if
// needed and applies prisma/migrations (see lib/platform/db/migrate.ts for why this is not
// `prisma migrate deploy`). A command only: code that needs to migrate imports
// lib/platform/db/migrate-database.ts instead, because importing this file runs it.
import { migrateDatabase, redactConnectionString } from "@/lib/platform/db/migrate-database";
import { migrationUrl } from "@/lib/platform/db/pooler";
import { getDatabaseEnv } from "@/lib/platform/env";

async function main(): Promise<void> {
  // DATABASE_DIRECT_URL when set: the runner's lock is session-level, which a pooler cannot carry.
  const connectionString = migrationUrl(getDatabaseEnv());
  const log = (message: string) => console.info(`[db:migrate] ${message}`);
  const { applied, skipped } = await migrateDatabase(connectionString, log);
  const where = redactConnectionString(connectionString);
  log(
    applied.length > 0
      ? `${where}: applied ${applied.length} migration(s), ${skipped.length} already applied`
      : `${where}: up to date (${skipped.length} migration(s) already applied)`,
  );
}

main().catch((error: unknown) => {
  console.error(`[db:migrate] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
