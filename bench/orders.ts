// Sustained `POST /api/mini/orders` (cashier) against the standalone server (`server.js`) + the wallet sandbox, at a fixed
// arrival rate, beside a bare node:http baseline doing the same database insert + signed wallet call
// (bench/support/baseline-orders-server.ts). Latency is measured from each request's scheduled send
// time (open loop), so a server that falls behind shows it instead of hiding it. A third run sends the
// same requests to a path no route serves: what Next.js itself costs per request, so the app's own
// share of its CPU per request can be set against the baseline's.
//
//   npm run build && npm run bench:orders
//   BENCH_RATE=200 BENCH_SECONDS=15 npm run bench:orders   (BENCH_WARM_SECONDS=15: each server's warm-up
//   at that rate before the first run)
//   BENCH_APP_PORT=5501 (default: any free port); BENCH_APP_LOG=app.log keeps the server's log
//   BENCH_NODE_FLAGS="--trace-gc" BENCH_APP_LOG=app.log   (node flags for the server; GC lines in the log)
//   BENCH_BASELINE_BURN_MS=1.6 npm run bench:orders   (what-if: the baseline also burns 1.6 ms of CPU per
//   request on its event loop, e.g. the framework floor; see support/baseline-orders-server.ts)
//   BENCH_RUNS=3 npm run bench:orders   (three measured runs on the same servers, warmed up before the first;
//   prints every run and the median of "ours / baseline", the figure of the CPU goal)
//   BENCH_SLICES=5 (default): each run loads the app, the framework floor and the baseline in turn,
//   BENCH_SECONDS / 5 each, five times over, so a machine's drift during the run moves all three alike;
//   BENCH_SLICES=1 loads each for the whole run, one after another (how the figures before 28 Nov were made)
//   BENCH_SERVER=/tmp/before/server.js npm run bench:orders   (another build's standalone server.js, e.g.
//   a copy of .next/standalone made before a change: before/after with the same bench, back to back)
//   BENCH_AB=/tmp/before/server.js npm run bench:orders   (instead of the runs above: that build and this
//   one side by side on the same database and sandbox, BENCH_AB_SLICES (8) slices of BENCH_SECONDS each
//   in turn, and the CPU per order of each: a change measured under the same conditions, which a
//   shared machine changes from one minute to the next)
//   BENCH_REQUIRED_BASELINE=1 npm run bench:orders   (also a second baseline doing what the plain one
//   leaves out and the spec requires: session check, lines, timeline events, outbox rows, wallet-call
//   log; prints "ours / required-work baseline" beside, never instead of, the acceptance figure)
//   BENCH_CPU_PROF=.bench-profiles npm run bench:orders   (CPU profile of the server; then
//   npx tsx bench/support/summarize-profile.ts .bench-profiles)
//   BENCH_PGBOUNCER=1 npm run bench:orders   (also the app with its statements unnamed, and through a
//   real PgBouncer in transaction mode: support/pooled-apps.ts; BENCH_PGBOUNCER_POOL=10 its pool)
//
// Everything runs on 127.0.0.1 with a temporary database, sandbox data dir and ports; load is bounded
// by rate x seconds.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { createPrismaClient } from "@/lib/platform/db/client";
import { migrateDatabase } from "@/lib/platform/db/migrate-database";
import { merchantAppEnv } from "../test/support/app-env";
import { freePort } from "../test/support/ports";
import {
  combineSlices,
  formatFloorComparison,
  formatLoadResult,
  formatMedianRatio,
  formatRatio,
  type LoadResult,
  median,
  ownCpuRatio,
  post,
  runOpenLoop,
} from "./support/open-loop";
import {
  formatSideCosts,
  type PooledApps,
  startPooledApps,
  withPgBouncer,
  withSideCosts,
} from "./support/pooled-apps";
import {
  cpuSecondsOf,
  ensureProductionBuild,
  serverLabel,
  startBaselines,
  startNextApp,
  startRequiredWorkBaseline,
  stopProcess,
} from "./support/processes";
import { control, registerBenchMerchant, startSandboxProcess } from "./support/sandbox-process";

