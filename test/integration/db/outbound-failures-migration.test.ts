// The migration that stops keeping receivers' answers: a database as the previous release left it,
// where webhook attempts, deliveries, chat alerts and the `delivery.dead` events and alerts made from
// them hold what an (internal) receiver answered, is brought up to date. Afterwards no table holds
// that text; each failure has its classification and status instead; a hook's own error and an
// SMTP server's error, which are not receivers' answers, are kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/platform/db/migrate";
import type { TestDatabase } from "@/test/support/database";
import { databaseBefore, queryOn } from "@/test/support/database-before";

const MIGRATION = "20261127082000_outbound_failures";
const SECRET = "SECRET redis_version:7.0.15";
const TABLES = ["delivery_attempts", "event_deliveries", "outbox_events", "alert_messages", "alert_events"];

let db: TestDatabase;

const sql = (query: string, values: unknown[] = []) => queryOn(db, query, values);

/** What the previous release wrote: answers in attempts, deliveries, dead events, alerts. */
async function insertLegacyRows() {
  await sql(
    `INSERT INTO outbox_events (id, type, payload) VALUES
       ('e1', 'order.paid', '{}'),
       ('e2', 'delivery.dead', jsonb_build_object('deliveryId', 'd1', 'targetKind', 'WEBHOOK',
                                                  'target', 'ep1', 'lastError', $1::text)),
       ('e3', 'delivery.dead', jsonb_build_object('deliveryId', 'd2', 'targetKind', 'HOOK',
                                                  'target', 'kitchen', 'lastError', 'kitchen down'))`,
    [SECRET],
  );
  await sql(
    `INSERT INTO event_deliveries (id, event_id, seq, target_kind, target, status, attempts, last_error, updated_at)
     VALUES ('d1', 'e1', 1, 'WEBHOOK', 'ep1', 'DEAD', 2, $1, now()),
            ('d2', 'e1', 1, 'HOOK', 'kitchen', 'DEAD', 1, 'kitchen down', now()),
            ('d3', 'e1', 1, 'WEBHOOK', 'ep2', 'DEAD', 1, 'the endpoint was deleted', now()),
            ('d4', 'e1', 1, 'WEBHOOK', 'ep3', 'DELIVERED', 1, NULL, now())`,
    [SECRET],
  );
  await sql(
    `INSERT INTO delivery_attempts (id, delivery_id, attempt, ok, status_code, latency_ms, response, created_at)
     VALUES ('a1', 'd1', 1, false, 500, 12, $1, now() - interval '1 minute'),
            ('a2', 'd1', 2, false, NULL, 3, 'no answer: connect ECONNREFUSED 127.0.0.1:6379', now()),
            ('a3', 'd2', 1, false, NULL, 40, 'kitchen down', now()),
            ('a4', 'd3', 1, false, NULL, 0, 'the endpoint was deleted', now()),
            ('a5', 'd4', 1, true, 200, 9, $1, now()),
            ('a6', 'd1', 0, false, 301, 5, $1, now() - interval '2 minutes')`,
    [SECRET],
  );
  await sql(
    `INSERT INTO alert_rules (id, event_type, channel, target, chat_format, created_by, updated_at) VALUES
       ('r1', 'refund.failed', 'CHAT', 'http://127.0.0.1:6379/', 'json', 't', now()),
       ('r2', 'refund.failed', 'EMAIL', 'ops@shop.example', NULL, 't', now()),
       ('r3', 'delivery.dead', 'EMAIL', 'ops@shop.example', NULL, 't', now())`,
  );
  const deadLine = `Delivery of order.paid to webhook ep1 gave up after 8 tries: ${SECRET}\nmore: ${SECRET}`;
  await sql(
    `INSERT INTO alert_messages (id, rule_id, subject, body, event_count, status, attempts, last_error) VALUES
       ('m1', 'r1', 'Alert', 'text', 1, 'FAILED', 5, $1),
       ('m2', 'r2', 'Alert', 'text', 1, 'PENDING', 1, '550 5.1.1 mailbox unavailable'),
       ('m3', 'r3', $2, $3, 1, 'SENT', 1, NULL),
       ('m4', 'r1', 'Alert', 'text', 1, 'PENDING', 1, 'fetch failed')`,
    [
      `the chat webhook answered 404: ${SECRET}`,
      `Alert: ${deadLine.slice(0, 120)}`,
      `1 event(s) from 2026-11-25T09:00:00.000Z:\n• ${deadLine}`,
    ],
  );
  await sql(
    `INSERT INTO alert_events (id, rule_id, event_id, event_type, summary, occurred_at, message_id)
     VALUES ('ae1', 'r3', 'e2', 'delivery.dead', $1, now(), 'm3')`,
    [deadLine],
  );
}

