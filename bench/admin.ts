// The operator console at scale: 1,000,000 orders (with their lines, timeline events and wallet
// calls), then latencies of the admin API through the standalone server — the order list (first page, filtered
// pages, a deep keyset page), a search by paymentId and by what a caller says (a name, phone digits,
// an amount, a short id), the order detail with its timeline — and the CSV
// export's rows per second. Also prints the query plans (EXPLAIN ANALYZE) of the list and the search,
// captured from the very SQL Prisma sends.
//
//   npm run build && npm run bench:admin
//   BENCH_ORDERS=200000 npm run bench:admin          # smaller
//   BENCH_KEEP_DB=bench_admin_x npm run bench:admin  # keep (or reuse) the seeded database
//   BENCH_CPU_PROF=.bench-profiles npm run bench:admin   (CPU profile of the server; then
//   npx tsx bench/support/summarize-profile.ts .bench-profiles)
//   BENCH_PGBOUNCER=1 npm run bench:admin   (the same requests again with the statements unnamed and
//   through a real PgBouncer in transaction mode, side by side: support/pooled-apps.ts)
//   BENCH_REPLICA=1 BENCH_ORDERS=200000 npm run bench:admin   (the console on a read replica)
//
// BENCH_REPLICA=1 seeds a private primary with a streaming replica of it (test/support/
// postgres-replica.ts; the seed reaches the replica through the WAL) and measures every line twice
// in the same run: the app reading the primary directly, then a second app with
// DATABASE_REPLICA_URL set, the console's lists, search, export and dashboard on the replica (the
// order detail stays on the primary). BENCH_DATABASE_SERVER and BENCH_KEEP_DB do not apply to it.
//
// Goal on the 2-core reference machine: every p95 under 50 ms, export ≥ 50,000 rows/s.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { listOrders } from "@/lib/console/orders/list-orders";
import { orderListQuery } from "@/lib/console/request-schemas";
import { quoteIdentifier, withDatabase } from "@/lib/platform/db/ensure-database";
import { applyMigrations } from "@/lib/platform/db/migrate";
import { PrismaClient } from "../generated/prisma/client";
import { merchantAppEnv } from "../test/support/app-env";
import { generateTestKeyPair } from "../test/support/keys";
import { createTestOperator } from "../test/support/operators";
import { freePort } from "../test/support/ports";
import { type StreamingReplica, startStreamingReplica } from "../test/support/postgres-replica";
import {
  formatSideCosts,
  type PooledApps,
  type SideCosts,
  startPooledApps,
  withPgBouncer,
  withSideCosts,
} from "./support/pooled-apps";
import { startNextApp, stopProcess } from "./support/processes";
import { seedOrders } from "./support/seed-orders";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WITH_REPLICA = process.env.BENCH_REPLICA === "1";
let SERVER_URL = process.env.BENCH_DATABASE_SERVER ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const KEEP = WITH_REPLICA ? undefined : process.env.BENCH_KEEP_DB;
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF || undefined;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function measure(name: string, url: (i: number) => string, headers: Record<string, string>) {
  for (let i = 0; i < 10; i++) await (await fetch(url(i), { headers })).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(url(i), { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status} for ${url(i)}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const row = {
    name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1) ?? Number.NaN,
  };
  console.log(
    `${name.padEnd(44)} p50 ${row.p50.toFixed(1).padStart(6)} ms   p95 ${row.p95.toFixed(1).padStart(6)} ms   max ${row.max.toFixed(1).padStart(6)} ms`,
  );
  return row;
}

/** EXPLAIN ANALYZE of every statement Prisma sends while `run` runs. */
/** What an operator types for each way of searching; names and phones as the seeded profiles have them. */
function searchQueries(sample: { id: string }[]): [string, string][] {
  return [
    ["customer name, typed without vowel marks", "زينب الجبوري"],
    ["part of a name", "ربيعي"],
    ["phone digits typed in Arabic-Indic", "٠٧٧٠ ١٢٣ ٤٥٦٧"],
    ["amount", "12,000"],
    ["short id, in capitals", `…${(sample[0]?.id ?? "").slice(-8).toUpperCase()}`],
  ];
}

async function searchForms(appUrl: string, auth: Record<string, string>, sample: { id: string }[]) {
  const rows = [];
  for (const [title, q] of searchQueries(sample)) {
    const text = title === "short id, in capitals" ? undefined : encodeURIComponent(q);
    rows.push(
      await measure(
        `search: ${title}`,
        (i) =>
          `${appUrl}/api/admin/orders?q=${text ?? encodeURIComponent(`…${(sample[i % sample.length]?.id ?? "").slice(-8).toUpperCase()}`)}`,
        auth,
      ),
    );
  }
  return rows;
}

