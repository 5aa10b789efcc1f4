// The outbox's monthly partitions (docs/adr/0022-logs-partitioned-by-month.md). Events, their
// deliveries and the deliveries' attempts are partitioned by the event's occurred_at (deliveries and
// attempts carry it as event_occurred_at), so an event and everything about it share a month: a
// month is three partitions, created together and dropped together.
//
// The foreign keys join a month's deliveries to the same month's events and its attempts to the same
// month's deliveries, and the defaults to the defaults: not parent to parent, because detaching a
// month of a table referenced parent to parent makes PostgreSQL check it by joining the whole
// referencing table against the month, under an exclusive lock on both parents (minutes of held
// inserts on a large outbox). Creating a month therefore creates its two foreign keys too.
import type { Prisma, PrismaClient } from "@/lib/platform/db";
import {
  defaultPartitionName,
  listMonthPartitions,
  type MonthPartition,
  monthStart,
  type PartitionedTable,
  partitionName,
  quote,
} from "./partitions";

export const OUTBOX_EVENTS: PartitionedTable = { table: "outbox_events", column: "occurred_at" };
export const EVENT_DELIVERIES: PartitionedTable = { table: "event_deliveries", column: "event_occurred_at" };
export const DELIVERY_ATTEMPTS: PartitionedTable = {
  table: "delivery_attempts",
  column: "event_occurred_at",
};

interface OutboxTable {
  spec: PartitionedTable;
  /** The foreign key from this table's month to the referenced table's same month. */
  references?: { spec: PartitionedTable; columns: string; key: string; name: string };
}

/** In the order they reference each other: a month is created in this order, emptied in reverse. */
const OUTBOX_TABLES: readonly OutboxTable[] = [
  { spec: OUTBOX_EVENTS },
  {
    spec: EVENT_DELIVERIES,
    references: {
      spec: OUTBOX_EVENTS,
      columns: "event_id, event_occurred_at",
      key: "id, occurred_at",
      name: "event_fkey",
    },
  },
  {
    spec: DELIVERY_ATTEMPTS,
    references: {
      spec: EVENT_DELIVERIES,
      columns: "delivery_id, event_occurred_at",
      key: "id, event_occurred_at",
      name: "delivery_fkey",
    },
  },
];

/**
 * How long creating or dropping a month waits for a table's lock before giving up until the next
 * run. Below PostgreSQL's deadlock_timeout (1 s): a month's DDL locks three tables that the events
 * worker's own transactions take in other orders, and when the two wait on each other it is this
 * side that must give up, not a settle whose hooks have already run.
 */
const OUTBOX_DDL_LOCK_TIMEOUT = "500ms";

/** The outbox's months, by the events table (the three tables' months are made and dropped together). */
export function listOutboxMonths(prisma: PrismaClient | Prisma.TransactionClient): Promise<MonthPartition[]> {
  return listMonthPartitions(prisma, OUTBOX_EVENTS);
}

/** Creates the months of now and the `monthsAhead` next ones that are missing; their events partitions' names. */
export async function ensureOutboxMonths(
  prisma: PrismaClient,
  now: Date,
  monthsAhead: number,
): Promise<string[]> {
  const existing = new Set((await listOutboxMonths(prisma)).map((p) => p.from.getTime()));
  const created: string[] = [];
  for (let ahead = 0; ahead <= monthsAhead; ahead++) {
    const from = monthStart(now, ahead);
    if (existing.has(from.getTime())) continue;
    const month = { from, to: monthStart(now, ahead + 1) };
    await prisma.$transaction((tx) => createOutboxMonth(tx, month));
    created.push(partitionName(OUTBOX_EVENTS, from));
  }
  return created;
}

interface Month {
  from: Date;
  to: Date;
}

const bounds = (m: Month) => `FROM ('${m.from.toISOString()}') TO ('${m.to.toISOString()}')`;
const inRange = (spec: PartitionedTable, m: Month) =>
  `${quote(spec.column)} >= '${m.from.toISOString()}' AND ${quote(spec.column)} < '${m.to.toISOString()}'`;