beforeAll(async () => {
  db = await databaseBefore(MIGRATION);
  await insertLegacyRows();
  await applyMigrations({ connectionString: db.url });
}, 60_000);
afterAll(() => db?.drop());

describe(`migration ${MIGRATION}`, () => {
  it("leaves no receiver's answer in any table", async () => {
    for (const table of TABLES) {
      const rows = await sql(`SELECT count(*)::int AS found FROM ${table} t WHERE t::text LIKE '%SECRET%'`);
      expect(rows[0]?.found, table).toBe(0);
    }
  });

  it("classifies each webhook attempt by its status, and keeps what the worker itself wrote", async () => {
    const attempts = await sql(
      "SELECT id, response, failure, status_code FROM delivery_attempts ORDER BY id",
    );
    expect(attempts).toEqual([
      { id: "a1", response: null, failure: "HTTP_STATUS", status_code: 500 },
      { id: "a2", response: null, failure: "CONNECT_FAILED", status_code: null },
      { id: "a3", response: "kitchen down", failure: null, status_code: null },
      { id: "a4", response: "the endpoint was deleted", failure: null, status_code: null },
      { id: "a5", response: null, failure: null, status_code: 200 },
      { id: "a6", response: null, failure: "REDIRECT", status_code: 301 },
    ]);
  });

  it("gives a webhook delivery its last attempt's failure in fixed words; a hook's error stays", async () => {
    const deliveries = await sql("SELECT id, last_error, last_failure FROM event_deliveries ORDER BY id");
    expect(deliveries).toEqual([
      { id: "d1", last_error: "could not connect", last_failure: "CONNECT_FAILED" },
      { id: "d2", last_error: "kitchen down", last_failure: null },
      { id: "d3", last_error: "the endpoint was deleted", last_failure: null },
      { id: "d4", last_error: null, last_failure: null },
    ]);
    const dead = await sql(
      "SELECT id, payload->>'lastError' AS error FROM outbox_events WHERE type = 'delivery.dead' ORDER BY id",
    );
    expect(dead).toEqual([
      { id: "e2", error: "could not connect" },
      { id: "e3", error: "kitchen down" },
    ]);
    const [line] = await sql("SELECT summary FROM alert_events WHERE id = 'ae1'");
    expect(line?.summary).toBe("Delivery of order.paid to webhook ep1 gave up after 8 tries.");
  });

  it("keeps a chat alert's status and classification, and an e-mail's SMTP error", async () => {
    const messages = await sql(
      "SELECT id, last_error, last_failure, last_status_code FROM alert_messages WHERE id IN ('m1','m2','m4') ORDER BY id",
    );
    expect(messages).toEqual([
      {
        id: "m1",
        last_error: "HTTP 404: answered with an error status",
        last_failure: "HTTP_STATUS",
        last_status_code: 404,
      },
      { id: "m2", last_error: "550 5.1.1 mailbox unavailable", last_failure: null, last_status_code: null },
      { id: "m4", last_error: "no answer", last_failure: "NO_ANSWER", last_status_code: null },
    ]);
  });
});
