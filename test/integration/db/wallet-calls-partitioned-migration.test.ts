// The migration that partitions the wallet-call log by month, on a database as the previous release
// left it: every row is kept with its id and fields, each lands in its month's partition, the months
// from the oldest row to two months ahead exist, and new rows carry on from the same sequence.
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/platform/db/migrate";
import { monthStart } from "@/lib/platform/retention/partitions";
import type { TestDatabase } from "@/test/support/database";
import { databaseBefore } from "@/test/support/database-before";

const MIGRATION = "20261127120000_wallet_calls_partitioned";

let db: TestDatabase;
beforeAll(async () => {
  db = await databaseBefore(MIGRATION);
}, 60_000);
afterAll(() => db?.drop());

const yyyymm = (at: Date) => `${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, "0")}`;

describe("the wallet-call partitioning migration", () => {
  it("moves every row into its month and keeps ids going", async () => {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const times = ["2026-08-31T23:59:59.999Z", "2026-09-01T00:00:00.000Z", "2026-09-15T12:00:00.000Z"];
      for (const [index, at] of times.entries()) {
        await client.query(
          `INSERT INTO wallet_calls (operation, path, order_id, duration_ms, request_body, response_body,
             created_at, request_id, pruned_at)
           VALUES ('pay', '/v1/payments/pay', $1, $2, '{"n":1}', NULL, $3, 'req-1', CASE WHEN $2 = 0 THEN $3::timestamptz END)`,
          [`order-${index}`, index, at],
        );
      }
      const before = await client.query("SELECT * FROM wallet_calls ORDER BY id");

      await applyMigrations({ connectionString: db.url });

      const after = await client.query("SELECT * FROM wallet_calls ORDER BY id");
      expect(after.rows).toEqual(before.rows);
      const placed = await client.query<{ partition: string }>(
        "SELECT tableoid::regclass::text AS partition FROM wallet_calls ORDER BY id",
      );
      expect(placed.rows.map((row) => row.partition)).toEqual([
        "wallet_calls_p202608",
        "wallet_calls_p202609",
        "wallet_calls_p202609",
      ]);

      const partitions = await client.query<{ name: string }>(
        `SELECT c.relname::text AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = 'wallet_calls'::regclass ORDER BY 1`,
      );
      const months: string[] = [];
      for (let month = new Date("2026-08-01T00:00:00Z"); month <= monthStart(new Date(), 2); ) {
        months.push(`wallet_calls_p${yyyymm(month)}`);
        month = monthStart(month, 1);
      }
      expect(partitions.rows.map((row) => row.name)).toEqual([...months, "wallet_calls_default"].sort());

      const maxBefore = BigInt(before.rows.at(-1).id);
      const added = await client.query<{ id: string }>(
        `INSERT INTO wallet_calls (operation, path, duration_ms, request_body) VALUES ('pay', '/p', 1, '{}') RETURNING id`,
      );
      expect(BigInt(added.rows[0]?.id ?? 0)).toBeGreaterThan(maxBefore);
      // The sequence belongs to the new table, so it goes if the table ever does.
      const owner = await client.query("SELECT pg_get_serial_sequence('wallet_calls', 'id') AS sequence");
      expect(owner.rows[0].sequence).toBe("public.wallet_calls_id_seq");
    } finally {
      await client.end();
    }
  });
});