const rate = Number(process.env.BENCH_RATE ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
/**
 * Seconds at the measured rate before the first measured run, for each server, answers discarded.
 * 15 s: with 3 s the first slices of a run still cost up to half as much again as the last (the JIT
 * has not compiled the busy code yet), the framework floor and the baseline as much as the app.
 */
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 15);
const cpuProfileDir = process.env.BENCH_CPU_PROF || undefined;
/** Measured runs against the same servers; more than one prints the median. */
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const abScript = process.env.BENCH_AB || undefined;
const appLogFile = process.env.BENCH_APP_LOG || undefined;
const withRequiredBaseline = process.env.BENCH_REQUIRED_BASELINE === "1";
/** Slices each measured run is cut into, the sides loaded in turn within each (1: one after another). */
const slices = Math.max(1, Number(process.env.BENCH_SLICES ?? 5));
/** Pause after each slice before its server's CPU is read: what it does just after answering counts. */
const sliceSettleMs = 200;
const customersCount = 20;
const basket = { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 2 }] };

const children: ChildProcess[] = [];
let pooled: PooledApps | undefined;
const dataDir = mkdtempSync(join(tmpdir(), "orders-bench-sandbox-"));
const databaseName = `bench_orders_${randomBytes(4).toString("hex")}`;
const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${databaseName}`;

try {
  ensureProductionBuild();
  await migrateDatabase(databaseUrl);
  const prisma = createPrismaClient(databaseUrl);
  await seedDemoCatalog(prisma);

  const sandbox = await startSandboxProcess(dataDir);
  children.push(sandbox.child);
  const { keys, clientId, walletPublicKeyPem } = await registerBenchMerchant(
    sandbox.url,
    "bench-orders-merchant",
    {
      userDailyLimit: "900000000000000",
      paymentLimit: "900000000000000",
    },
  );

  const appPort = Number(process.env.BENCH_APP_PORT) || (await freePort());
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(appPort),
    ...merchantAppEnv({
      databaseUrl,
      wallet: {
        baseUrl: sandbox.url,
        clientId,
        privateKeyPem: keys.privateKeyPem,
        publicKeyPem: walletPublicKeyPem,
      },
      redisUrl: process.env.REDIS_URL,
      publicBaseUrl: `http://127.0.0.1:${appPort}`,
      nodeEnv: "production",
    }),
  };
  const app = await startNextApp(appPort, appEnv, { cpuProfileDir, logFile: appLogFile });
  children.push(app);

  // Customers with sessions, as mini programs would have them.
  const sessions: string[] = [];
  for (let i = 0; i < customersCount; i++) {
    const { userId } = await control<{ userId: string }>(sandbox.url, "/sandbox/users", {
      balance: "900000000000000",
    });
    const { authCode } = await control<{ authCode: string }>(sandbox.url, "/sandbox/authCodes", {
      userId,
      scopes: ["USER_ID"],
    });
    const response = await fetch(`http://127.0.0.1:${appPort}/api/mini/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-forwarded-for": `192.0.2.${i}` },
      body: JSON.stringify({ authCode }),
    });
    if (response.status !== 201) throw new Error(`session: HTTP ${response.status} ${await response.text()}`);
    sessions.push(((await response.json()) as { sessionToken: string }).sessionToken);
  }
  /** The customer each session names (its token's `sub`), for the required-work baseline's wallet id. */
  const sessionCustomers = sessions.map(
    (token) =>
      (JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { sub: string }).sub,
  );

  // With BENCH_BASELINE_BURN_MS, also the what-if: the same baseline burning extra CPU per request.
  const { baseline, burning, burnMs } = await startBaselines(
    "bench/support/baseline-orders-server.ts",
    appEnv,
  );
  children.push(baseline.child, ...(burning ? [burning.child] : []));
  const requiredBaseline = withRequiredBaseline
    ? await startRequiredWorkBaseline("bench/support/baseline-orders-server.ts", appEnv)
    : undefined;
  if (requiredBaseline) children.push(requiredBaseline.child);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const customers = (
    await db.query<{ id: string; wallet_customer_id: string }>("SELECT id, wallet_customer_id FROM customers")
  ).rows;
  await db.end();

  console.log(
    `rate ${rate}/s for ${seconds} s (${rate * seconds} orders per run), ${customersCount} customers; node ${process.version}`,
  );
  const runId = randomBytes(3).toString("hex");
  const body = JSON.stringify(basket);

  const toApp =
    (path: string, keyPrefix: string, origin = `http://127.0.0.1:${appPort}`) =>
    (index: number) =>
      post(`${origin}${path}`, {
        headers: {
          Authorization: `Bearer ${sessions[index % sessions.length]}`,
          "Idempotency-Key": `${keyPrefix}-${runId}-${index}`,
          "Content-Type": "application/json",
        },
        body,
      });
  const toBaseline =
    (keyPrefix: string, url = baseline.url) =>
    (index: number) => {
      const customer = customers[index % customers.length];
      return post(url, {
        headers: {
          "x-customer-id": customer?.id ?? "",
          "x-wallet-customer-id": customer?.wallet_customer_id ?? "",
          "Idempotency-Key": `${keyPrefix}-${runId}-${index}`,
        },
        body,
      });
    };
  // The required-work baseline reads the customer from the session token, as the app does.
  const toRequiredBaseline = (keyPrefix: string, url: string) => (index: number) => {
    const customer = customers.find(({ id }) => id === sessionCustomers[index % sessionCustomers.length]);
    return post(url, {
      headers: {
        Authorization: `Bearer ${sessions[index % sessions.length]}`,
        "x-wallet-customer-id": customer?.wallet_customer_id ?? "",
        "Idempotency-Key": `${keyPrefix}-${runId}-${index}`,
      },
      body,
    });
  };

  // A measured run loads each side in turn, slice by slice (BENCH_SLICES of BENCH_SECONDS / slices
  // each), and who goes first moves along every slice: a machine that gets busier or quieter during
  // the run moves the app, the framework floor and the baseline alike instead of whichever ran in that
  // minute. Each side's figures are over all its slices. Every side is warmed up at the measured rate
  // first (JIT, connection pools grown to what the rate needs, prepared statements on each
  // connection, the catch-all's code loaded): the slices measure servers in their steady state.
  const load = { rate, seconds, okStatus: 201 };
  const warm = { ...load, seconds: warmSeconds };
  if (abScript) await compareBuilds(app, abScript, appEnv, { rate, seconds, okStatus: 201 }, toApp);
  const appSide: MeasuredSide = {
    label: `${serverLabel} POST /api/mini/orders`,
    unit: "orders",
    okStatus: 201,
    send: (prefix) => toApp("/api/mini/orders", prefix),
    cpuSeconds: () => cpuSecondsOf(app.pid),
  };
  // The framework's fixed cost: the same request to a path no route serves (the JSON 404 catch-all).
  // Left out under a CPU profile, which should show the measured route only.
  const floorSide: MeasuredSide | undefined = cpuProfileDir
    ? undefined
    : {
        label: `${serverLabel}, unrouted (framework)`,
        unit: "requests",
        okStatus: 404,
        send: (prefix) => toApp("/api/mini/framework-floor", prefix),
        cpuSeconds: () => cpuSecondsOf(app.pid),
      };
  const baseSide: MeasuredSide = {
    label: "bare node:http baseline",
    unit: "orders",
    okStatus: 201,
    send: (prefix) => toBaseline(prefix),
    cpuSeconds: () => cpuSecondsOf(baseline.child.pid),
  };
  const requiredSide: MeasuredSide | undefined = requiredBaseline && {
    label: "baseline + the spec's required writes",
    unit: "orders",
    okStatus: 201,
    send: (prefix) => toRequiredBaseline(prefix, requiredBaseline.url),
    cpuSeconds: () => cpuSecondsOf(requiredBaseline.child.pid),
  };
  const sides = [appSide, floorSide, baseSide, requiredSide].filter((side) => side !== undefined);
  const ratios: number[] = [];
  const requiredRatios: number[] = [];
  /** The last run's baseline, which the what-if run is compared with. */
  let lastBaseline: LoadResult | undefined;
  for (let run = 1; !abScript && run <= runs; run++) {
    if (runs > 1)
      console.log(
        `\nrun ${run} of ${runs} (load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(" ")})`,
      );
    // The servers stay warm from one run to the next: only the first run is preceded by warm-ups.
    const results = await measureInSlices(sides, `${run}`, load, run === 1 ? warm : undefined);
    const app_ = results.get(appSide) as LoadResult;
    const base = results.get(baseSide) as LoadResult;
    const floor = floorSide && results.get(floorSide);
    const required = requiredSide && results.get(requiredSide);
    console.log(formatRatio(app_, base));
    if (floor) console.log(formatFloorComparison(app_, floor, base));
    const ratio = floor ? ownCpuRatio(app_, floor, base) : undefined;
    if (ratio !== undefined) ratios.push(ratio);
    lastBaseline = base;
    const second = floor && required ? ownCpuRatio(app_, floor, required) : undefined;
    if (second !== undefined) {
      requiredRatios.push(second);
      console.log(`second figure, not the goal's: ours / required-work baseline ${second.toFixed(2)}x`);
    }
  }
  if (ratios.length > 1) console.log(formatMedianRatio(ratios));
  if (requiredRatios.length > 1)
    console.log(
      `second figure, not the goal's: ${formatMedianRatio(requiredRatios).replace("ours / baseline", "ours / required-work baseline")}`,
    );
  if (burning && lastBaseline) {
    await runOpenLoop(warm, toBaseline("burnwarm", burning.url));
    const burned = await runOpenLoop(load, toBaseline("burn", burning.url), () =>
      cpuSecondsOf(burning.child.pid),
    );
    console.log(formatLoadResult(`baseline + ${burnMs} ms CPU/request`, burned, "orders"));
    console.log(
      formatRatio(burned, lastBaseline).replace("(app / baseline)", "(burning baseline / baseline)"),
    );
  }
  if (withPgBouncer) {
    pooled = await startPooledApps(appEnv, databaseUrl);
    await comparePoolers(pooled, load, warm, app, toApp);
  }
  await prisma.$disconnect();
} finally {
  await pooled?.stop();
  await Promise.all(children.map((child) => stopProcess(child)));
  if (cpuProfileDir) console.log(`CPU profile of the server written to ${cpuProfileDir}`);
  rmSync(dataDir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: "postgresql://postgres@127.0.0.1:5432/postgres" });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
}

