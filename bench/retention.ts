// Retention and the hot path with the log tables full (docs/adr/0022-logs-partitioned-by-month.md).
// On its own database, dropped at the end:
//
// 1. The hot path nearly empty: a wallet-call row's INSERT (record-wallet-call.ts's statement), an
//    outbox event's INSERT (write-event.ts's), and the events worker's claim (claimDeliveries).
// 2. Fills the tables with INSERT ... SELECT generate_series: BENCH_WALLET_CALLS wallet calls over
//    the last 12 months (partitioned by month), BENCH_EVENTS outbox events with as many delivered
//    deliveries and one attempt each (partitioned by the event's month, a month's three tables
//    joined by its foreign keys). Indexes and foreign keys are dropped for the fill and made again
//    after, as they are. The fill stops early if the database passes BENCH_MAX_GB.
// 3. The hot path again, full.
// 4. Retention of one month of wallet calls, both ways: the oldest month by row-level DELETE in
//    batches (what a table without partitions has to do), then VACUUM of what it left; the next
//    month by expireWalletCalls (detach and drop). WAL is counted exactly for the DELETEs (EXPLAIN
//    (ANALYZE, WAL)) and as the server's LSN advance for both (that one includes whatever other
//    databases on the server wrote meanwhile: an upper bound).
// 5. Retention of one month of the outbox, both ways: the oldest month's attempts, deliveries and
//    events by row-level DELETE in batches, then VACUUM; the next month by expireOutbox (detach,
//    check that nothing is pending, drop the three).
//
//   npm run bench:retention
//   BENCH_WALLET_CALLS=15000000 BENCH_EVENTS=5000000 BENCH_MAX_GB=15 npm run bench:retention
//
// The defaults fill 25 M rows, about 13 GB with their indexes: 50 M rows of these shapes take about
// 25 GB (BENCH_WALLET_CALLS=40000000 BENCH_MAX_GB=30). A fill stopped by the budget leaves the
// last months emptier than the first (rows are spread over the year as planned).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { claimDeliveries } from "@/lib/events/claim-deliveries";
import { createPrismaClient } from "@/lib/platform/db/client";
import { migrateDatabase } from "@/lib/platform/db/migrate-database";
import { expireOutbox } from "@/lib/platform/retention/expire-outbox";
import { expireWalletCalls, WALLET_CALLS } from "@/lib/platform/retention/expire-wallet-calls";
import {
  DELIVERY_ATTEMPTS,
  EVENT_DELIVERIES,
  ensureOutboxMonths,
  listOutboxMonths,
  OUTBOX_EVENTS,
} from "@/lib/platform/retention/outbox-partitions";
import {
  ensureMonthPartitions,
  listMonthPartitions,
  monthStart,
  type PartitionedTable,
  partitionName,
} from "@/lib/platform/retention/partitions";

const walletCallTotal = Number(process.env.BENCH_WALLET_CALLS ?? 15_000_000);
const eventTotal = Number(process.env.BENCH_EVENTS ?? 5_000_000);
const maxBytes = Number(process.env.BENCH_MAX_GB ?? 15) * 1024 ** 3;
const samples = Number(process.env.BENCH_SAMPLES ?? 2_000);
const MONTHS = 12;
const CHUNK = 500_000;
const DAY = 24 * 60 * 60 * 1000;

const databaseName = `bench_retention_${randomBytes(4).toString("hex")}`;
const serverUrl = "postgresql://postgres@127.0.0.1:5432/postgres";
const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${databaseName}`;
const now = new Date();

const client = new pg.Client({ connectionString: databaseUrl });
const prisma = createPrismaClient(databaseUrl);

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const result = await client.query(sql, params);
  return result.rows[0] as T;
}

async function databaseBytes(): Promise<number> {
  return Number((await one<{ size: string }>("SELECT pg_database_size(current_database()) AS size")).size);
}

async function lsn(): Promise<string> {
  return (await one<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn")).lsn;
}

async function walSince(start: string): Promise<number> {
  return Number(
    (await one<{ bytes: string }>("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1) AS bytes", [start]))
      .bytes,
  );
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms`;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

// --- the hot path --------------------------------------------------------------------------------

