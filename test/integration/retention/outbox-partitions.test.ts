// The outbox's monthly partitions on a migrated database: a month is three partitions (events,
// deliveries, attempts) created ahead together with the foreign keys between them; the defaults'
// rows of a month move into it when it is created; an event is written once per dedupe key whatever
// months lie between; and the events worker dispatches, claims and settles across months, each
// delivery and attempt landing in its event's month. Retention drops a month whole once it is past
// the period and nothing in it is pending, and keeps it, untouched, while anything is.
//
// The test's months lie in 2025, before any partition the migration made for the real date.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDeliveries } from "@/lib/events/claim-deliveries";
import { dispatchEvents } from "@/lib/events/dispatch-events";
import { settleDeliveries } from "@/lib/events/settle-deliveries";
import type { Logger } from "@/lib/platform/log";
import { writeEvent } from "@/lib/platform/outbox/write-event";
import { expireOutbox } from "@/lib/platform/retention/expire-outbox";
import { MONTHS_AHEAD } from "@/lib/platform/retention/expire-wallet-calls";
import {
  DELIVERY_ATTEMPTS,
  EVENT_DELIVERIES,
  ensureOutboxMonths,
  listOutboxMonths,
  OUTBOX_EVENTS,
} from "@/lib/platform/retention/outbox-partitions";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

/** An event of the given time, already dispatched unless said otherwise. */
async function event(at: string, options: { dispatched?: boolean } = {}) {
  const occurredAt = new Date(at);
  return db.prisma.outboxEvent.create({
    data: {
      id: randomUUID(),
      type: "agreement.bound",
      payload: { agreementId: `a-${randomUUID()}`, customerId: "c" },
      occurredAt,
      dispatchedAt: options.dispatched === false ? null : occurredAt,
    },
  });
}

async function delivery(
  of: { id: string; seq: bigint; occurredAt: Date },
  status: "PENDING" | "DELIVERED" | "DEAD",
) {
  return db.prisma.eventDelivery.create({
    data: {
      eventId: of.id,
      eventOccurredAt: of.occurredAt,
      seq: of.seq,
      targetKind: "HOOK",
      target: "kitchen",
      status,
    },
  });
}

async function attempt(of: { id: string; eventOccurredAt: Date }) {
  return db.prisma.deliveryAttempt.create({
    data: { deliveryId: of.id, eventOccurredAt: of.eventOccurredAt, attempt: 1, ok: true, latencyMs: 1 },
  });
}

const DAY = 24 * 60 * 60 * 1000;

/** Retention as the maintenance scan runs it at `now`, with its log lines kept. */
async function expireAt(now: string, maxAgeDays: number) {
  const lines: { fields: unknown; message: string }[] = [];
  const logger = { info: (fields: unknown, message: string) => lines.push({ fields, message }) };
  const result = await expireOutbox(
    { prisma: db.prisma, now: () => new Date(now), logger: logger as unknown as Logger },
    { maxAgeMs: maxAgeDays * DAY },
  );
  return { ...result, lines };
}

async function months(): Promise<string[]> {
  return (await listOutboxMonths(db.prisma)).map((month) => month.name);
}

/** The partition a row of `table` with this id is stored in. */
async function partitionOf(table: string, id: string): Promise<string | undefined> {
  const rows = await db.prisma.$queryRawUnsafe<{ partition: string }[]>(
    `SELECT tableoid::regclass::text AS partition FROM ${table} WHERE id = $1`,
    id,
  );
  return rows[0]?.partition;
}

describe("the outbox's months", () => {
  it("are created ahead, three tables at once, with the foreign keys between the same months", async () => {
    const created = await ensureOutboxMonths(db.prisma, new Date("2025-02-10T08:00:00Z"), MONTHS_AHEAD);
    expect(created).toEqual(["outbox_events_p202502", "outbox_events_p202503", "outbox_events_p202504"]);
    expect(await ensureOutboxMonths(db.prisma, new Date("2025-02-28T23:00:00Z"), MONTHS_AHEAD)).toEqual([]);
    const months = (await listOutboxMonths(db.prisma)).map((month) => month.name);
    expect(months).toEqual(expect.arrayContaining(["outbox_events_p202502", "outbox_events_p202504"]));

    const march = await event("2025-03-10T00:00:00Z");
    const made = await delivery(march, "DELIVERED");
    expect(await partitionOf(EVENT_DELIVERIES.table, made.id)).toBe("event_deliveries_p202503");
    // A delivery that names its event with another month finds no event there.
    await expect(
      db.prisma.eventDelivery.create({
        data: {
          ...made,
          id: randomUUID(),
          target: "other",
          eventOccurredAt: new Date("2025-04-10T00:00:00Z"),
        },
      }),
    ).rejects.toThrow(/foreign key/i);
    await expect(
      db.prisma.deliveryAttempt.create({
        data: {
          deliveryId: randomUUID(),
          eventOccurredAt: march.occurredAt,
          attempt: 1,
          ok: true,
          latencyMs: 1,
        },
      }),
    ).rejects.toThrow(/foreign key/i);
  });

  it("take over the defaults' rows of their month: events, deliveries and attempts together", async () => {
    const june = await event("2025-06-10T12:00:00Z");
    const made = await delivery(june, "DELIVERED");
    const tried = await attempt(made);
    const july = await event("2025-07-31T23:59:59.999Z");
    expect(await partitionOf(OUTBOX_EVENTS.table, june.id)).toBe("outbox_events_default");

    const created = await ensureOutboxMonths(db.prisma, new Date("2025-06-01T00:00:00Z"), MONTHS_AHEAD);
    expect(created).toEqual(["outbox_events_p202506", "outbox_events_p202507", "outbox_events_p202508"]);
    expect(await partitionOf(OUTBOX_EVENTS.table, june.id)).toBe("outbox_events_p202506");
    expect(await partitionOf(EVENT_DELIVERIES.table, made.id)).toBe("event_deliveries_p202506");
    expect(await partitionOf(DELIVERY_ATTEMPTS.table, tried.id)).toBe("delivery_attempts_p202506");
    expect(await partitionOf(OUTBOX_EVENTS.table, july.id)).toBe("outbox_events_p202507");
    // The moved rows are still joined by the month's foreign keys.
    await expect(
      db.prisma.$executeRawUnsafe(`DELETE FROM outbox_events_p202506 WHERE id = $1`, june.id),
    ).rejects.toThrow(/foreign key/i);
  });
});