async function explain(
  prisma: PrismaClient,
  client: pg.Client,
  captured: { query: string; params: string }[],
  title: string,
  run: () => Promise<unknown>,
) {
  captured.length = 0;
  await run();
  console.log(`\n--- ${title}`);
  for (const { query, params } of captured) {
    const values = JSON.parse(params) as unknown[];
    const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, values);
    console.log(query.replace(/\s+/g, " ").slice(0, 400));
    for (const line of plan.rows) console.log(`  ${line["QUERY PLAN"]}`);
  }
  void prisma;
}

interface ConsoleInputs {
  auth: Record<string, string>;
  browser: Record<string, string>;
  sample: { id: string; payment_id: string }[];
  deepCursor: string;
}

interface ConsoleFigures {
  rows: { name: string; p50: number; p95: number; max: number }[];
  exportRowsPerSecond: number;
  /** Requests sent, warm-ups included, and the export. */
  requests: number;
}

/** Every list, search, detail and page, then the export, against the app at `appUrl`. */
async function measureConsole(
  appUrl: string,
  { auth, browser, sample, deepCursor }: ConsoleInputs,
): Promise<ConsoleFigures> {
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  console.log(
    `\nadmin API through the standalone server, ${SAMPLES} sequential requests each (after 10 warm-up):`,
  );
  const rows = [
    await measure("order list, first page", () => `${appUrl}/api/admin/orders`, auth),
    await measure("filtered: status=ACCEPTED", () => `${appUrl}/api/admin/orders?status=ACCEPTED`, auth),
    await measure(
      "filtered: ESCROW, 30 days, ≥ 10,000 IQD",
      () => `${appUrl}/api/admin/orders?flow=ESCROW&from=${monthAgo}&minAmount=10000000`,
      auth,
    ),
    await measure("filtered: needs attention", () => `${appUrl}/api/admin/orders?attention=true`, auth),
    await measure(
      "filtered: PAID in the last 7 days",
      () => `${appUrl}/api/admin/orders?status=PAID&from=${weekAgo}`,
      auth,
    ),
    await measure(
      `deep keyset page (${(ORDERS * 0.9).toLocaleString("en")} rows in)`,
      () => `${appUrl}/api/admin/orders?after=${deepCursor}`,
      auth,
    ),
    await measure(
      "search by paymentId",
      (i) => `${appUrl}/api/admin/orders?q=${sample[i % sample.length]?.payment_id}`,
      auth,
    ),
    await measure(
      "order detail with its timeline",
      (i) => `${appUrl}/api/admin/orders/${sample[i % sample.length]?.id}`,
      auth,
    ),
    // The search box as a caller describes an order (lib/console/orders/order-search.ts).
    ...(await searchForms(appUrl, auth, sample)),
  ];

  // The console's own pages (server-rendered HTML) over the same services, as an operator's browser
  // asks for them: the session in its cookie.
  console.log(`\nconsole pages (HTML) through the standalone server, ${SAMPLES} sequential requests each:`);
  rows.push(
    await measure("page: orders, first page", () => `${appUrl}/admin/orders`, browser),
    await measure(
      "page: orders, search by paymentId",
      (i) => `${appUrl}/admin/orders?q=${sample[i % sample.length]?.payment_id}`,
      browser,
    ),
    await measure(
      "page: order detail with its timeline",
      (i) => `${appUrl}/admin/orders/${sample[i % sample.length]?.id}`,
      browser,
    ),
    await measure("page: dashboard", () => `${appUrl}/admin`, browser),
  );

  const exportStarted = performance.now();
  const response = await fetch(`${appUrl}/api/admin/orders/export`, { headers: auth });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - exportStarted) / 1000;
  const exported = lines - 1;
  console.log(
    `\nCSV export of every order: ${exported.toLocaleString("en")} rows, ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s → ${Math.round(exported / seconds).toLocaleString("en")} rows/s`,
  );
  // The goal covers finding and reading orders; the dashboard's aggregates are reported beside it.
  const worst = Math.max(...rows.filter((row) => row.name !== "page: dashboard").map((row) => row.p95));
  console.log(
    `goal: every p95 < 50 ms (worst ${worst.toFixed(1)} ms) and export ≥ 50,000 rows/s (${Math.round(exported / seconds).toLocaleString("en")})`,
  );
  return { rows, exportRowsPerSecond: exported / seconds, requests: rows.length * (SAMPLES + 10) + 1 };
}

