// Domain events, measured. Two parts, on a temporary database:
//
// 1. What the outbox write costs an order: the order path's two statements that carry events —
//    the order's insert (order.created) and its payment (order.paid) — at a fixed rate, once as the
//    app runs them and once with the outbox left out (`announce: false` / no announcement), in
//    alternating runs. CPU is the whole machine's (this process and PostgreSQL), from /proc/stat,
//    per order.
// 2. How fast the events worker hands events to hooks: events already in the outbox, drained by one
//    worker (drainEvents, as workers/events.ts runs it) into a no-op hook; events per second.
//
//   npm run bench:events
//   BENCH_RATE=100 BENCH_SECONDS=15 BENCH_EVENTS=20000 npm run bench:events
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { insertOrder } from "@/lib/payments/orders/insert-order";
import { writeOrderTransition } from "@/lib/payments/orders/write-order-transition";
import { createPrismaClient } from "@/lib/platform/db/client";
import { migrateDatabase } from "@/lib/platform/db/migrate-database";
import { newRowId, requestIdFor } from "@/lib/platform/ids/request-ids";
import { createLogger } from "@/lib/platform/log";
import { outboundPolicy } from "@/lib/platform/outbound/outbound-policy";
import { drainEvents } from "../lib/events/drain-events";
import { defineHook, hookRegistry } from "../lib/events/hooks";

const rate = Number(process.env.BENCH_RATE ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const eventCount = Number(process.env.BENCH_EVENTS ?? 20_000);
const databaseName = `bench_events_${randomBytes(4).toString("hex")}`;
const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${databaseName}`;

/** Busy and total jiffies of the whole machine. */
function machineCpu() {
  const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

const prisma = createPrismaClient(databaseUrl);
const customerId = newRowId();

async function oneOrder(announce: boolean) {
  const id = newRowId();
  const inserted = await insertOrder(prisma, {
    id,
    customerId,
    flow: "CASHIER",
    productCode: "51051000101000000011",
    currency: "IQD",
    amountFils: 5_000_000n,
    idempotencyKey: id,
    paymentRequestId: requestIdFor("pay", id),
    paymentExpiresAt: new Date(Date.now() + 15 * 60_000),
    note: null,
    agreementId: null,
    nextReconcileAt: new Date(Date.now() + 30_000),
    lines: [
      {
        sku: "COFFEE",
        name: "Cardamom coffee",
        nameArabic: "قهوة بالهيل",
        unitPriceFils: 2_500_000n,
        quantity: 2,
      },
    ],
    actor: "customer",
    announce,
  });
  if (inserted.outcome !== "created") throw new Error(`insert: ${inserted.outcome}`);
  await writeOrderTransition(prisma, {
    order: inserted.order,
    to: { status: "PAID", voidedFils: 0n },
    columns: { paidAt: new Date(), paymentId: `p${id}` },
    event: { type: "PAY_SUCCEEDED", actor: "wallet" },
    announce: announce ? { type: "order.paid" } : undefined,
  });
}

/** Orders at `rate` per second for `seconds`; the machine's CPU per order, in ms. */
async function run(announce: boolean): Promise<number> {
  const tickMs = 1000 / Number(process.env.BENCH_CLK_TCK ?? 100);
  const before = machineCpu();
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < rate * seconds; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(oneOrder(announce));
  }
  await Promise.all(inFlight);
  const after = machineCpu();
  return ((after.busy - before.busy) * tickMs) / (rate * seconds);
}

try {
  await migrateDatabase(databaseUrl);
  await seedDemoCatalog(prisma);
  await prisma.customer.create({ data: { id: customerId, walletCustomerId: `bench-${customerId}` } });

  console.log(
    `outbox write: ${rate} orders/s for ${seconds} s per run, runs alternating (insert + paid per order)`,
  );
  await run(true); // warm-up
  const withOutbox: number[] = [];
  const without: number[] = [];
  for (let round = 0; round < 2; round++) {
    without.push(await run(false));
    withOutbox.push(await run(true));
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log(
    `  without the outbox: ${without.map((v) => v.toFixed(3)).join(", ")} ms CPU per order (mean ${mean(without).toFixed(3)})`,
  );
  console.log(
    `  with the outbox:    ${withOutbox.map((v) => v.toFixed(3)).join(", ")} ms CPU per order (mean ${mean(withOutbox).toFixed(3)})`,
  );
  console.log(
    `  overhead: ${(((mean(withOutbox) - mean(without)) / mean(without)) * 100).toFixed(1)} % of this path's CPU`,
  );

  // Part 2: events already in the outbox, drained into a no-op hook.
  await prisma.$executeRaw`DELETE FROM outbox_events`;
  await prisma.$executeRaw`
    INSERT INTO outbox_events (id, type, version, order_id, payload)
    SELECT gen_random_uuid()::text, 'agreement.bound', 1, NULL,
           jsonb_build_object('agreementId', 'a' || n, 'customerId', 'c' || n)
    FROM generate_series(1, ${eventCount}::int) AS n`;
  let handled = 0;
  const noop = defineHook({ name: "noop", event: "agreement.bound", handle: async () => void handled++ });
  const startedDrain = performance.now();
  const totals = await drainEvents(
    {
      prisma,
      logger: createLogger({ level: "warn" }),
      tokenKey: Buffer.alloc(32),
      services: {} as never,
      hooks: hookRegistry([noop]),
      hookTimeoutMs: 10_000,
      webhookTimeoutMs: 10_000,
      // Hooks only here: no webhook is called.
      outbound: outboundPolicy({ httpsOnly: true }),
    },
    (type) => (type === "agreement.bound" ? ["noop"] : []),
    { batch: 500, leaseMs: 30_000, budgetMs: 600_000, webhookDisableAfterMs: 1 },
  );
  const elapsed = (performance.now() - startedDrain) / 1000;
  console.log(
    `hooks: ${totals.delivered} events delivered to a no-op hook in ${elapsed.toFixed(1)} s by one worker: ${Math.round(totals.delivered / elapsed)} events/s (handled ${handled})`,
  );
} finally {
  await prisma.$disconnect();
  const admin = createPrismaClient("postgresql://postgres@127.0.0.1:5432/postgres");
  await admin.$executeRawUnsafe(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.$disconnect();
}
