// Reconciliation at scale: how long the reconcile worker takes to resolve 10,000 orders whose `pay`
// the sandbox answered U (agreement payments the wallet actually completed, their notifications
// dropped), with the wallet calls per second it used, next to the sandbox's own inquiryPayment
// capacity measured in the same run (the same concurrency of signed calls from a bare client, just
// before); then what the scans cost when there is nothing to do (queries and milliseconds per scan,
// against the same 10,000-order database).
//
//   npm run bench:reconcile
//   BENCH_ORDERS=2000 BENCH_CONCURRENCY=16 npm run bench:reconcile
//   BENCH_CPU_PROF=.bench-profiles npm run bench:reconcile   (CPU profile of the reconcile phase)
//   BENCH_RECONCILE_DIRECT=1 npm run bench:reconcile   (what-if: reconcileOrder without the queue)
//
// Everything is temporary and local: a fresh database on the local PostgreSQL, the sandbox as its own
// process (its own core, like a real wallet), a unique BullMQ prefix on the local Redis (its keys are
// deleted at the end). The workers run in this process with the production code (workers/start.ts).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { Redis } from "ioredis";
import pg from "pg";
import { bindAgreement, prepareAgreement } from "@/lib/payments/agreements/agreements";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { createOrder } from "@/lib/payments/orders/create-order";
import { reconcileOrder } from "@/lib/payments/reconcile/reconcile-order";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { closePrismaClient, createPrismaClient } from "@/lib/platform/db/client";
import { quoteIdentifier, withDatabase } from "@/lib/platform/db/ensure-database";
import { applyMigrations } from "@/lib/platform/db/migrate";
import type { JobQueue } from "@/lib/platform/queue/definitions";
import { SCAN_JOB } from "@/lib/platform/queue/definitions";
import { DEFAULT_JOB_SETTINGS } from "@/lib/platform/queue/settings";
import { PrismaClient } from "../generated/prisma/client";
import { startSession } from "../lib/customers/start-session";
import { createWalletClient } from "../lib/wallet/client";
import { PROCESSORS } from "../workers/registry";
import { startWorkers } from "../workers/start";
import { benchServiceContext } from "./support/bench-service-context";
import { profilePhase } from "./support/profile-phase";
import { control, registerBenchMerchant, startSandboxProcess } from "./support/sandbox-process";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
/** Calls of the sandbox-alone measurement: enough for a steady rate, few enough to stay quick. */
const CAPACITY_CALLS = Number(process.env.BENCH_CAPACITY_CALLS ?? 4_000);
const SERVER_URL = process.env.BENCH_DATABASE_SERVER ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function deletePrefix(prefix: string) {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
    cursor = next;
    if (keys.length > 0) await redis.unlink(...keys);
  } while (cursor !== "0");
  redis.disconnect();
}

/** BENCH_RECONCILE_DIRECT: every order through reconcileOrder, CONCURRENCY at a time, no queue. */
async function reconcileDirectly(ctx: ServiceContext, orderIds: string[]) {
  const done = inParallel(orderIds.length, CONCURRENCY, async (index) => {
    await reconcileOrder(ctx, orderIds[index] as string, { flagAfterMs: DEFAULT_JOB_SETTINGS.flagAfterMs });
  });
  return { close: () => done };
}