const INSERT_CALL = `INSERT INTO wallet_calls (operation, path, request_key, order_id, refund_id, request_id, outcome,
  result_code, http_status, duration_ms, error_kind, request_body, response_body, created_at)
  VALUES ('pay', '/v1/payments/pay', $1, $2, NULL, $3, 'S', 'SUCCESS', 200, 41, NULL,
          '{"paymentRequestId":"x","paymentAmount":{"currency":"IQD","value":"5000"}}', '{"result":{"resultStatus":"S"}}', now())`;

/** An order.paid payload as write-event.ts builds it, about 330 bytes. */
const PAYLOAD = JSON.stringify({
  orderId: "0193b6a4-5c4e-7a1b-9c2d-3e4f5a6b7c8d",
  customerId: "0193b6a4-1111-7a1b-9c2d-3e4f5a6b7c8d",
  flow: "CASHIER",
  status: "PAID",
  previousStatus: "PENDING",
  amountFils: "5000000",
  currency: "IQD",
  voidedFils: "0",
  refundedFils: "0",
  paymentId: "2026112710000000000000000001",
  paidAt: "2026-11-27T10:00:00.000Z",
  resultCode: null,
  resultMessage: null,
});

/** write-event.ts's statement, for an event without a dedupe key (an order's events). */
const INSERT_EVENT = `WITH key AS (
    INSERT INTO outbox_dedupe_keys (dedupe_key, event_id) SELECT NULL::text, $2::text WHERE NULL::text IS NOT NULL
    ON CONFLICT (dedupe_key) DO NOTHING RETURNING dedupe_key)
  INSERT INTO outbox_events (id, type, version, order_id, payload, dedupe_key)
  SELECT $2::text, 'order.paid', 1, $1::text, '${PAYLOAD}', NULL::text
  WHERE NULL::text IS NULL OR EXISTS (SELECT 1 FROM key)`;

/** Pending deliveries of fresh orders, as the dispatcher leaves them: what the claim finds due. */
async function addPendingDeliveries(count: number) {
  await client.query(
    `WITH events AS (
       INSERT INTO outbox_events (id, type, version, order_id, payload, dispatched_at)
       SELECT gen_random_uuid()::text, 'order.paid', 1, gen_random_uuid()::text, $2::jsonb, now()
       FROM generate_series(1, $1) RETURNING id, seq, order_id, occurred_at)
     INSERT INTO event_deliveries (id, event_id, event_occurred_at, seq, order_id, target_kind, target, updated_at)
     SELECT gen_random_uuid()::text, id, occurred_at, seq, order_id, 'HOOK', 'kitchen', now() FROM events`,
    [count, PAYLOAD],
  );
}

async function hotPath(label: string) {
  const calls: number[] = [];
  const events: number[] = [];
  for (let i = -100; i < samples; i++) {
    const key = randomBytes(16).toString("hex");
    if (i < 0) {
      await client.query(INSERT_CALL, [`pay_${key}`, key, `req-${key}`]); // warm-up
      continue;
    }
    calls.push(await timed(() => client.query(INSERT_CALL, [`pay_${key}`, key, `req-${key}`])));
    events.push(await timed(() => client.query(INSERT_EVENT, [key, randomBytes(16).toString("hex")])));
  }
  await addPendingDeliveries(200);
  for (let i = 0; i < 20; i++) {
    await claimDeliveries(prisma, { limit: 50, leaseMs: 30_000 }); // warm-up: connections, plans
    await client.query("UPDATE event_deliveries SET lease_until = NULL WHERE status = 'PENDING'");
  }
  const claims: number[] = [];
  for (let i = 0; i < 200; i++) {
    claims.push(await timed(() => claimDeliveries(prisma, { limit: 50, leaseMs: 30_000 })));
    // Let them go again: the next claim finds the same 200 due, not an emptied queue.
    await client.query("UPDATE event_deliveries SET lease_until = NULL WHERE status = 'PENDING'");
  }
  await client.query("DELETE FROM event_deliveries WHERE status = 'PENDING'");
  log(
    `${label}: wallet-call insert ${percentiles(calls)}; outbox insert ${percentiles(events)}; claim of 50 ${percentiles(claims)}`,
  );
}

// --- the fill ------------------------------------------------------------------------------------

/**
 * Drops a table's secondary indexes and foreign keys (its partitions' too: the outbox's are per
 * month); the statements that bring them back.
 */