/** One thing a measured run loads: a server, the requests it gets, and how its CPU is read. */
interface MeasuredSide {
  label: string;
  unit: string;
  okStatus: number;
  send: (keyPrefix: string) => (index: number) => ReturnType<typeof post>;
  cpuSeconds: () => number;
}

/**
 * One measured run: each side warmed up (when `warm` is given), then loaded for BENCH_SLICES slices
 * in turn (loadInTurns); prints each side's figures over its slices and its CPU per request slice by
 * slice.
 */
async function measureInSlices(
  sides: MeasuredSide[],
  tag: string,
  load: { rate: number; seconds: number; okStatus: number },
  warm: { rate: number; seconds: number; okStatus: number } | undefined,
): Promise<Map<MeasuredSide, LoadResult>> {
  if (warm) await warmUp(sides, tag, warm);
  const sliceLoad = { rate: load.rate, seconds: load.seconds / slices, settleMs: sliceSettleMs };
  const slicesOf = await loadInTurns(sides, tag, sliceLoad, slices);
  const results = new Map<MeasuredSide, LoadResult>();
  for (const [index, side] of sides.entries()) {
    const parts = slicesOf[index] ?? [];
    const combined = combineSlices(parts);
    results.set(side, combined);
    console.log(formatLoadResult(side.label, combined, side.unit));
    if (parts.length > 1)
      console.log(
        `  cpu ms/req by slice: ${parts.map((part) => part.cpuMsPerRequest?.toFixed(2) ?? "?").join(" ")}`,
      );
  }
  return results;
}

