// Creates the database if needed, then applies prisma/migrations. Shared by the `db:migrate` command
// (scripts/db-migrate.ts, bundled to dist/db-migrate.mjs for production), `npm run dev` and the
// benches. Kept apart from the command itself: in a bundle every module shares the entry's
// import.meta.url, so a module that runs when it "is the entry point" would also run inside any
// other bundle that imports it.
import { ensureDatabase } from "./ensure-database";
import { type ApplyMigrationsResult, applyMigrations } from "./migrate";

/** Creates the database if it does not exist, then applies pending migrations. */
export async function migrateDatabase(
  connectionString: string,
  log: (message: string) => void = () => {},
): Promise<ApplyMigrationsResult & { created: boolean }> {
  const created = await ensureDatabase(connectionString);
  if (created) log(`created database ${redactConnectionString(connectionString)}`);
  const result = await applyMigrations({ connectionString, log });
  return { ...result, created };
}

/** The URL without its password, for printing. */
export function redactConnectionString(connectionString: string): string {
  const url = new URL(connectionString);
  url.password = "";
  return url.toString();
}
