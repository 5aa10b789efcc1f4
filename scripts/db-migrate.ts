// `npm run db:migrate`: creates the database if needed and applies prisma/migrations
// (see lib/db/migrate.ts for why this is not `prisma migrate deploy`). Also imported by scripts/dev.ts.
import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { ensureDatabase } from "@/lib/db/ensure-database";
import { type ApplyMigrationsResult, applyMigrations } from "@/lib/db/migrate";
import { getEnv } from "@/lib/env";

/** Creates the database if it does not exist, then applies pending migrations. */
export async function migrateDatabase(
  connectionString: string,
  log: (message: string) => void = () => {},
): Promise<ApplyMigrationsResult & { created: boolean }> {
  const created = await ensureDatabase(connectionString);
  if (created) log(`created database ${redact(connectionString)}`);
  const result = await applyMigrations({ connectionString, log });
  return { ...result, created };
}

/** The URL without its password, for printing. */
function redact(connectionString: string): string {
  const url = new URL(connectionString);
  url.password = "";
  return url.toString();
}

async function main(): Promise<void> {
  const connectionString = getEnv().databaseUrl;
  const log = (message: string) => console.info(`[db:migrate] ${message}`);
  const { applied, skipped } = await migrateDatabase(connectionString, log);
  log(
    applied.length > 0
      ? `${redact(connectionString)}: applied ${applied.length} migration(s), ${skipped.length} already applied`
      : `${redact(connectionString)}: up to date (${skipped.length} migration(s) already applied)`,
  );
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  return entry !== undefined && import.meta.url === pathToFileURL(realpathSync(entry)).href;
}

if (isEntryPoint()) {
  main().catch((error: unknown) => {
    console.error(`[db:migrate] ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