/** Each side at the warm-up's rate and length, answers discarded. */
async function warmUp(sides: MeasuredSide[], tag: string, warm: { rate: number; seconds: number }) {
  for (const [index, side] of sides.entries())
    await runOpenLoop({ ...warm, okStatus: side.okStatus }, side.send(`warm${tag}-${index}`));
}

/**
 * Loads each side in turn at `sliceLoad`, `count` times over, the first in turn moving along by one
 * every slice: a machine getting busier or quieter during the slices favours no side. Each side's
 * results slice by slice, in the order of `sides`; `afterSlice` sees each slice's as it ends.
 */
async function loadInTurns(
  sides: MeasuredSide[],
  tag: string,
  sliceLoad: { rate: number; seconds: number; settleMs?: number },
  count: number,
  afterSlice?: (slice: number, results: LoadResult[]) => void,
): Promise<LoadResult[][]> {
  const slicesOf = sides.map(() => [] as LoadResult[]);
  for (let slice = 0; slice < count; slice++) {
    const results: LoadResult[] = [];
    for (let turn = 0; turn < sides.length; turn++) {
      const index = (slice + turn) % sides.length;
      const side = sides[index] as MeasuredSide;
      results[index] = await runOpenLoop(
        { ...sliceLoad, okStatus: side.okStatus },
        side.send(`${tag}-${slice}-${index}`),
        side.cpuSeconds,
      );
    }
    results.forEach((result, index) => {
      slicesOf[index]?.push(result);
    });
    afterSlice?.(slice + 1, results);
  }
  return slicesOf;
}

