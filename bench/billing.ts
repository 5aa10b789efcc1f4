// The billing engine at scale: how many due periods the `subscriptions` worker charges per second,
// one worker process (this one) with the production code (workers/start.ts) against the sandbox as
// its own process. The goal: a month's renewals of 100,000 subscriptions in under an hour on one
// worker, i.e. at least 28 charges/s.
//
//   npm run bench:billing
//   BENCH_SUBSCRIPTIONS=2000 BENCH_CONCURRENCY=16 npm run bench:billing
//
// Setup: BENCH_CUSTOMERS wallet users, each with a session and a bound agreement (through the real
// services), BENCH_SUBSCRIPTIONS / BENCH_CUSTOMERS plans, and every customer subscribed to every
// plan with its second period due now (written in SQL: the subscribe path is not what is measured).
// Then the worker starts; its first scan claims every due period. Measured until every period is
// PAID; checked afterwards: one successful wallet payment per period, none twice.
//
// Everything is temporary and local: a fresh database, the sandbox's own data folder, a unique
// BullMQ prefix on the local Redis (deleted at the end).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { startSession } from "@/lib/customers/start-session";
import { bindAgreement, prepareAgreement } from "@/lib/payments/agreements/agreements";
import { definePlan } from "@/lib/payments/subscriptions/plans";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { closePrismaClient, createPrismaClient } from "@/lib/platform/db/client";
import { quoteIdentifier, withDatabase } from "@/lib/platform/db/ensure-database";
import { applyMigrations } from "@/lib/platform/db/migrate";
import { DEFAULT_JOB_SETTINGS } from "@/lib/platform/queue/settings";
import { startWorkers } from "../workers/start";
import { benchServiceContext } from "./support/bench-service-context";
import { control, registerBenchMerchant, startSandboxProcess } from "./support/sandbox-process";

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 5_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SERVER_URL = process.env.BENCH_DATABASE_SERVER ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const PLANS = Math.ceil(SUBSCRIPTIONS / CUSTOMERS);

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

/** A wallet user with a session and a bound agreement whose token outlives the bench. */
async function subscriber(ctx: ServiceContext, walletUrl: string): Promise<string> {
  const { userId } = await control<{ userId: string }>(walletUrl, "/sandbox/users", {
    balance: "900000000000000",
  });
  const { authCode } = await control<{ authCode: string }>(walletUrl, "/sandbox/authCodes", {
    userId,
    scopes: ["USER_ID"],
  });
  const session = await startSession(ctx, { authCode, scopes: ["USER_ID"] });
  const prepared = await prepareAgreement(ctx, session.customer.id, { contractDescription: "Bench club" });
  const signed = await control<{ authCode: string }>(walletUrl, "/sandbox/agreements/authorize", {
    authorizationUrl: prepared.authorizationUrl,
    userId,
  });
  await bindAgreement(ctx, session.customer.id, { authCode: signed.authCode });
  return session.customer.id;
}

const database = `bench_billing_${randomBytes(4).toString("hex")}`;
const databaseUrl = withDatabase(SERVER_URL, database);
const prefix = `bench-billing-${randomBytes(4).toString("hex")}`;
const dataDir = mkdtempSync(join(tmpdir(), "sandbox-bench-billing-"));
await admin(`CREATE DATABASE ${quoteIdentifier(database)}`);
await applyMigrations({ connectionString: databaseUrl });
const { child: sandbox, url: walletUrl } = await startSandboxProcess(dataDir);
const prisma = createPrismaClient(databaseUrl);

