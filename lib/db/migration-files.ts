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
}

/** The repository's migrations folder, found from this file so it works from any working directory. */
export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL("../../prisma/migrations", import.meta.url));

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
      return {
        name,
        sql: bytes.toString("utf8"),
        checksum: createHash("sha256").update(bytes).digest("hex"),
      };
    });
}