async function dropIndexes(table: string): Promise<string[]> {
  const indexes = await client.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = $1 AND i.indexname NOT LIKE '%_pkey'`,
    [table],
  );
  const foreign = await client.query<{ owner: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS owner, conname AS name, pg_get_constraintdef(oid) AS def
     FROM pg_constraint
     WHERE contype = 'f' AND conparentid = 0
       AND (conrelid = $1::regclass OR conrelid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = $1::regclass))`,
    [table],
  );
  for (const fk of foreign.rows) await client.query(`ALTER TABLE ${fk.owner} DROP CONSTRAINT "${fk.name}"`);
  for (const index of indexes.rows) await client.query(`DROP INDEX "${index.name}"`);
  return [
    ...indexes.rows.map((index) => index.def.replace(" ON ONLY ", " ON ")),
    ...foreign.rows.map((fk) => `ALTER TABLE ${fk.owner} ADD CONSTRAINT "${fk.name}" ${fk.def}`),
  ];
}

async function withinBudget(): Promise<boolean> {
  const bytes = await databaseBytes();
  if (bytes < maxBytes * 0.7) return true;
  log(`database at ${gb(bytes)}: fill stops early to keep the indexes within ${gb(maxBytes)}`);
  return false;
}

/** Wallet calls spread evenly over the last MONTHS months; bodies older than 180 days pruned. */
async function fillWalletCalls(): Promise<number> {
  const rebuild = await dropIndexes("wallet_calls");
  const from = monthStart(now, -(MONTHS - 1));
  const spanMs = now.getTime() - from.getTime();
  let filled = 0;
  while (filled < walletCallTotal && (await withinBudget())) {
    const count = Math.min(CHUNK, walletCallTotal - filled);
    await client.query(
      `INSERT INTO wallet_calls (operation, path, request_key, order_id, request_id, outcome, result_code,
         http_status, duration_ms, request_body, response_body, created_at, pruned_at)
       SELECT (ARRAY['pay','inquiryPayment','refund','inquiryRefund'])[1 + g % 4], '/v1/payments/pay',
              'pay_' || to_hex(g), md5((g / 3)::text)::uuid::text,
              CASE WHEN g % 4 = 0 THEN 'req-' || to_hex(g / 4) END,
              'S', 'SUCCESS', 200, 40 + g % 50,
              CASE WHEN at < $3 THEN '{"pruned":true}'
                   ELSE '{"paymentRequestId":"pay_x","paymentAmount":{"currency":"IQD","value":"5000"}}' END::jsonb,
              CASE WHEN at < $3 THEN '{"pruned":true}' ELSE '{"result":{"resultStatus":"S","resultCode":"SUCCESS"}}' END::jsonb,
              at, CASE WHEN at < $3 THEN at + interval '181 days' END
       FROM (SELECT g, $4::timestamptz + (g::float8 / $5) * $6 * interval '1 millisecond' AS at
             FROM generate_series($1::bigint, $2::bigint) g) s`,
      [filled, filled + count - 1, new Date(now.getTime() - 180 * DAY), from, walletCallTotal, spanMs],
    );
    filled += count;
    log(`wallet_calls: ${filled.toLocaleString("en")} rows, database ${gb(await databaseBytes())}`);
  }
  for (const statement of rebuild) await client.query(statement);
  return filled;
}

/**
 * Outbox events over the same months, each with one delivered delivery to a hook and its one
 * attempt, all three in the event's month; ids time-ordered like uuid(7).
 */
