// Reads migrations in Prisma's layout: <dir>/<name>/migration.sql, applied in name order (the names
// start with a UTC timestamp). The checksum is what Prisma records: sha256 hex of the file's bytes.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
  /**
   * The file starts with `-- migrate: no-transaction`: it runs outside a transaction, for the
   * statements PostgreSQL refuses inside one (CREATE INDEX CONCURRENTLY on a table in use).
   */
  noTransaction: boolean;
}

/** The first line that takes a migration out of a transaction (case and spacing are free). */
const NO_TRANSACTION_MARKER = /^\s*--\s*migrate:\s*no-transaction\s*$/i;

export function isNoTransactionMigration(sql: string): boolean {
  return NO_TRANSACTION_MARKER.test(sql.split("\n", 1)[0] ?? "");
}

/**
 * The nearest `prisma/migrations` above this module, so it works from any working directory: the
 * repository's folder when running from source (lib/platform/db/), the release's when bundled into dist/.
 */
export const DEFAULT_MIGRATIONS_DIR = findMigrationsDir(path.dirname(fileURLToPath(import.meta.url)));

function findMigrationsDir(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "prisma", "migrations");
    if (existsSync(candidate)) return candidate;
    // Not found anywhere: name the source layout's folder, so the error says what was expected.
    if (path.dirname(dir) === dir) return path.resolve(start, "../../prisma/migrations");
  }
}

export function readMigrationFiles(migrationsDir: string = DEFAULT_MIGRATIONS_DIR): MigrationFile[] {
  if (!existsSync(migrationsDir)) throw new Error(`Migrations folder not found: ${migrationsDir}`);
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(path.join(migrationsDir, entry.name, "migration.sql")),
    )
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const bytes = readFileSync(path.join(migrationsDir, name, "migration.sql"));
      const sql = bytes.toString("utf8");
      return {
        name,
        sql,
        checksum: createHash("sha256").update(bytes).digest("hex"),
        noTransaction: isNoTransactionMigration(sql),
      };
    });
}
