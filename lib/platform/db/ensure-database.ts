// Creates the database named in a connection string if it does not exist yet, so a fresh machine
// needs only a running PostgreSQL server before `npm run db:migrate`.
import { Client } from "pg";

/** Returns true when the database was created by this call. */
export async function ensureDatabase(connectionString: string): Promise<boolean> {
  const name = databaseName(connectionString);
  const admin = new Client({ connectionString: withDatabase(connectionString, "postgres") });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount) return false;
    try {
      await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
      return true;
    } catch (error) {
      // 42P04 duplicate_database: another process created it between our check and our CREATE.
      if ((error as { code?: string }).code === "42P04") return false;
      throw error;
    }
  } finally {
    await admin.end();
  }
}

function databaseName(connectionString: string): string {
  const name = decodeURIComponent(new URL(connectionString).pathname.replace(/^\//, ""));
  if (!name) throw new Error("The database URL names no database (expected …/<database> at its end)");
  return name;
}

/** The same server and credentials, another database (e.g. the `postgres` maintenance database). */
export function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
