// The migration that partitions the notifications by month: a database as the previous release left
// it, with notifications in several months (one already emptied by the old retention, one not yet
// applied), is brought up to date. Every row is kept, in its month, and every dedupe key moves to its
// own table, where it still refuses a repeat and still finds the notification it names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSeenNotification, insertNotification } from "@/lib/payments/notifications/notification-rows";
import { applyMigrations } from "@/lib/platform/db/migrate";
import type { TestDatabase } from "@/test/support/database";
import { databaseBefore, queryOn } from "@/test/support/database-before";

const MIGRATION = "20261127174500_notifications_partitioned";

let db: TestDatabase;

const sql = (query: string, values: unknown[] = []) => queryOn(db, query, values);

/** What the previous release held: March 2026 (emptied by retention), April, and the current month. */
async function insertLegacyRows() {
  await sql(
    `INSERT INTO notifications (id, kind, dedupe_key, raw_body, headers, verified, status, error, received_at,
                                processed_at, pruned_at) VALUES
       ('n1', 'PAYMENT', 'payment:pr1:SUCCESS', '', '{"pruned":true}', true, 'APPLIED', NULL,
        '2026-03-31T23:59:59.999Z', '2026-04-01T00:00:00Z', '2026-10-01T00:00:00Z'),
       ('n2', 'REFUND', 'refund:rr1:SUCCESS', '{"refundId":"r1"}', '{}', true, 'REJECTED', 'no refund has refundRequestId rr1',
        '2026-04-01T00:00:00Z', '2026-04-01T00:00:01Z', NULL),
       ('n3', 'VOID', 'void:vr1:S', '{"voidId":"v1"}', '{"client-id":"c"}', true, 'RECEIVED', NULL, now(), NULL, NULL)`,
  );
}

beforeAll(async () => {
  db = await databaseBefore(MIGRATION);
  await insertLegacyRows();
  await applyMigrations({ connectionString: db.url });
}, 60_000);
afterAll(() => db?.drop());

describe(`migration ${MIGRATION}`, () => {
  it("keeps every notification, whole, each in the partition of its month", async () => {
    const rows = await sql(
      `SELECT id, status::text, raw_body, headers, error, pruned_at IS NOT NULL AS pruned,
              tableoid::regclass::text AS partition
       FROM notifications ORDER BY id`,
    );
    const thisMonth = new Date().toISOString().slice(0, 7).replace("-", "");
    expect(rows).toEqual([
      {
        id: "n1",
        status: "APPLIED",
        raw_body: "",
        headers: { pruned: true },
        error: null,
        pruned: true,
        partition: "notifications_p202603",
      },
      {
        id: "n2",
        status: "REJECTED",
        raw_body: '{"refundId":"r1"}',
        headers: {},
        error: "no refund has refundRequestId rr1",
        pruned: false,
        partition: "notifications_p202604",
      },
      {
        id: "n3",
        status: "RECEIVED",
        raw_body: '{"voidId":"v1"}',
        headers: { "client-id": "c" },
        error: null,
        pruned: false,
        partition: `notifications_p${thisMonth}`,
      },
    ]);
  });

  it("creates the months from the oldest notification to two months ahead, and a default", async () => {
    const partitions = await sql(
      `SELECT c.relname::text AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'notifications'::regclass ORDER BY 1`,
    );
    const names = partitions.map((row) => row.name as string);
    const month = (ahead: number) => {
      const now = new Date();
      const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
      return `notifications_p${at.toISOString().slice(0, 7).replace("-", "")}`;
    };
    expect(names).toEqual(
      expect.arrayContaining(["notifications_default", "notifications_p202603", month(0), month(2)]),
    );
    expect(names).not.toContain(month(3));
  });

  it("moves every dedupe key to its own table, where a repeat is refused and finds what became of the first", async () => {
    expect(
      await sql(
        "SELECT dedupe_key, notification_id, rejected_error FROM notification_dedupe_keys ORDER BY notification_id",
      ),
    ).toEqual([
      { dedupe_key: "payment:pr1:SUCCESS", notification_id: "n1", rejected_error: null },
      { dedupe_key: "refund:rr1:SUCCESS", notification_id: "n2", rejected_error: null },
      { dedupe_key: "void:vr1:S", notification_id: "n3", rejected_error: null },
    ]);
    const repeat = { kind: "REFUND" as const, rawBody: "{}", headers: {}, status: "RECEIVED" as const };
    expect(await insertNotification(db.prisma, { ...repeat, dedupeKey: "refund:rr1:SUCCESS" })).toBeNull();
    expect(await findSeenNotification(db.prisma, "refund:rr1:SUCCESS")).toEqual({
      id: "n2",
      receivedAt: new Date("2026-04-01T00:00:00Z"),
      status: "REJECTED",
      error: "no refund has refundRequestId rr1",
    });
    expect(await findSeenNotification(db.prisma, "void:vr1:S")).toMatchObject({
      id: "n3",
      status: "RECEIVED",
    });
    expect(await sql("SELECT count(*)::int AS n FROM notifications")).toEqual([{ n: 3 }]);
  });
});
