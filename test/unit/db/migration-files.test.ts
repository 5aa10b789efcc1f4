import { describe, expect, it } from "vitest";
import { isNoTransactionMigration } from "@/lib/platform/db/migration-files";

describe("isNoTransactionMigration", () => {
  it("reads the marker on the first line, in any case and spacing, with LF or CRLF line ends", () => {
    expect(
      isNoTransactionMigration("-- migrate: no-transaction\nCREATE INDEX CONCURRENTLY i ON t (c);"),
    ).toBe(true);
    expect(
      isNoTransactionMigration("--Migrate:No-Transaction\r\nCREATE INDEX CONCURRENTLY i ON t (c);"),
    ).toBe(true);
    expect(isNoTransactionMigration("  --  MIGRATE:  no-transaction  ")).toBe(true);
  });

  it("ignores the marker anywhere else, and look-alikes", () => {
    expect(
      isNoTransactionMigration("-- an index\n-- migrate: no-transaction\nCREATE INDEX i ON t (c);"),
    ).toBe(false);
    expect(isNoTransactionMigration("CREATE INDEX i ON t (c); -- migrate: no-transaction")).toBe(false);
    expect(isNoTransactionMigration("-- migrate: no-transaction please\nSELECT 1;")).toBe(false);
    expect(isNoTransactionMigration("")).toBe(false);
  });
});
