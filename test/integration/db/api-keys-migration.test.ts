// The migration that makes API keys belong to their maker, on a database as the previous release
// left it: keys revoked by hand get their reason; endpoints and alert rules made with a key are
// linked to it from the audit entry of their creation; those whose key was already revoked — which
// kept delivering until now — are turned off, saying why; everything else stays as it was.
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/platform/db/migrate";
import type { TestDatabase } from "@/test/support/database";
import { databaseBefore } from "@/test/support/database-before";

const MIGRATION = "20261127084000_api_keys_belong_to_maker";

let db: TestDatabase;
beforeAll(async () => {
  db = await databaseBefore(MIGRATION);
}, 60_000);
afterAll(() => db?.drop());

describe("the API keys migration", () => {
  it("links what keys made, and turns off what a revoked key made", async () => {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    const id = () => crypto.randomUUID();
    try {
      const operator = id();
      await client.query(
        `INSERT INTO operators (id, email, name, password_hash, role, updated_at)
         VALUES ($1, 'admin@shop.example', 'Admin', 'x', 'ADMIN', now())`,
        [operator],
      );
      const [revokedKey, liveKey] = [id(), id()];
      for (const [key, revokedAt] of [
        [revokedKey, new Date()],
        [liveKey, null],
      ] as const) {
        await client.query(
          `INSERT INTO api_keys (id, name, prefix, secret_hash, role, operator_id, expires_at, revoked_at)
           VALUES ($1, 'k', 'wmk_x', $2, 'ADMIN', $3, now() + interval '1 day', $4)`,
          [key, key, operator, revokedAt],
        );
      }
      /** An endpoint and a rule, and the audit entries of their creation (through `key`, or signed in). */
      async function made(key: string | null) {
        const [endpoint, rule] = [id(), id()];
        await client.query(
          `INSERT INTO webhook_endpoints (id, url, events, secret_cipher, created_by, updated_at)
           VALUES ($1, 'https://receiver.example/hooks', '{}', 'c', 'admin@shop.example', now())`,
          [endpoint],
        );
        await client.query(
          `INSERT INTO alert_rules (id, event_type, channel, target, created_by, updated_at)
           VALUES ($1, 'payment.unknown', 'EMAIL', 'ops@shop.example', 'admin@shop.example', now())`,
          [rule],
        );
        for (const [action, subjectType, subject] of [
          ["webhook.create", "WEBHOOK_ENDPOINT", endpoint],
          ["alert-rule.create", "ALERT_RULE", rule],
        ]) {
          await client.query(
            `INSERT INTO audit_entries (id, operator_id, operator_email, action, subject_type, subject_id, api_key_id)
             VALUES ($1, $2, 'admin@shop.example', $3, $4, $5, $6)`,
            [id(), operator, action, subjectType, subject, key],
          );
        }
        return { endpoint, rule };
      }
      const byRevoked = await made(revokedKey);
      const byLive = await made(liveKey);
      const signedIn = await made(null);

      await applyMigrations({ connectionString: db.url });

      const keys = await client.query("SELECT id, revoked_reason FROM api_keys");
      expect(Object.fromEntries(keys.rows.map((row) => [row.id, row.revoked_reason]))).toEqual({
        [revokedKey]: "BY_OPERATOR",
        [liveKey]: null,
      });
      const state = async (table: string, rowId: string) =>
        (
          await client.query(
            `SELECT enabled, disabled_reason AS "disabledReason", created_by_api_key_id AS "keyId" FROM ${table} WHERE id = $1`,
            [rowId],
          )
        ).rows[0];
      for (const [table, column] of [
        ["webhook_endpoints", "endpoint"],
        ["alert_rules", "rule"],
      ] as const) {
        expect(await state(table, byRevoked[column])).toEqual({
          enabled: false,
          disabledReason: "API_KEY_REVOKED",
          keyId: revokedKey,
        });
        expect(await state(table, byLive[column])).toEqual({
          enabled: true,
          disabledReason: null,
          keyId: liveKey,
        });
        expect(await state(table, signedIn[column])).toEqual({
          enabled: true,
          disabledReason: null,
          keyId: null,
        });
      }
    } finally {
      await client.end();
    }
  });
});