async function fillEvents(): Promise<number> {
  // Attempts first: their foreign keys reference the deliveries' keys, whose are rebuilt after.
  const rebuild = [
    ...(await dropIndexes("delivery_attempts")),
    ...(await dropIndexes("event_deliveries")),
    ...(await dropIndexes("outbox_events")),
  ].sort((a, b) => Number(a.startsWith("ALTER")) - Number(b.startsWith("ALTER")));
  const from = monthStart(now, -(MONTHS - 1));
  const spanMs = now.getTime() - from.getTime();
  let filled = 0;
  while (filled < eventTotal && (await withinBudget())) {
    const count = Math.min(CHUNK, eventTotal - filled);
    await client.query(
      `WITH events AS (
         INSERT INTO outbox_events (id, type, version, order_id, payload, occurred_at, dispatched_at)
         SELECT (lpad(to_hex((extract(epoch FROM at) * 1000)::bigint), 12, '0') || substr(md5(g::text), 1, 20))::uuid::text,
                'order.paid', 1, md5((g / 3)::text)::uuid::text,
                $6::jsonb || jsonb_build_object('orderId', md5((g / 3)::text)::uuid::text),
                at, at
         FROM (SELECT g, $3::timestamptz + (g::float8 / $4) * $5 * interval '1 millisecond' AS at
               FROM generate_series($1::bigint, $2::bigint) g) s
         RETURNING id, seq, order_id, occurred_at),
       deliveries AS (
         INSERT INTO event_deliveries (id, event_id, event_occurred_at, seq, order_id, target_kind, target, status,
           attempts, next_attempt_at, delivered_at, created_at, updated_at)
         SELECT (lpad(to_hex((extract(epoch FROM occurred_at) * 1000)::bigint), 12, '0') || substr(md5(id), 1, 20))::uuid::text,
                id, occurred_at, seq, order_id, 'HOOK', 'kitchen', 'DELIVERED', 1,
                occurred_at, occurred_at, occurred_at, occurred_at FROM events
         RETURNING id, event_occurred_at)
       INSERT INTO delivery_attempts (id, delivery_id, event_occurred_at, attempt, ok, latency_ms, created_at)
       SELECT (lpad(to_hex((extract(epoch FROM event_occurred_at) * 1000)::bigint), 12, '0') || substr(md5(id || 'a'), 1, 20))::uuid::text,
              id, event_occurred_at, 1, true, 12, event_occurred_at FROM deliveries`,
      [filled, filled + count - 1, from, eventTotal, spanMs, PAYLOAD],
    );
    filled += count;
    log(
      `outbox_events + event_deliveries + delivery_attempts: ${filled.toLocaleString("en")} each, database ${gb(await databaseBytes())}`,
    );
  }
  for (const statement of rebuild) await client.query(statement);
  return filled;
}

// --- retention -----------------------------------------------------------------------------------

interface WalCount {
  walBytes: number;
  fpi: number;
  dirtied: number;
  written: number;
  read: number;
}

/**
 * Deletes one month row by row, 10,000 rows a statement, as a table without partitions must: by
 * ranges of id (ids grow with time), through the primary key, the cheapest way there is.
 */
async function deleteMonthRowByRow(from: Date, to: Date) {
  const total: WalCount = { walBytes: 0, fpi: 0, dirtied: 0, written: 0, read: 0 };
  const range = await one<{ low: string; high: string }>(
    "SELECT min(id) AS low, max(id) AS high FROM wallet_calls WHERE created_at >= $1 AND created_at < $2",
    [from, to],
  );
  const started = await lsn();
  const ms = await timed(async () => {
    for (let low = BigInt(range.low); low <= BigInt(range.high); low += 10_000n) {
      const result = await client.query<{ "QUERY PLAN": [{ Plan: Record<string, number> }] }>(
        `EXPLAIN (ANALYZE, WAL, BUFFERS, FORMAT JSON)
         DELETE FROM wallet_calls WHERE id >= $1 AND id < $2 AND created_at >= $3 AND created_at < $4`,
        [low, low + 10_000n, from, to],
      );
      const plan = result.rows[0]?.["QUERY PLAN"][0]?.Plan ?? {};
      total.walBytes += plan["WAL Bytes"] ?? 0;
      total.fpi += plan["WAL FPI"] ?? 0;
      total.dirtied += plan["Shared Dirtied Blocks"] ?? 0;
      total.written += plan["Shared Written Blocks"] ?? 0;
      total.read += plan["Shared Read Blocks"] ?? 0;
    }
  });
  const lsnBytes = await walSince(started);
  return { ms, total, lsnBytes };
}

