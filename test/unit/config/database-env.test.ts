import { describe, expect, it } from "vitest";
import { EnvError, parseDatabaseEnv } from "@/lib/platform/env";

describe("the migration command's configuration", () => {
  it("needs only DATABASE_URL in production: no wallet keys or secrets", () => {
    expect(
      parseDatabaseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://merchant@db:5432/merchant" }),
    ).toEqual({ databaseUrl: "postgresql://merchant@db:5432/merchant" });
  });

  it("refuses to fall back to the local database in production", () => {
    expect(() => parseDatabaseEnv({ NODE_ENV: "production" })).toThrow(EnvError);
    expect(() => parseDatabaseEnv({ NODE_ENV: "production" })).toThrow(
      /DATABASE_URL: required in production/,
    );
  });

  it("uses the local database by default in development", () => {
    expect(parseDatabaseEnv({})).toEqual({ databaseUrl: "postgresql://postgres@127.0.0.1:5432/merchant" });
  });
});
