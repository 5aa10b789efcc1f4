// The migration that turned roles into rows keeps every operator's and API key's rights: a database
// as the previous release left it (VIEWER, OPERATOR and ADMIN operators, an OPERATOR key) is brought
// up to date, and each lands on the matching built-in role — OPERATOR on FINANCE, which can do all
// an OPERATOR could.
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/platform/db/migrate";
import type { TestDatabase } from "@/test/support/database";
import { databaseBefore } from "@/test/support/database-before";

const ROLES_MIGRATION = "20261126070000_roles_and_refund_requests";

let db: TestDatabase;

beforeAll(async () => {
  db = await databaseBefore(ROLES_MIGRATION);
}, 60_000);
afterAll(() => db?.drop());

describe("the roles migration", () => {
  it("moves VIEWER, OPERATOR and ADMIN operators and keys onto the built-in roles that keep their rights", async () => {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      for (const role of ["VIEWER", "OPERATOR", "ADMIN"]) {
        await client.query(
          `INSERT INTO operators (id, email, name, password_hash, role, updated_at)
           VALUES ($1, $2, $3, 'x', $4::operator_role, now())`,
          [crypto.randomUUID(), `${role.toLowerCase()}@shop.example`, role, role],
        );
      }
      const operatorId = (
        await client.query("SELECT id FROM operators WHERE email = 'operator@shop.example'")
      ).rows[0].id;
      await client.query(
        `INSERT INTO api_keys (id, name, prefix, secret_hash, role, operator_id, expires_at)
         VALUES ($1, 'nightly', 'wmk_x', 'ab', 'OPERATOR'::operator_role, $2, now() + interval '1 day')`,
        [crypto.randomUUID(), operatorId],
      );
      await applyMigrations({ connectionString: db.url });
      const operators = await client.query("SELECT email, role FROM operators ORDER BY email");
      expect(operators.rows).toEqual([
        { email: "admin@shop.example", role: "ADMIN" },
        { email: "operator@shop.example", role: "FINANCE" },
        { email: "viewer@shop.example", role: "VIEWER" },
      ]);
      expect((await client.query("SELECT role FROM api_keys")).rows).toEqual([{ role: "FINANCE" }]);
      // FINANCE can do everything OPERATOR could: act on orders (escrow, refunds of any amount,
      // reconcile) and re-apply notifications.
      const finance = (
        await client.query("SELECT permissions, refund_limit_fils FROM roles WHERE key = 'FINANCE'")
      ).rows[0];
      expect(finance.permissions).toEqual(
        expect.arrayContaining([
          "orders.read",
          "orders.refund",
          "escrow.act",
          "orders.reconcile",
          "notifications.reapply",
          "deliveries.resend",
        ]),
      );
      expect(finance.refund_limit_fils).toBeNull();
    } finally {
      await client.end();
    }
  });
});