async function retention() {
  const [oldest, next] = await listMonthPartitions(prisma, WALLET_CALLS);
  if (!oldest || !next) throw new Error("expected a year of monthly partitions");
  const sizeOf = async (name: string) =>
    Number((await one<{ size: string }>("SELECT pg_total_relation_size($1) AS size", [name])).size);
  const rowsOf = async (name: string) =>
    Number((await one<{ count: string }>(`SELECT count(*) AS count FROM "${name}"`)).count);

  const deleteRows = await rowsOf(oldest.name);
  const deleteSize = await sizeOf(oldest.name);
  await client.query("CHECKPOINT");
  const deleted = await deleteMonthRowByRow(oldest.from, oldest.to);
  const t = deleted.total;
  log(
    `DELETE of ${oldest.name} (${deleteRows.toLocaleString("en")} rows, ${mb(deleteSize)}): ${(deleted.ms / 1000).toFixed(1)} s, ` +
      `WAL ${mb(t.walBytes)} (${t.fpi} full-page images; server LSN advanced ${mb(deleted.lsnBytes)}), ` +
      `blocks read ${t.read}, dirtied ${t.dirtied}, written by the backend ${t.written}`,
  );
  const vacuumStart = await lsn();
  const vacuumMs = await timed(() => client.query(`VACUUM "${oldest.name}"`));
  log(
    `VACUUM of it after: ${(vacuumMs / 1000).toFixed(1)} s, server LSN advanced ${mb(await walSince(vacuumStart))}, size left ${mb(await sizeOf(oldest.name))}`,
  );

  const dropRows = await rowsOf(next.name);
  const dropSize = await sizeOf(next.name);
  await client.query("CHECKPOINT");
  const dropStart = await lsn();
  let result: Awaited<ReturnType<typeof expireWalletCalls>> | undefined;
  // The period reaches back to the end of `next`: it and the emptied oldest month go.
  const maxAgeMs = now.getTime() - next.to.getTime();
  const dropMs = await timed(async () => {
    result = await expireWalletCalls(
      { prisma, now: () => now },
      {
        maxAgeMs,
        unsettledOrderStatuses: ["CREATED", "PENDING", "UNKNOWN"],
        unsettledRefundStatuses: ["CREATED", "PROCESSING", "UNKNOWN"],
        batch: 1000,
      },
    );
  });
  log(
    `expireWalletCalls dropping ${result?.partitionsDropped.join(", ")} (${next.name}: ${dropRows.toLocaleString("en")} rows, ${mb(dropSize)}): ` +
      `${(dropMs / 1000).toFixed(2)} s, server LSN advanced ${mb(await walSince(dropStart))}`,
  );
}

/**
 * Deletes one month of the outbox row by row, as tables without partitions must: attempts, then
 * deliveries, then events (the foreign keys' order), 10,000 rows a statement, each batch found
 * through the month's range of the table's time column.
 */
async function deleteOutboxMonthRowByRow(from: Date, to: Date) {
  const total: WalCount = { walBytes: 0, fpi: 0, dirtied: 0, written: 0, read: 0 };
  const started = await lsn();
  const ms = await timed(async () => {
    for (const { table, column } of [DELIVERY_ATTEMPTS, EVENT_DELIVERIES, OUTBOX_EVENTS]) {
      for (;;) {
        const result = await client.query<{ "QUERY PLAN": [{ Plan: Record<string, number> }] }>(
          `EXPLAIN (ANALYZE, WAL, BUFFERS, FORMAT JSON)
           DELETE FROM ${table} WHERE ${column} >= $1 AND ${column} < $2 AND ctid IN (
             SELECT ctid FROM ${table} WHERE ${column} >= $1 AND ${column} < $2 LIMIT 10000)`,
          [from, to],
        );
        const plan = result.rows[0]?.["QUERY PLAN"][0]?.Plan ?? {};
        total.walBytes += plan["WAL Bytes"] ?? 0;
        total.fpi += plan["WAL FPI"] ?? 0;
        total.dirtied += plan["Shared Dirtied Blocks"] ?? 0;
        total.written += plan["Shared Written Blocks"] ?? 0;
        total.read += plan["Shared Read Blocks"] ?? 0;
        // The rows fed to the DELETE (the node under it): a statement that found none was the last.
        const under = plan.Plans as unknown as { "Actual Rows": number }[] | undefined;
        if ((under?.[0]?.["Actual Rows"] ?? 0) === 0) break;
      }
    }
  });
  const lsnBytes = await walSince(started);
  return { ms, total, lsnBytes };
}