describe("an event with a dedupe key", () => {
  it("is written once, even when the first one lies in another month", async () => {
    const key = `wallet.recovered:${randomUUID()}`;
    const draft = { type: "wallet.recovered" as const, data: { process: "p" }, dedupeKey: key };
    expect(await writeEvent(db.prisma, draft)).toBe(true);
    // The first one moves to February 2025: a month boundary (several) between it and the repeat.
    await db.prisma
      .$executeRaw`UPDATE outbox_events SET occurred_at = '2025-02-15T00:00:00Z' WHERE dedupe_key = ${key}`;
    expect(await writeEvent(db.prisma, draft)).toBe(false);
    const written = await db.prisma.outboxEvent.findMany({ where: { dedupeKey: key } });
    expect(written.map((row) => row.occurredAt)).toEqual([new Date("2025-02-15T00:00:00Z")]);
    expect(await writeEvent(db.prisma, { ...draft, dedupeKey: `${key}:other` })).toBe(true);
  });

  it("is refused in a transaction that rolls back nothing else: the key and the event commit together", async () => {
    const key = `payment.unknown:${randomUUID()}`;
    const draft = { type: "wallet.recovered" as const, data: { process: "p" }, dedupeKey: key };
    await expect(
      db.prisma.$transaction(async (tx) => {
        expect(await writeEvent(tx, draft)).toBe(true);
        throw new Error("the change that caused it failed");
      }),
    ).rejects.toThrow(/caused it failed/);
    expect(await db.prisma.outboxDedupeKey.count({ where: { dedupeKey: key } })).toBe(0);
    expect(await writeEvent(db.prisma, draft)).toBe(true);
    expect(await db.prisma.outboxEvent.count({ where: { dedupeKey: key } })).toBe(1);
  });
});

describe("the events worker on partitioned tables", () => {
  it("dispatches, claims and settles events of several months, each delivery and attempt in its event's month", async () => {
    const events = [
      await event("2025-03-20T10:00:00Z", { dispatched: false }),
      await event("2025-08-01T00:00:00Z", { dispatched: false }),
      await event("2025-12-24T00:00:00Z", { dispatched: false }), // no month yet: the default
    ];
    await dispatchEvents(db.prisma, (type) => (type === "agreement.bound" ? ["ledger"] : []), 1_000);
    const claimed = await claimDeliveries(db.prisma, { limit: 1_000, leaseMs: 60_000 });
    const ours = claimed.filter((one) => events.some((made) => made.id === one.event.id));
    expect(ours.map((one) => [one.event.id, one.event.occurredAt, one.target, one.attempt])).toEqual(
      events.map((made) => [made.id, made.occurredAt.toISOString(), "ledger", 1]),
    );
    const ok = { ok: true, statusCode: null, latencyMs: 1, request: null, failure: null, response: null };
    const settled = await settleDeliveries(
      db.prisma,
      claimed.map((one) => ({ delivery: one, attempt: ok })),
      { webhookDisableAfterMs: 60_000 },
    );
    expect(settled.delivered).toBe(claimed.length);

    for (const [index, month] of ["p202503", "p202508", "default"].entries()) {
      const made = events[index];
      if (!made) throw new Error("three events");
      const [row] = await db.prisma.eventDelivery.findMany({ where: { eventId: made.id } });
      expect(row?.status).toBe("DELIVERED");
      expect(await partitionOf(EVENT_DELIVERIES.table, row?.id ?? "")).toBe(`event_deliveries_${month}`);
      const [tried] = await db.prisma.deliveryAttempt.findMany({ where: { deliveryId: row?.id ?? "" } });
      expect(await partitionOf(DELIVERY_ATTEMPTS.table, tried?.id ?? "")).toBe(`delivery_attempts_${month}`);
    }
    expect(await claimDeliveries(db.prisma, { limit: 1_000, leaseMs: 60_000 })).toEqual([]);
  });
});

