// DATABASE_REPLICA_URL: the console's read model (lib/platform/db/read-model.ts). Unset, empty or
// blank means no replica; anything set must be a PostgreSQL URL, or the process refuses to start.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/platform/env";

const freshDir = () => mkdtempSync(path.join(tmpdir(), "env-replica-"));

describe("DATABASE_REPLICA_URL", () => {
  it("is no replica when unset, empty or blank", () => {
    for (const source of [{}, { DATABASE_REPLICA_URL: "" }, { DATABASE_REPLICA_URL: "  " }]) {
      expect(parseEnv(source, { cwd: freshDir() }).databaseReplicaUrl).toBeUndefined();
    }
  });

  it("takes a postgresql:// or postgres:// URL", () => {
    for (const url of ["postgresql://reader@replica:5432/merchant", "postgres://replica/merchant"]) {
      expect(parseEnv({ DATABASE_REPLICA_URL: url }, { cwd: freshDir() }).databaseReplicaUrl).toBe(url);
    }
  });

  it("refuses anything else, naming the variable", () => {
    for (const value of ["replica:5432", "mysql://replica/merchant", "https://replica/merchant"]) {
      let problems: string[] = [];
      try {
        parseEnv({ DATABASE_REPLICA_URL: value }, { cwd: freshDir() });
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        problems = (error as EnvError).problems;
      }
      expect(problems, value).toEqual([expect.stringMatching(/^DATABASE_REPLICA_URL: /)]);
    }
  });
});