try {
  const merchant = await registerBenchMerchant(walletUrl, "bench-billing", {
    userDailyLimit: "900000000000000",
    defaultUserBalance: "900000000000000",
  });
  // Tokens that outlive the bench: the refresh before a charge is exercised by the tests, not here.
  await control(walletUrl, "/sandbox/settings", { accessTokenTtlSeconds: 30 * 86_400 });
  const ctx = benchServiceContext(prisma, walletUrl, merchant);

  const setupStarted = performance.now();
  const customers: string[] = [];
  for (let index = 0; index < CUSTOMERS; index++) customers.push(await subscriber(ctx, walletUrl));
  const plans: string[] = [];
  for (let index = 0; index < PLANS; index++) {
    const plan = await definePlan(prisma, {
      sku: `BENCH-CLUB-${index}`,
      name: `Bench club ${index}`,
      nameArabic: `نادي ${index}`,
      priceFils: 5_000_000n + BigInt(index) * 1_000n,
      intervalUnit: "MONTH",
    });
    plans.push(plan.id);
  }
  // Every customer on every plan, period 1 paid a month ago, period 2 due now.
  await prisma.$executeRaw`
    WITH pairs AS (
      SELECT c.id AS customer_id, a.id AS agreement_id, p.id AS plan_id, pr.price_fils,
             row_number() OVER () AS n
      FROM unnest(${customers}::text[]) AS c(id)
      JOIN agreements a ON a.customer_id = c.id AND a.status = 'ACTIVE'
      CROSS JOIN unnest(${plans}::text[]) AS p(id)
      JOIN subscription_plans sp ON sp.id = p.id JOIN products pr ON pr.sku = sp.sku),
    subs AS (
      INSERT INTO subscriptions (id, customer_id, plan_id, agreement_id, status, idempotency_key,
                                 current_period, current_period_end, billing_anchor, updated_at)
      SELECT gen_random_uuid()::text, customer_id, plan_id, agreement_id, 'ACTIVE', 'bench-' || n,
             1, now(), now() - interval '1 month', now()
      FROM pairs WHERE n <= ${SUBSCRIPTIONS}
      RETURNING id, plan_id)
    INSERT INTO subscription_periods (id, subscription_id, number, status, starts_at, ends_at, amount_fils,
                                      next_attempt_at, updated_at)
    SELECT gen_random_uuid()::text, subs.id, 2, 'SCHEDULED', now(), now() + interval '1 month', pr.price_fils,
           now() - interval '1 second', now()
    FROM subs JOIN subscription_plans sp ON sp.id = subs.plan_id JOIN products pr ON pr.sku = sp.sku`;
  const due = await prisma.subscriptionPeriod.count({ where: { status: "SCHEDULED" } });
  console.log(
    `setup: ${CUSTOMERS} customers with agreements, ${PLANS} plans, ${due} periods due, in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const running = await startWorkers({
    ctx,
    redis: REDIS_URL,
    prefix,
    queues: ["subscriptions"],
    settings: DEFAULT_JOB_SETTINGS,
    concurrency: CONCURRENCY,
  });
  let paid = 0;
  while (paid < due) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    paid = await prisma.subscriptionPeriod.count({ where: { number: 2, status: "PAID" } });
    if (performance.now() - started > 30 * 60_000) throw new Error(`only ${paid}/${due} charged in 30 min`);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await running.close();
  // CPU per charge of the worker process: what one core would do if the machine were its own.
  const cpuMsPerCharge = (cpu.user + cpu.system) / 1000 / paid;

  const payments = (await (
    await fetch(`${walletUrl}/sandbox/payments?clientId=${encodeURIComponent(merchant.clientId)}`)
  ).json()) as { paymentRequestId: string; status: string }[];
  const successes = payments.filter((payment) => payment.status === "SUCCESS");
  const periods = new Set(successes.map((payment) => payment.paymentRequestId.replace(/_\d+$/, "")));
  const rate = paid / seconds;
  console.log(
    `billing: ${paid} of ${due} due periods charged in ${seconds.toFixed(1)} s = ${rate.toFixed(1)} charges/s ` +
      `(one worker, concurrency ${CONCURRENCY}); wallet payments: ${successes.length} successful for ${periods.size} periods ` +
      `(charged twice: ${successes.length - periods.size}), ${payments.length - successes.length} not successful`,
  );
  console.log(
    `worker CPU: ${cpuMsPerCharge.toFixed(1)} ms per charge = ${(1000 / cpuMsPerCharge).toFixed(0)} charges/s per core of the worker ` +
      `(the sandbox and PostgreSQL use their own)`,
  );
  console.log(
    `100,000 renewals at this rate: ${(100_000 / rate / 60).toFixed(1)} min (goal: under 60 min, ≥ 27.8 charges/s)`,
  );
} finally {
  await closePrismaClient(prisma);
  sandbox.kill("SIGTERM");
  await new Promise((resolve) => sandbox.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
  await deletePrefix(prefix);
  await admin(`DROP DATABASE IF EXISTS ${quoteIdentifier(database)} WITH (FORCE)`);
}
process.exit(0);