describe("the outbox's retention", () => {
  it("drops a fully delivered month past the period, keeps one with a pending delivery until it settles", async () => {
    const april = await event("2025-04-30T23:00:00Z");
    const waiting = await delivery(april, "PENDING");
    const key = `payment.unknown:${randomUUID()}`;
    const draft = { type: "wallet.recovered" as const, data: { process: "p" }, dedupeKey: key };
    expect(await writeEvent(db.prisma, draft)).toBe(true);
    await db.prisma.$executeRaw`
      UPDATE outbox_events SET occurred_at = '2025-03-01T00:00:00Z', dispatched_at = now() WHERE dedupe_key = ${key}`;
    expect(
      await db.prisma.eventDelivery.count({ where: { eventOccurredAt: { lt: new Date("2025-04-01") } } }),
    ).toBeGreaterThan(0);

    // 30 days before 15 June 2025: February, March and April are wholly older.
    const first = await expireAt("2025-06-15T00:00:00Z", 30);
    expect(first).toMatchObject({
      outboxMonthsDropped: ["outbox_events_p202502", "outbox_events_p202503"],
      outboxMonthsKept: ["outbox_events_p202504"],
    });
    expect(first.lines).toEqual([
      { fields: { month: "outbox_events_p202502" }, message: "outbox retention: month dropped" },
      { fields: { month: "outbox_events_p202503" }, message: "outbox retention: month dropped" },
      {
        fields: { month: "outbox_events_p202504" },
        message: "outbox retention: expired month kept, something is pending",
      },
    ]);
    const left = await months();
    expect(left).not.toContain("outbox_events_p202503");
    expect(left).toContain("outbox_events_p202504");
    const tables = await db.prisma.$queryRaw<{ name: string }[]>`
      SELECT relname::text AS name FROM pg_class WHERE relname LIKE '%\_p202503'`;
    expect(tables).toEqual([]);
    expect(
      await db.prisma.eventDelivery.count({ where: { eventOccurredAt: { lt: new Date("2025-04-01") } } }),
    ).toBe(0);
    // The kept month is whole and still attached: its delivery can be claimed and settled.
    expect(await partitionOf(EVENT_DELIVERIES.table, waiting.id)).toBe("event_deliveries_p202504");
    // The dropped event's dedupe key still refuses a repeat.
    expect(await writeEvent(db.prisma, draft)).toBe(false);

    await db.prisma.eventDelivery.updateMany({ where: { id: waiting.id }, data: { status: "DELIVERED" } });
    const second = await expireAt("2025-06-15T00:01:00Z", 30);
    expect(second).toMatchObject({ outboxMonthsDropped: ["outbox_events_p202504"], outboxMonthsKept: [] });
    expect(await db.prisma.outboxEvent.count({ where: { id: april.id } })).toBe(0);
  });

  it("keeps a month with an event still to dispatch, and one with a dead letter younger than the period", async () => {
    const june = await event("2025-06-20T00:00:00Z", { dispatched: false });
    const july = await event("2025-07-02T00:00:00Z");
    const dead = await delivery(july, "DEAD");
    await db.prisma.eventDelivery.updateMany({
      where: { id: dead.id },
      data: { updatedAt: new Date("2025-09-01T00:00:00Z") },
    });

    // 30 days before 15 September 2025: June and July are wholly older; the dead letter gave up
    // on 1 September, within the period.
    const kept = await expireAt("2025-09-15T00:00:00Z", 30);
    expect(kept).toMatchObject({
      outboxMonthsCreated: ["outbox_events_p202509", "outbox_events_p202510", "outbox_events_p202511"],
      outboxMonthsDropped: [],
      outboxMonthsKept: ["outbox_events_p202506", "outbox_events_p202507"],
    });
    expect(await db.prisma.outboxEvent.count({ where: { id: { in: [june.id, july.id] } } })).toBe(2);

    await db.prisma.outboxEvent.updateMany({ where: { id: june.id }, data: { dispatchedAt: new Date() } });
    // 30 days before 25 September: June (now dispatched) goes; July's dead letter is still young.
    const later = await expireAt("2025-09-25T00:00:00Z", 30);
    expect(later).toMatchObject({
      outboxMonthsDropped: ["outbox_events_p202506"],
      outboxMonthsKept: ["outbox_events_p202507"],
    });
    // 30 days before 5 October: the dead letter gave up before that, July and August go.
    const oldEnough = await expireAt("2025-10-05T00:00:00Z", 30);
    expect(oldEnough).toMatchObject({
      outboxMonthsDropped: ["outbox_events_p202507", "outbox_events_p202508"],
      outboxMonthsKept: [],
    });
    expect(await db.prisma.eventDelivery.count({ where: { id: dead.id } })).toBe(0);
  });
});
