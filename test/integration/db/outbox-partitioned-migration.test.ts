// The migration that partitions the outbox by month: a database as the previous release left it, with
// events in several months, their deliveries and attempts and a dedupe key, is brought up to date.
// Every row is kept, in its event's month, with the foreign keys and the dedupe key still holding.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/platform/db/migrate";
import type { TestDatabase } from "@/test/support/database";
import { databaseBefore, queryOn } from "@/test/support/database-before";

const MIGRATION = "20261127140000_outbox_partitioned";

let db: TestDatabase;

const sql = (query: string, values: unknown[] = []) => queryOn(db, query, values);

/** What the previous release held: events in March 2026 and in the current month, one with a key. */
async function insertLegacyRows() {
  await sql(
    `INSERT INTO outbox_events (id, type, payload, dedupe_key, occurred_at, dispatched_at) VALUES
       ('e1', 'order.paid', '{}', NULL, '2026-03-31T23:59:59.999Z', '2026-03-31T23:59:59.999Z'),
       ('e2', 'payment.unknown', '{}', 'payment.unknown:o1', '2026-04-01T00:00:00Z', '2026-04-01T00:00:01Z'),
       ('e3', 'order.paid', '{}', NULL, now(), NULL)`,
  );
  await sql(
    `INSERT INTO event_deliveries (id, event_id, seq, target_kind, target, status, attempts, updated_at, created_at)
     VALUES ('d1', 'e1', 1, 'WEBHOOK', 'ep1', 'DELIVERED', 2, now(), '2026-04-01T00:00:02Z'),
            ('d2', 'e2', 2, 'HOOK', 'kitchen', 'DEAD', 1, now(), '2026-04-01T00:00:02Z')`,
  );
  await sql(
    `INSERT INTO delivery_attempts (id, delivery_id, attempt, ok, latency_ms, created_at)
     VALUES ('a1', 'd1', 1, false, 12, '2026-04-01T00:00:03Z'),
            ('a2', 'd1', 2, true, 3, '2026-04-02T00:00:00Z'),
            ('a3', 'd2', 1, false, 40, '2026-04-01T00:00:03Z')`,
  );
}

beforeAll(async () => {
  db = await databaseBefore(MIGRATION);
  await insertLegacyRows();
  await applyMigrations({ connectionString: db.url });
}, 60_000);
afterAll(() => db?.drop());

describe(`migration ${MIGRATION}`, () => {
  it("keeps every event, each in the partition of its month, with seq carrying on", async () => {
    const events = await sql(
      "SELECT id, seq::int, tableoid::regclass::text AS partition FROM outbox_events ORDER BY id",
    );
    const thisMonth = new Date().toISOString().slice(0, 7).replace("-", "");
    expect(events).toEqual([
      { id: "e1", seq: 1, partition: "outbox_events_p202603" },
      { id: "e2", seq: 2, partition: "outbox_events_p202604" },
      { id: "e3", seq: 3, partition: `outbox_events_p${thisMonth}` },
    ]);
    const [next] = await sql(
      "INSERT INTO outbox_events (id, type, payload) VALUES ('e4', 'order.paid', '{}') RETURNING seq::int",
    );
    expect(next?.seq).toBe(4);
  });

  it("keeps every delivery and attempt, in its event's month, however late it was made", async () => {
    const deliveries = await sql(
      `SELECT id, event_occurred_at = '2026-03-31T23:59:59.999Z' AS in_march, tableoid::regclass::text AS partition
       FROM event_deliveries ORDER BY id`,
    );
    expect(deliveries).toEqual([
      { id: "d1", in_march: true, partition: "event_deliveries_p202603" },
      { id: "d2", in_march: false, partition: "event_deliveries_p202604" },
    ]);
    const attempts = await sql(
      "SELECT id, delivery_id, tableoid::regclass::text AS partition FROM delivery_attempts ORDER BY id",
    );
    expect(attempts).toEqual([
      { id: "a1", delivery_id: "d1", partition: "delivery_attempts_p202603" },
      { id: "a2", delivery_id: "d1", partition: "delivery_attempts_p202603" },
      { id: "a3", delivery_id: "d2", partition: "delivery_attempts_p202604" },
    ]);
  });

  it("moves the dedupe key to its own table, where it still refuses a repeat", async () => {
    expect(await sql("SELECT dedupe_key, event_id FROM outbox_dedupe_keys")).toEqual([
      { dedupe_key: "payment.unknown:o1", event_id: "e2" },
    ]);
    await expect(
      sql("INSERT INTO outbox_dedupe_keys (dedupe_key, event_id) VALUES ('payment.unknown:o1', 'e9')"),
    ).rejects.toThrow(/outbox_dedupe_keys_pkey/);
  });

  it("still refuses a delivery without its event, and an attempt without its delivery", async () => {
    await expect(
      sql(
        `INSERT INTO event_deliveries (id, event_id, event_occurred_at, seq, target_kind, target, updated_at)
         VALUES ('d9', 'e1', '2026-04-15T00:00:00Z', 1, 'HOOK', 'kitchen', now())`,
      ),
    ).rejects.toThrow(/foreign key/);
    await expect(
      sql(
        `INSERT INTO delivery_attempts (id, delivery_id, event_occurred_at, attempt, ok, latency_ms)
         VALUES ('a9', 'd1', '2026-04-15T00:00:00Z', 1, true, 1)`,
      ),
    ).rejects.toThrow(/foreign key/);
  });
});