async function inParallel(count: number, concurrency: number, task: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

const database = `bench_reconcile_${randomBytes(4).toString("hex")}`;
const databaseUrl = withDatabase(SERVER_URL, database);
const prefix = `bench-reconcile-${randomBytes(4).toString("hex")}`;
const dataDir = mkdtempSync(join(tmpdir(), "sandbox-bench-reconcile-"));
await admin(`CREATE DATABASE ${quoteIdentifier(database)}`);
await applyMigrations({ connectionString: databaseUrl });
const { child: sandbox, url: walletUrl } = await startSandboxProcess(dataDir);
// As the workers make it (getPrisma): the hot statements run on its pg pool.
const prisma = createPrismaClient(databaseUrl);

try {
  await seedDemoCatalog(prisma);
  const merchant = await registerBenchMerchant(walletUrl, "bench-reconcile", {
    userDailyLimit: "900000000000000",
    defaultUserBalance: "900000000000000",
  });
  const ctx = benchServiceContext(prisma, walletUrl, merchant);

  // One customer with a bound payment agreement: agreement payments complete synchronously.
  const { userId } = await control<{ userId: string }>(walletUrl, "/sandbox/users", {
    balance: "900000000000000",
  });
  const { authCode } = await control<{ authCode: string }>(walletUrl, "/sandbox/authCodes", {
    userId,
    scopes: ["USER_ID"],
  });
  const session = await startSession(ctx, { authCode, scopes: ["USER_ID"] });
  const customerId = session.customer.id;
  const prepared = await prepareAgreement(ctx, customerId, { contractDescription: "Bench coffee" });
  const signed = await control<{ authCode: string }>(walletUrl, "/sandbox/agreements/authorize", {
    authorizationUrl: prepared.authorizationUrl,
    userId,
  });
  await bindAgreement(ctx, customerId, { authCode: signed.authCode });

  // The wallet charges every payment but answers U, and the payment notifications are lost. (The
  // sandbox takes faults 1,000 at a time.)
  const createStarted = performance.now();
  for (let first = 0; first < ORDERS; first += 1_000) {
    const batch = Math.min(1_000, ORDERS - first);
    await control(walletUrl, "/sandbox/faults", { operation: "pay", outcome: "U", count: batch });
    await control(walletUrl, "/sandbox/faults", {
      operation: "payment",
      outcome: "DROP_NOTIFICATION",
      count: batch,
    });
    await inParallel(batch, CONCURRENCY, async (index) => {
      await createOrder(ctx, customerId, {
        flow: "AGREEMENT",
        items: [{ sku: "COFFEE", quantity: 1 + (index % 3) }],
        idempotencyKey: `bench-${first + index}`,
      });
    });
  }
  const unknown = await prisma.order.count({ where: { status: "UNKNOWN" } });
  console.log(
    `setup: ${ORDERS} agreement orders in ${((performance.now() - createStarted) / 1000).toFixed(1)} s; ${unknown} left UNKNOWN by the sandbox`,
  );

  // The sandbox's own capacity for what reconciliation asks: inquiryPayment from a bare signed client
  // (no database, no queue), at the same concurrency, over these same payments.
  const bareClient = createWalletClient({
    baseUrl: walletUrl,
    clientId: merchant.clientId,
    privateKey: merchant.keys.privateKey,
    walletPublicKey: merchant.walletPublicKeyPem,
    keyVersion: 1,
  });
  const requestIds = (
    await prisma.order.findMany({ where: { status: "UNKNOWN" }, select: { paymentRequestId: true } })
  ).map((order) => order.paymentRequestId);
  const capacityCalls = Math.min(requestIds.length, CAPACITY_CALLS);
  let bareErrors = 0;
  const capacityStarted = performance.now();
  await inParallel(capacityCalls, CONCURRENCY, async (index) => {
    const inquiry = await bareClient.inquiryPayment({ paymentRequestId: requestIds[index] as string });
    if (inquiry.status !== "S") bareErrors++;
  });
  const sandboxCallsPerSecond = capacityCalls / ((performance.now() - capacityStarted) / 1000);
  console.log(
    `sandbox alone: ${capacityCalls} inquiryPayment from a bare client, ${CONCURRENCY} at a time = ` +
      `${sandboxCallsPerSecond.toFixed(0)} calls/s (errors: ${bareErrors})`,
  );

  await prisma.order.updateMany({ where: { status: "UNKNOWN" }, data: { nextReconcileAt: new Date() } });
  const callsBefore = await prisma.walletCall.count();

  // The reconcile worker as `npm run workers -- reconcile` runs it (default scan cadence: the first scan
  // runs when the scheduler is created, and claims everything that is due). BENCH_RECONCILE_DIRECT=1
  // is the what-if with no queue at all: the same reconcileOrder for every order, CONCURRENCY at a
  // time, in this process. It is the ceiling of any batching of jobs, which still reads and writes
  // each order as reconcileOrder does.
  const direct = process.env.BENCH_RECONCILE_DIRECT === "1";
  const directIds = direct
    ? (await prisma.order.findMany({ where: { status: "UNKNOWN" }, select: { id: true } })).map(
        (order) => order.id,
      )
    : [];
  const stopProfile = await profilePhase(process.env.BENCH_CPU_PROF || undefined, "reconcile-phase");
  const started = performance.now();
  const running = direct
    ? await reconcileDirectly(ctx, directIds)
    : await startWorkers({
        ctx,
        redis: REDIS_URL,
        prefix,
        queues: ["reconcile"],
        settings: DEFAULT_JOB_SETTINGS,
        concurrency: CONCURRENCY,
      });
  let paid = 0;
  while (paid < unknown) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    paid = await prisma.order.count({ where: { status: "PAID" } });
    if (performance.now() - started > 15 * 60_000)
      throw new Error(`only ${paid}/${unknown} resolved in 15 min`);
  }
  const seconds = (performance.now() - started) / 1000;
  await stopProfile();
  await running.close();
  const calls = await prisma.walletCall.groupBy({
    by: ["operation"],
    where: { id: { gt: BigInt(callsBefore) } },
    _count: true,
  });
  const totalCalls = calls.reduce((sum, row) => sum + row._count, 0);
  const stillUnknown = await prisma.order.count({ where: { status: "UNKNOWN" } });
  const twice = await prisma.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM (SELECT order_id FROM order_events WHERE type = 'PAY_SUCCEEDED'
    GROUP BY order_id HAVING count(*) > 1) t`;
  console.log(
    `reconcile: ${paid} of ${unknown} U orders resolved (PAID) in ${seconds.toFixed(1)} s = ${(paid / seconds).toFixed(0)} orders/s; ` +
      `wallet calls: ${totalCalls} (${calls.map((row) => `${row.operation} ${row._count}`).join(", ")}) = ` +
      `${(totalCalls / seconds).toFixed(0)} calls/s; still UNKNOWN: ${stillUnknown}; settled twice: ${twice[0]?.n ?? 0}`,
  );
  console.log(
    `ratio (reconcile${direct ? ", direct: no queue" : ""} / sandbox alone): ${(paid / seconds / sandboxCallsPerSecond).toFixed(2)} ` +
      `(${(paid / seconds).toFixed(0)} orders/s against ${sandboxCallsPerSecond.toFixed(0)} inquiries/s)`,
  );

  // The scans with nothing to do: count the statements each sends, on a client that reports queries.
  const counting = new PrismaClient({
    adapter: new PrismaPg({ connectionString: databaseUrl }),
    log: [{ emit: "event", level: "query" }],
  });
  let queries = 0;
  counting.$on("query", () => {
    queries++;
  });
  const enqueued: unknown[] = [];
  const quiet: ServiceContext = {
    ...ctx,
    prisma: counting,
    jobs: { enqueue: async (...args) => void enqueued.push(args) } satisfies JobQueue,
  };
  const scanned = ["token-refresh", "reconcile", "expiry", "notifications"] as const;
  const rounds = 50;
  for (const queue of scanned) {
    await PROCESSORS[queue](quiet, { name: SCAN_JOB, data: {} }, DEFAULT_JOB_SETTINGS); // warm-up
    queries = 0;
    const scanStarted = performance.now();
    for (let round = 0; round < rounds; round++) {
      await PROCESSORS[queue](quiet, { name: SCAN_JOB, data: {} }, DEFAULT_JOB_SETTINGS);
    }
    const ms = (performance.now() - scanStarted) / rounds;
    console.log(
      `idle scan ${queue.padEnd(13)}: ${(queries / rounds).toFixed(0)} queries/scan, ${ms.toFixed(2)} ms/scan ` +
        `(over ${await prisma.order.count()} orders), jobs enqueued: ${enqueued.length}`,
    );
  }
  await counting.$disconnect();
} finally {
  await closePrismaClient(prisma);
  sandbox.kill("SIGTERM");
  await new Promise((resolve) => sandbox.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
  await deletePrefix(prefix);
  await admin(`DROP DATABASE IF EXISTS ${quoteIdentifier(database)} WITH (FORCE)`);
}
process.exit(0);
