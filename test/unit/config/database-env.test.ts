import { describe, expect, it } from "vitest";
import { migrationUrl } from "@/lib/platform/db/pooler";
import { EnvError, parseDatabaseEnv } from "@/lib/platform/env";

describe("the migration command's configuration", () => {
  it("needs only DATABASE_URL in production: no wallet keys or secrets", () => {
    expect(
      parseDatabaseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://merchant@db:5432/merchant" }),
    ).toEqual({
      databaseUrl: "postgresql://merchant@db:5432/merchant",
      directUrl: undefined,
      pooler: "none",
    });
  });

  it("refuses to fall back to the local database in production", () => {
    expect(() => parseDatabaseEnv({ NODE_ENV: "production" })).toThrow(EnvError);
    expect(() => parseDatabaseEnv({ NODE_ENV: "production" })).toThrow(
      /DATABASE_URL: required in production/,
    );
  });

  it("uses the local database by default in development", () => {
    expect(parseDatabaseEnv({})).toMatchObject({
      databaseUrl: "postgresql://postgres@127.0.0.1:5432/merchant",
    });
  });
});

describe("behind PgBouncer", () => {
  const pooled = "postgresql://merchant@pgbouncer:6432/merchant";
  const direct = "postgresql://merchant@db:5432/merchant";

  it("DATABASE_POOLER=pgbouncer, or pgbouncer=true in the URL, says so; none overrides the URL", () => {
    expect(parseDatabaseEnv({ DATABASE_URL: pooled, DATABASE_POOLER: "pgbouncer" }).pooler).toBe("pgbouncer");
    expect(parseDatabaseEnv({ DATABASE_URL: `${pooled}?pgbouncer=true` }).pooler).toBe("pgbouncer");
    expect(
      parseDatabaseEnv({ DATABASE_URL: `${pooled}?pgbouncer=true`, DATABASE_POOLER: "none" }).pooler,
    ).toBe("none");
    expect(parseDatabaseEnv({ DATABASE_URL: pooled }).pooler).toBe("none");
    expect(() => parseDatabaseEnv({ DATABASE_POOLER: "pgpool" })).toThrow(/DATABASE_POOLER/);
  });

  it("migrations run on DATABASE_DIRECT_URL, and refuse the pooled URL without it", () => {
    expect(
      migrationUrl(
        parseDatabaseEnv({ DATABASE_URL: pooled, DATABASE_POOLER: "pgbouncer", DATABASE_DIRECT_URL: direct }),
      ),
    ).toBe(direct);
    expect(() => migrationUrl(parseDatabaseEnv({ DATABASE_URL: `${pooled}?pgbouncer=true` }))).toThrow(
      /DATABASE_DIRECT_URL/,
    );
    // Without a pooler the one URL serves both.
    expect(migrationUrl(parseDatabaseEnv({ DATABASE_URL: direct }))).toBe(direct);
  });
});
