// Monthly range partitions of a log table (docs/adr/0022-logs-partitioned-by-month.md): created ahead
// by the maintenance worker, dropped whole once a month has passed the retention period.
//
// Months are UTC months, a partition is named <table>_pYYYYMM, and a DEFAULT partition catches any
// row no month covers (a clock far off, a worker that did not run for months). When a month's
// partition is created and the default already holds rows of that month, they move over in the same
// transaction: PostgreSQL would refuse the new partition otherwise.
import type { Prisma, PrismaClient } from "@/lib/platform/db";

export interface PartitionedTable {
  table: string;
  /** The timestamptz column the table is partitioned by. */
  column: string;
}

export interface MonthPartition {
  name: string;
  from: Date;
  to: Date;
}

/**
 * How long creating or dropping a partition waits for the table's lock before it gives up until the
 * next run: while it waits, the inserts queued behind it wait too.
 */
const DDL_LOCK_TIMEOUT = "1s";

export function monthStart(at: Date, monthsLater = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + monthsLater, 1));
}

export function partitionName(spec: PartitionedTable, month: Date): string {
  const yyyymm = `${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
  return `${spec.table}_p${yyyymm}`;
}

export function defaultPartitionName(spec: PartitionedTable): string {
  return `${spec.table}_default`;
}

export const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** The table's range partitions (not the default), oldest first, with their bounds. */
export async function listMonthPartitions(
  prisma: PrismaClient | Prisma.TransactionClient,
  spec: PartitionedTable,
): Promise<MonthPartition[]> {
  return prisma.$queryRawUnsafe<MonthPartition[]>(
    `SELECT name, bounds[1]::timestamptz AS "from", bounds[2]::timestamptz AS "to"
     FROM (SELECT c.relname::text AS name,
                  regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\) TO \\(''([^'']+)''\\)') AS bounds
           FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
           WHERE i.inhparent = $1::regclass) p
     WHERE bounds IS NOT NULL
     ORDER BY 2`,
    spec.table,
  );
}

/** Creates the partitions of this month and the `monthsAhead` next ones that are missing; their names. */
export async function ensureMonthPartitions(
  prisma: PrismaClient,
  spec: PartitionedTable,
  now: Date,
  monthsAhead: number,
): Promise<string[]> {
  const existing = new Set((await listMonthPartitions(prisma, spec)).map((p) => p.from.getTime()));
  const created: string[] = [];
  for (let ahead = 0; ahead <= monthsAhead; ahead++) {
    const from = monthStart(now, ahead);
    if (existing.has(from.getTime())) continue;
    const partition = { name: partitionName(spec, from), from, to: monthStart(now, ahead + 1) };
    await prisma.$transaction((tx) => createPartition(tx, spec, partition));
    created.push(partition.name);
  }
  return created;
}

async function createPartition(tx: Prisma.TransactionClient, spec: PartitionedTable, p: MonthPartition) {
  const [table, column, fallback, name] = [spec.table, spec.column, defaultPartitionName(spec), p.name].map(
    quote,
  );
  const bounds = `FROM ('${p.from.toISOString()}') TO ('${p.to.toISOString()}')`;
  const inRange = `${column} >= '${p.from.toISOString()}' AND ${column} < '${p.to.toISOString()}'`;
  await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${DDL_LOCK_TIMEOUT}'`);
  const [found] = await tx.$queryRawUnsafe<{ stragglers: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM ${fallback} WHERE ${inRange}) AS stragglers`,
  );
  if (!found?.stragglers) {
    await tx.$executeRawUnsafe(`CREATE TABLE ${name} PARTITION OF ${table} FOR VALUES ${bounds}`);
    return;
  }
  // The default's rows of this month move into a table that then becomes the month's partition.
  await tx.$executeRawUnsafe(`CREATE TABLE ${name} (LIKE ${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
  await tx.$executeRawUnsafe(
    `WITH moved AS (DELETE FROM ${fallback} WHERE ${inRange} RETURNING *) INSERT INTO ${name} SELECT * FROM moved`,
  );
  await tx.$executeRawUnsafe(`ALTER TABLE ${table} ATTACH PARTITION ${name} FOR VALUES ${bounds}`);
}

/**
 * Drops the partitions whose whole month lies before `cutoff`, oldest first. Each is detached, then
 * `stillNeeded` looks at it (detached, nobody can add to it any more): when it says so, the detach
 * is rolled back and the partition kept as it was, to be looked at again by the next run.
 */
export async function dropPartitionsBefore(
  prisma: PrismaClient,
  spec: PartitionedTable,
  cutoff: Date,
  stillNeeded: (tx: Prisma.TransactionClient, partition: string) => Promise<boolean>,
): Promise<{ dropped: string[]; kept: string[] }> {
  const expired = (await listMonthPartitions(prisma, spec)).filter((p) => p.to <= cutoff);
  const result = { dropped: [] as string[], kept: [] as string[] };
  for (const { name } of expired) {
    const dropped = await prisma
      .$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${DDL_LOCK_TIMEOUT}'`);
        await tx.$executeRawUnsafe(`ALTER TABLE ${quote(spec.table)} DETACH PARTITION ${quote(name)}`);
        if (await stillNeeded(tx, name)) throw new PartitionKept();
        await tx.$executeRawUnsafe(`DROP TABLE ${quote(name)}`);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof PartitionKept) return false;
        throw error;
      });
    (dropped ? result.dropped : result.kept).push(name);
  }
  return result;
}

/** Rolls the detach back: thrown inside the transaction, caught outside it. */
class PartitionKept extends Error {}

/** Row by row, for what the default caught: its rows older than `cutoff`, `batch` at a time. */
export async function deleteDefaultRowsBefore(
  prisma: PrismaClient,
  spec: PartitionedTable,
  cutoff: Date,
  batch: number,
): Promise<number> {
  const [fallback, column] = [quote(defaultPartitionName(spec)), quote(spec.column)];
  return prisma.$executeRawUnsafe(
    `DELETE FROM ${fallback} WHERE ctid IN (
       SELECT ctid FROM ${fallback} WHERE ${column} < $1::timestamptz ORDER BY ${column} LIMIT $2::int)`,
    cutoff.toISOString(),
    batch,
  );
}