async function createOutboxMonth(tx: Prisma.TransactionClient, month: Month) {
  await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${OUTBOX_DDL_LOCK_TIMEOUT}'`);
  if (!(await defaultsHoldRowsOf(tx, month))) {
    for (const table of OUTBOX_TABLES) {
      const name = quote(partitionName(table.spec, month.from));
      await tx.$executeRawUnsafe(
        `CREATE TABLE ${name} PARTITION OF ${quote(table.spec.table)} FOR VALUES ${bounds(month)}`,
      );
      await addMonthForeignKey(tx, table, month);
    }
    return;
  }
  // The defaults' rows of this month move into tables that then become the month's partitions
  // (PostgreSQL refuses a partition whose rows the default still holds). Copied first, then deleted
  // from the defaults attempts first, so the defaults' foreign keys hold at every statement, and no
  // row is ever in neither place.
  for (const { spec } of OUTBOX_TABLES) {
    const [table, name, fallback] = [
      spec.table,
      partitionName(spec, month.from),
      defaultPartitionName(spec),
    ].map(quote);
    await tx.$executeRawUnsafe(
      `CREATE TABLE ${name} (LIKE ${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
    );
    await tx.$executeRawUnsafe(`INSERT INTO ${name} SELECT * FROM ${fallback} WHERE ${inRange(spec, month)}`);
  }
  for (const { spec } of [...OUTBOX_TABLES].reverse()) {
    await tx.$executeRawUnsafe(
      `DELETE FROM ${quote(defaultPartitionName(spec))} WHERE ${inRange(spec, month)}`,
    );
  }
  for (const table of OUTBOX_TABLES) {
    const name = quote(partitionName(table.spec, month.from));
    await tx.$executeRawUnsafe(
      `ALTER TABLE ${quote(table.spec.table)} ATTACH PARTITION ${name} FOR VALUES ${bounds(month)}`,
    );
    await addMonthForeignKey(tx, table, month);
  }
}

async function defaultsHoldRowsOf(tx: Prisma.TransactionClient, month: Month): Promise<boolean> {
  const probes = OUTBOX_TABLES.map(
    ({ spec }) => `EXISTS (SELECT 1 FROM ${quote(defaultPartitionName(spec))} WHERE ${inRange(spec, month)})`,
  );
  const [row] = await tx.$queryRawUnsafe<{ found: boolean }[]>(`SELECT ${probes.join(" OR ")} AS found`);
  return row?.found ?? true;
}

async function addMonthForeignKey(tx: Prisma.TransactionClient, table: OutboxTable, month: Month) {
  if (!table.references) return;
  const name = partitionName(table.spec, month.from);
  const referenced = partitionName(table.references.spec, month.from);
  await tx.$executeRawUnsafe(
    `ALTER TABLE ${quote(name)} ADD CONSTRAINT ${quote(`${name}_${table.references.name}`)}
     FOREIGN KEY (${table.references.columns}) REFERENCES ${quote(referenced)} (${table.references.key})`,
  );
}

/**
 * Drops the months whose whole range lies before `cutoff`, oldest first. A month's three partitions
 * are detached (deliveries, attempts, events: nobody can add to them any more), then `stillNeeded`
 * looks at them: when it says so, the detach is rolled back and the month kept as it was, to be
 * looked at again by the next run. Otherwise the three are dropped in the same transaction.
 */
export async function dropOutboxMonthsBefore(
  prisma: PrismaClient,
  cutoff: Date,
  stillNeeded: (tx: Prisma.TransactionClient, month: OutboxMonthTables) => Promise<boolean>,
): Promise<{ dropped: string[]; kept: string[] }> {
  const expired = (await listOutboxMonths(prisma)).filter((p) => p.to <= cutoff);
  const result = { dropped: [] as string[], kept: [] as string[] };
  for (const { from } of expired) {
    const month: OutboxMonthTables = {
      events: partitionName(OUTBOX_EVENTS, from),
      deliveries: partitionName(EVENT_DELIVERIES, from),
      attempts: partitionName(DELIVERY_ATTEMPTS, from),
    };
    const dropped = await prisma
      .$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${OUTBOX_DDL_LOCK_TIMEOUT}'`);
        // Deliveries first: the events worker's claims and settles lock that table first.
        await detach(tx, EVENT_DELIVERIES, month.deliveries);
        await detach(tx, DELIVERY_ATTEMPTS, month.attempts);
        await detach(tx, OUTBOX_EVENTS, month.events);
        if (await stillNeeded(tx, month)) throw new MonthKept();
        await tx.$executeRawUnsafe(
          `DROP TABLE ${quote(month.attempts)}, ${quote(month.deliveries)}, ${quote(month.events)}`,
        );
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof MonthKept) return false;
        throw error;
      });
    (dropped ? result.dropped : result.kept).push(month.events);
  }
  return result;
}

/** A month's three partitions, by name. */
export interface OutboxMonthTables {
  events: string;
  deliveries: string;
  attempts: string;
}

function detach(tx: Prisma.TransactionClient, spec: PartitionedTable, partition: string) {
  return tx.$executeRawUnsafe(`ALTER TABLE ${quote(spec.table)} DETACH PARTITION ${quote(partition)}`);
}

/** Rolls the detach back: thrown inside the transaction, caught outside it. */
class MonthKept extends Error {}