async function outboxRetention() {
  const [oldest, next] = await listOutboxMonths(prisma);
  if (!oldest || !next) throw new Error("expected a year of the outbox's monthly partitions");
  const tables: PartitionedTable[] = [OUTBOX_EVENTS, EVENT_DELIVERIES, DELIVERY_ATTEMPTS];
  const monthOf = async (from: Date) => {
    let rows = 0;
    let size = 0;
    for (const spec of tables) {
      const name = partitionName(spec, from);
      rows += Number((await one<{ count: string }>(`SELECT count(*) AS count FROM "${name}"`)).count);
      size += Number((await one<{ size: string }>("SELECT pg_total_relation_size($1) AS size", [name])).size);
    }
    return { rows, size };
  };

  const before = await monthOf(oldest.from);
  await client.query("CHECKPOINT");
  const deleted = await deleteOutboxMonthRowByRow(oldest.from, oldest.to);
  const t = deleted.total;
  log(
    `DELETE of the outbox's ${oldest.name.slice(-6)} (${before.rows.toLocaleString("en")} rows in 3 tables, ${mb(before.size)}): ` +
      `${(deleted.ms / 1000).toFixed(1)} s, WAL ${mb(t.walBytes)} (${t.fpi} full-page images; server LSN advanced ` +
      `${mb(deleted.lsnBytes)}), blocks read ${t.read}, dirtied ${t.dirtied}, written by the backend ${t.written}`,
  );
  const vacuumStart = await lsn();
  const names = tables.map((spec) => `"${partitionName(spec, oldest.from)}"`).join(", ");
  const vacuumMs = await timed(() => client.query(`VACUUM ${names}`));
  log(
    `VACUUM of them after: ${(vacuumMs / 1000).toFixed(1)} s, server LSN advanced ${mb(await walSince(vacuumStart))}, size left ${mb((await monthOf(oldest.from)).size)}`,
  );

  const dropped = await monthOf(next.from);
  await client.query("CHECKPOINT");
  const dropStart = await lsn();
  let result: Awaited<ReturnType<typeof expireOutbox>> | undefined;
  const quiet = { info: () => {} } as unknown as Parameters<typeof expireOutbox>[0]["logger"];
  const dropMs = await timed(async () => {
    result = await expireOutbox(
      { prisma, now: () => now, logger: quiet },
      { maxAgeMs: now.getTime() - next.to.getTime() },
    );
  });
  log(
    `expireOutbox dropping ${result?.outboxMonthsDropped.join(", ")} (${next.name.slice(-6)}: ${dropped.rows.toLocaleString("en")} rows in 3 tables, ${mb(dropped.size)}): ` +
      `${(dropMs / 1000).toFixed(2)} s, server LSN advanced ${mb(await walSince(dropStart))}; kept ${result?.outboxMonthsKept.length ?? 0}`,
  );
}

// --- main ----------------------------------------------------------------------------------------

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
try {
  log(
    `database ${databaseName}; ${walletCallTotal.toLocaleString("en")} wallet calls, ${eventTotal.toLocaleString("en")} events + deliveries`,
  );
  await migrateDatabase(databaseUrl);
  await client.connect();
  await client.query("SET maintenance_work_mem = '256MB'");
  // A year of months: what the maintenance worker would have created over that year.
  await ensureMonthPartitions(prisma, WALLET_CALLS, monthStart(now, -(MONTHS - 1)), MONTHS - 1);
  await ensureOutboxMonths(prisma, monthStart(now, -(MONTHS - 1)), MONTHS - 1);
  await client.query("ANALYZE");
  await hotPath("near-empty");

  // Events first: the wallet calls, the bulk, then fill what the size budget leaves.
  const events = await fillEvents();
  const calls = await fillWalletCalls();
  log("VACUUM ANALYZE");
  await client.query("VACUUM ANALYZE");
  const sizes = await client.query<{ name: string; size: string }>(
    `SELECT t AS name, pg_size_pretty(sum(pg_total_relation_size(c.oid))) AS size
     FROM unnest(ARRAY['wallet_calls', 'outbox_events', 'event_deliveries', 'delivery_attempts']) t
     JOIN pg_class c ON c.relkind = 'r' AND (c.relname = t OR c.relname LIKE t || '\\_p%' OR c.relname = t || '_default')
     GROUP BY t`,
  );
  log(
    `filled: ${calls.toLocaleString("en")} wallet calls + ${events.toLocaleString("en")} events, deliveries and attempts each = ${(calls + 3 * events).toLocaleString("en")} rows; database ${gb(await databaseBytes())}; ${sizes.rows.map((r) => `${r.name} ${r.size}`).join(", ")}`,
  );

  await hotPath(`full (${(calls + 3 * events).toLocaleString("en")} rows)`);
  await retention();
  await outboxRetention();
} finally {
  await client.end().catch(() => {});
  await prisma.$disconnect().catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
  log(`dropped ${databaseName}`);
}