/** The same requests through the pooled apps, then one table: p50 / p95 by database path. */
async function comparePoolers(
  pooled: PooledApps,
  databaseUrl: string,
  inputs: ConsoleInputs,
  direct: { label: string; result: ConsoleFigures; costs: SideCosts },
) {
  const directFigures = direct.result;
  const results: { label: string; figures: ConsoleFigures; costs: SideCosts }[] = [
    { label: direct.label, figures: directFigures, costs: direct.costs },
  ];
  for (const [index, app] of pooled.apps.entries()) {
    console.log(`\n=== ${app.label}`);
    const requests = directFigures.requests;
    const { result, costs } = await withSideCosts(
      databaseUrl,
      index === 1 ? pooled.bouncer : undefined,
      requests,
      () => measureConsole(app.url, inputs),
    );
    console.log(formatSideCosts(costs));
    results.push({ label: app.label, figures: result, costs });
  }
  console.log(`\np50 / p95 ms by database path: ${results.map((r) => r.label).join(" | ")}`);
  for (const [index, row] of directFigures.rows.entries()) {
    const cells = results.map(({ figures }) => {
      const cell = figures.rows[index];
      return `${cell?.p50.toFixed(1).padStart(6)} / ${cell?.p95.toFixed(1).padStart(6)}`;
    });
    console.log(`${row.name.padEnd(44)} ${cells.join("  |  ")}`);
  }
  console.log(
    `${"PostgreSQL CPU, ms per request (export incl.)".padEnd(44)} ${results.map((r) => r.costs.postgresMs.toFixed(2).padStart(15)).join("  |  ")}`,
  );
  console.log(
    `${"CSV export, rows/s".padEnd(44)} ${results.map((r) => Math.round(r.figures.exportRowsPerSecond).toLocaleString("en").padStart(15)).join("  |  ")}`,
  );
}

/** Each line's p50 and p95 read directly and on the replica, in the same run. */
function printSideBySide(direct: ConsoleFigures, replica: ConsoleFigures) {
  type Row = ConsoleFigures["rows"][number];
  const pair = (row: Row | undefined) =>
    row ? `${row.p50.toFixed(1).padStart(6)} / ${row.p95.toFixed(1).padStart(6)} ms` : "—";
  console.log(`\n${"".padEnd(46)}direct (p50 / p95)    on the replica (p50 / p95)`);
  for (const row of direct.rows) {
    const other = replica.rows.find((candidate) => candidate.name === row.name);
    console.log(`${row.name.padEnd(44)}  ${pair(row).padEnd(20)}  ${pair(other)}`);
  }
  const rate = (value: number) => `${Math.round(value).toLocaleString("en")} rows/s`;
  console.log(
    `${"CSV export".padEnd(44)}  ${rate(direct.exportRowsPerSecond).padEnd(20)}  ${rate(replica.exportRowsPerSecond)}`,
  );
}

/** A second app on the same database with the console's reads on `replica`, measured the same way. */
async function measureOnReplica(
  replica: StreamingReplica,
  name: string,
  appEnv: NodeJS.ProcessEnv,
  inputs: ConsoleInputs,
  children: ChildProcess[],
): Promise<ConsoleFigures> {
  await replica.caughtUp(600_000);
  console.log("\n=== the same, with the console on the read replica (DATABASE_REPLICA_URL)");
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const env = { ...appEnv, PUBLIC_BASE_URL: appUrl, DATABASE_REPLICA_URL: replica.urlOf(name) };
  children.push(await startNextApp(port, env, {}));
  return measureConsole(appUrl, inputs);
}

