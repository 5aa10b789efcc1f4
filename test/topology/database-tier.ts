// The database side of the topology: the PostgreSQL primary the test database lives on, and what
// stands beside or in front of it when this checkout has it (a streaming replica for the console's
// reads, PgBouncer in transaction pooling).
import type { TestDatabase } from "@/test/support/database";
import type { DatabaseTier } from "./stack";

export async function databaseTier(db: TestDatabase): Promise<DatabaseTier> {
  return { url: db.url, env: {}, pieces: ["PostgreSQL primary only"], stop: async () => undefined };
}