/**
 * The same orders to the app on PostgreSQL directly, with its statements unnamed, and through
 * PgBouncer, each with what PostgreSQL's backends and PgBouncer spent per order; the direct app
 * again at the end, to show how much the machine drifted meanwhile.
 */
async function comparePoolers(
  pooled: PooledApps,
  load: { rate: number; seconds: number; okStatus: number },
  warm: { rate: number; seconds: number; okStatus: number },
  direct: ChildProcess,
  toApp: (path: string, keyPrefix: string, origin?: string) => (index: number) => ReturnType<typeof post>,
) {
  const runs = [
    { label: "direct (named statements)", url: undefined, child: direct, bouncer: undefined },
    ...pooled.apps.map((app, index) => ({ ...app, bouncer: index === 1 ? pooled.bouncer : undefined })),
    { label: "direct again", url: undefined, child: direct, bouncer: undefined },
  ];
  console.log(`\nthe same load, by database path (${load.rate}/s for ${load.seconds} s each):`);
  for (const [index, run] of runs.entries()) {
    await runOpenLoop(warm, toApp("/api/mini/orders", `pwarm${index}`, run.url));
    const { result, costs } = await withSideCosts(databaseUrl, run.bouncer, load.rate * load.seconds, () =>
      runOpenLoop(load, toApp("/api/mini/orders", `pool${index}`, run.url), () =>
        cpuSecondsOf(run.child.pid),
      ),
    );
    console.log(formatLoadResult(run.label, result, "orders"));
    console.log(formatSideCosts(costs));
  }
}

/**
 * BENCH_AB: the server of another build beside this one, on the same database and sandbox (the
 * sessions are valid on both), loaded in turn for BENCH_AB_SLICES slices each: CPU per order of each
 * build, slice by slice, and their ratio. Both see the same minute of a shared machine.
 */
async function compareBuilds(
  app: ChildProcess,
  otherScript: string,
  env: NodeJS.ProcessEnv,
  load: { rate: number; seconds: number; okStatus: number },
  toApp: (path: string, keyPrefix: string, origin?: string) => (index: number) => ReturnType<typeof post>,
) {
  const slices = Number(process.env.BENCH_AB_SLICES ?? 8);
  const otherPort = await freePort();
  const other = await startNextApp(
    otherPort,
    { ...env, PORT: String(otherPort), PUBLIC_BASE_URL: `http://127.0.0.1:${otherPort}` },
    { script: otherScript },
  );
  children.push(other);
  const sideOf = (label: string, child: ChildProcess, origin: string | undefined): MeasuredSide => ({
    label,
    unit: "orders",
    okStatus: load.okStatus,
    send: (prefix) => toApp("/api/mini/orders", prefix, origin),
    cpuSeconds: () => cpuSecondsOf(child.pid),
  });
  const sides = [
    sideOf(`other (${otherScript})`, other, `http://127.0.0.1:${otherPort}`),
    sideOf("this build", app, undefined),
  ];
  await warmUp(sides, "ab", { ...load, seconds: warmSeconds });
  const cpuOf = (result: LoadResult | undefined) => result?.cpuMsPerRequest ?? Number.NaN;
  const [otherSlices, thisSlices] = await loadInTurns(sides, "ab", load, slices, (slice, results) => {
    for (const [index, result] of results.entries())
      if (result.errors > 0) console.log(`  ${sides[index]?.label}: ${result.errors} errors`);
    const [other_, this_] = results.map((result) => cpuOf(result).toFixed(2));
    console.log(
      `slice ${slice} (load ${loadavg()[0]?.toFixed(1)}): other ${other_} ms, this build ${this_} ms per order`,
    );
  });
  const otherCpu = (otherSlices ?? []).map(cpuOf);
  const thisCpu = (thisSlices ?? []).map(cpuOf);
  const [before, after] = [median(otherCpu), median(thisCpu)];
  const differences = thisCpu.map((value, index) => value - (otherCpu[index] ?? Number.NaN));
  console.log(
    `cpu per order, median of ${slices} slices: other ${before.toFixed(2)} ms, this build ${after.toFixed(2)} ms; ` +
      `median difference slice by slice ${median(differences).toFixed(2)} ms ` +
      `(${((median(differences) / before) * 100).toFixed(1)} % of the other's)`,
  );
}