async function main() {
  if (!existsSync(".next/BUILD_ID"))
    throw new Error("run `npm run build` first: the bench serves the production build");
  // The same memory as the local server's defaults, for both servers of the pair.
  const replica = WITH_REPLICA
    ? await startStreamingReplica({ config: ["shared_buffers = 128MB"] })
    : undefined;
  if (replica) SERVER_URL = replica.primaryUrl;
  const name = KEEP ?? `bench_admin_${randomBytes(4).toString("hex")}`;
  const url = withDatabase(SERVER_URL, name);
  const exists = (await admin(`SELECT 1 FROM pg_database WHERE datname = '${name}'`)).rowCount === 1;
  const children: ChildProcess[] = [];
  let pooled: PooledApps | undefined;
  try {
    if (!exists) {
      await admin(`CREATE DATABASE ${quoteIdentifier(name)}`);
      await applyMigrations({ connectionString: url });
      const started = performance.now();
      await seedOrders(url, ORDERS);
      console.log(
        `seeded ${ORDERS.toLocaleString("en")} orders in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    } else {
      await applyMigrations({ connectionString: url });
      console.log(`reusing ${name}`);
    }
    const captured: { query: string; params: string }[] = [];
    const prisma = new PrismaClient({
      adapter: new PrismaPg({ connectionString: url }),
      log: [{ emit: "event", level: "query" }],
    });
    prisma.$on("query", (event) => captured.push({ query: event.query, params: event.params }));
    const counts = await prisma.$queryRaw<{ orders: bigint; events: bigint; calls: bigint }[]>`
      SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_events) AS events,
             (SELECT count(*) FROM wallet_calls) AS calls`;
    console.log(
      `database ${name}: ${counts[0]?.orders} orders, ${counts[0]?.events} timeline events, ${counts[0]?.calls} wallet calls`,
    );

    const secret = randomBytes(32).toString("base64url");
    const viewer = await createTestOperator(prisma, "VIEWER", secret);
    const keys = generateTestKeyPair();
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const appEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...merchantAppEnv({
        databaseUrl: url,
        wallet: {
          baseUrl: "http://127.0.0.1:9",
          clientId: "bench-admin",
          privateKeyPem: keys.privateKeyPem,
          publicKeyPem: keys.publicKeyPem,
        },
        publicBaseUrl: appUrl,
        nodeEnv: "production",
        extra: { NEXTAUTH_SECRET: secret },
      }),
    };
    const app = await startNextApp(port, appEnv, { cpuProfileDir: CPU_PROFILE_DIR });
    children.push(app);
    const auth = viewer.script();

    // Inputs drawn from the data: payment ids and order ids to look up, a cursor near the oldest end.
    const sample = await prisma.$queryRaw<{ id: string; payment_id: string }[]>`
      SELECT id, payment_id FROM orders TABLESAMPLE SYSTEM (1) WHERE payment_id IS NOT NULL LIMIT ${SAMPLES + 20}`;
    const deep = await prisma.$queryRaw<{ created_at: Date; id: string }[]>`
      SELECT created_at, id FROM orders ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(ORDERS * 0.9)} LIMIT 1`;
    const deepCursor = Buffer.from(`${deep[0]?.created_at.toISOString()}|${deep[0]?.id}`).toString(
      "base64url",
    );

    const inputs: ConsoleInputs = {
      auth,
      browser: { Cookie: `next-auth.session-token=${viewer.token}` },
      sample,
      deepCursor,
    };
    const direct = await withSideCosts(
      url,
      undefined,
      (figures) => figures.requests,
      () => measureConsole(appUrl, inputs),
    );
    console.log(formatSideCosts(direct.costs));
    if (replica) {
      const onReplica = await measureOnReplica(replica, name, appEnv, inputs, children);
      printSideBySide(direct.result, onReplica);
    }
    if (withPgBouncer) {
      pooled = await startPooledApps(appEnv, url);
      await comparePoolers(pooled, url, inputs, { label: "direct (named statements)", ...direct });
    }

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const query = (text: string) => orderListQuery.parse(Object.fromEntries(new URLSearchParams(text)));
    await explain(prisma, client, captured, "plan: first page", () => listOrders(prisma, query("")));
    await explain(prisma, client, captured, "plan: status filter", () =>
      listOrders(prisma, query("status=ACCEPTED")),
    );
    await explain(prisma, client, captured, "plan: deep keyset page", () =>
      listOrders(prisma, query(`after=${deepCursor}`)),
    );
    await explain(prisma, client, captured, "plan: search by paymentId", () =>
      listOrders(prisma, query(`q=${sample[0]?.payment_id}`)),
    );
    for (const [title, q] of searchQueries(sample)) {
      await explain(prisma, client, captured, `plan: search by ${title}`, () =>
        listOrders(prisma, query(`q=${encodeURIComponent(q)}`)),
      );
    }
    await client.end();
    await prisma.$disconnect();
  } finally {
    await pooled?.stop();
    await Promise.all(children.map((child) => stopProcess(child)));
    if (!KEEP) await admin(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    await replica?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
