// `npm run soak`: the production release under a steady order load, watched for memory. The app runs
// as the release runs it (`node server.js` in release/, NODE_ENV=production, the Docker image's
// NODE_OPTIONS read from the Dockerfile), beside the bundled workers (`node dist/workers.mjs`, with
// the same NODE_OPTIONS) and the wallet sandbox; orders come at a fixed rate (open loop)
// and every one is paid at the sandbox's cashier, so the wallet's notification, the order's outcome,
// its events and the workers' jobs all run too. Every interval it prints throughput, errors,
// p50/p99 and each process's RSS (/proc) and heap (the process's own `memory` lines,
// MEMORY_LOG_SECONDS). It fails only on errors (an order refused or left unpaid) or on a process that
// exited (an OOM, a crash) or, with --cap, on app + workers together above the cap: numbers are for
// reading, BENCHMARKS.md keeps them.
//
//   npm run build && npm run soak                         # 50 orders/s for 10 minutes
//   npm run soak -- --seconds=60 --rate=50 --interval=15  # what CI runs
//   npm run soak -- --cap=512                             # the 512 MB settings (README, "Sizing")
//   npm run soak -- --heap-snapshot=.soak-heap            # app and workers heap snapshots, idle and after
//   npm run soak -- --release=/tmp/installed-release      # a release folder already installed
//
// --cap=<MB> starts app and workers with the node flags of a 512 MB instance (SMALL_INSTANCE_NODE_OPTIONS
// below, scaled to the cap) and fails if their RSS together ever goes above it: the cgroup's OOM
// killer, emulated from outside. Load is bounded by rate × seconds; everything is on 127.0.0.1 with a
// temporary database and sandbox folder.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { createPrismaClient } from "@/lib/platform/db/client";
import { migrateDatabase } from "@/lib/platform/db/migrate-database";
import { type InstalledRelease, installRelease } from "../test/production/release";
import { merchantAppEnv } from "../test/support/app-env";
import { freePort } from "../test/support/ports";
import { waitForHttpOk } from "../test/support/wait";
import { deletePrefix, SHARED_REDIS_URL } from "../test/support/workers";
import { post } from "./support/open-loop";
import {
  registerSoakMerchant,
  startSoakSandbox,
  startWatched,
  stopWatched,
  type WatchedProcess,
} from "./support/soak-processes";
import { describeOrders, loadAverage, MemorySamples, OrderCounts, percentile } from "./support/soak-stats";
import { standInForAutovacuum } from "./support/stand-in-autovacuum";

const { values: options } = parseArgs({
  options: {
    seconds: { type: "string", default: process.env.SOAK_SECONDS ?? "600" },
    rate: { type: "string", default: process.env.SOAK_RATE ?? "50" },
    interval: { type: "string", default: process.env.SOAK_INTERVAL ?? "30" },
    cap: { type: "string", default: process.env.SOAK_CAP_MB },
    "heap-snapshot": { type: "string", default: process.env.SOAK_HEAP_SNAPSHOT },
    release: { type: "string", default: process.env.SOAK_RELEASE_DIR },
  },
});
const seconds = Number(options.seconds);
const rate = Number(options.rate);
const intervalSeconds = Number(options.interval);
const capMb = options.cap ? Number(options.cap) : undefined;
const heapSnapshotDir = options["heap-snapshot"] ? resolve(options["heap-snapshot"]) : undefined;
/** An installed release to run (--release); by default release/ is installed afresh for the run. */
const givenRelease = options.release ? resolve(options.release) : undefined;
const CUSTOMERS = 20;
const BASKET = JSON.stringify({ flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 2 }] });

/**
 * Node flags of a 512 MB instance running one app and one workers process: V8's old space bounded
 * well under the instance (so it collects before the kernel kills), and smaller young generations
 * (each semi-space is reserved twice over). README, "Sizing", explains the split.
 */
function smallInstanceNodeOptions(cap: number): { app: string; workers: string } {
  const share = cap / 512;
  return {
    app: `--max-old-space-size=${Math.round(160 * share)} --max-semi-space-size=8`,
    workers: `--max-old-space-size=${Math.round(96 * share)} --max-semi-space-size=4`,
  };
}

/** release/ installed as the Docker image installs it (test/production/release.ts), or the one given. */
async function prepareRelease(): Promise<InstalledRelease> {
  if (givenRelease) {
    if (!existsSync(join(givenRelease, "node_modules"))) throw new Error(`${givenRelease}: no node_modules`);
    return { dir: givenRelease, remove: () => undefined };
  }
  console.log("installing release/ in a temporary folder (npm ci --omit=dev, as the Dockerfile does)");
  return installRelease();
}

async function prepareDatabase(databaseUrl: string) {
  await migrateDatabase(databaseUrl);
  const prisma = createPrismaClient(databaseUrl);
  await seedDemoCatalog(prisma);
  await prisma.$disconnect();
}

function releaseEnv(base: Record<string, string>, nodeOptions: string | undefined): Record<string, string> {
  // Nothing from this shell but PATH: the release gets its configuration as production does.
  return {
    PATH: process.env.PATH ?? "",
    ...base,
    MEMORY_LOG_SECONDS: "1",
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  };
}

/**
 * The image's own NODE_OPTIONS (the Dockerfile's runtime `ENV`): every process of the release starts
 * with it unless an instance sets its own, as --cap does.
 */
function imageNodeOptions(): string | undefined {
  const value = /^\s*NODE_OPTIONS=("[^"]*"|\S+)/m.exec(readFileSync("Dockerfile", "utf8"))?.[1];
  return value?.replace(/^"(.*)"$/, "$1");
}

function startRelease(release: string, appEnv: Record<string, string>, appPort: number) {
  const image = imageNodeOptions();
  const flags = capMb ? smallInstanceNodeOptions(capMb) : image ? { app: image, workers: image } : undefined;
  const snapshot = heapSnapshotDir
    ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${heapSnapshotDir}`]
    : [];
  const app = startWatched("app", [...snapshot, "server.js"], {
    cwd: release,
    env: releaseEnv({ ...appEnv, PORT: String(appPort), HOSTNAME: "127.0.0.1" }, flags?.app),
  });
  const workers = startWatched("workers", [...snapshot, "dist/workers.mjs"], {
    cwd: release,
    env: releaseEnv(appEnv, flags?.workers),
  });
  return { app, workers, flags };
}

async function openSessions(appUrl: string, control: <T>(path: string, body: unknown) => Promise<T>) {
  const sessions: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const { userId } = await control<{ userId: string }>("/sandbox/users", { balance: "900000000000000" });
    const { authCode } = await control<{ authCode: string }>("/sandbox/authCodes", {
      userId,
      scopes: ["USER_ID"],
    });
    const response = await fetch(`${appUrl}/api/mini/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-forwarded-for": `192.0.2.${i + 1}` },
      body: JSON.stringify({ authCode }),
    });
    if (response.status !== 201) throw new Error(`session: HTTP ${response.status} ${await response.text()}`);
    sessions.push(((await response.json()) as { sessionToken: string }).sessionToken);
  }
  return sessions;
}

/** One order: placed at the app, then paid at the sandbox's cashier (the wallet then notifies the app). */
async function placeAndPay(appUrl: string, sandboxUrl: string, token: string, key: string) {
  const answer = await post(`${appUrl}/api/mini/orders`, {
    headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": key, "Content-Type": "application/json" },
    body: BASKET,
  });
  if (answer.status !== 201) return `order: HTTP ${answer.status} ${answer.text.slice(0, 200)}`;
  const { redirectionUrl } = JSON.parse(answer.text) as { redirectionUrl?: string };
  const paymentId = redirectionUrl?.split("/").at(-1);
  if (!paymentId) return `order: no redirectionUrl in ${answer.text.slice(0, 200)}`;
  const paid = await post(`${sandboxUrl}/sandbox/cashier/${encodeURIComponent(paymentId)}/pay`, {
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  return paid.status === 200 ? undefined : `cashier: HTTP ${paid.status} ${paid.text.slice(0, 200)}`;
}

interface Watch {
  processes: WatchedProcess[];
  memory: MemorySamples;
  failures: string[];
}

/** Once a second: memory samples, the cap, and whether a process died. */
function watchEverySecond(watch: Watch): NodeJS.Timeout {
  return setInterval(() => {
    const together = watch.memory.sample();
    if (capMb && together > capMb && !watch.failures.some((f) => f.startsWith("cap"))) {
      watch.failures.push(`cap: app + workers RSS ${together.toFixed(0)} MB > ${capMb} MB`);
    }
    for (const watched of watch.processes) {
      const exit = watched.exit();
      if (exit !== undefined && !watch.failures.some((f) => f.startsWith(watched.name))) {
        watch.failures.push(`${watched.name} exited (${exit}) during the soak:\n${watched.tail()}`);
      }
    }
  }, 1_000);
}

/** The open loop: `rate` orders a second for `seconds`, printing an interval line as it goes. */
async function runLoad(send: (index: number) => Promise<string | undefined>, watch: Watch) {
  const run = new OrderCounts();
  let interval = new OrderCounts();
  const total = Math.round(rate * seconds);
  const started = performance.now();
  let intervalStarted = started;
  const inflight: Promise<void>[] = [];
  const printInterval = () => {
    const now = performance.now();
    const elapsed = (now - started) / 1000;
    console.log(
      `[${elapsed.toFixed(0).padStart(4)} s] ${describeOrders(interval, (now - intervalStarted) / 1000)} | ` +
        `${watch.memory.describeInterval()} | load ${loadAverage()}`,
    );
    for (const sample of interval.samples) console.log(`    e.g. ${sample}`);
    interval = new OrderCounts();
    intervalStarted = now;
  };
  const ticker = setInterval(printInterval, intervalSeconds * 1000);
  for (let index = 0; index < total; index++) {
    const scheduled = started + (index * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolveWait) => setTimeout(resolveWait, wait));
    inflight.push(
      send(index)
        .catch((error: unknown) => String(error))
        .then((error) => {
          const latency = performance.now() - scheduled;
          run.record(latency, error);
          interval.record(latency, error);
        }),
    );
  }
  await Promise.all(inflight);
  clearInterval(ticker);
  printInterval();
  return { run, durationS: (performance.now() - started) / 1000 };
}

/** Every order answered 201 ends PAID once the wallet's notification is applied. */
async function unpaidOrders(databaseUrl: string, expected: number): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await db.query<{ paid: string }>(
        "SELECT count(*) AS paid FROM orders WHERE status = 'PAID'",
      );
      const unpaid = expected - Number(rows[0]?.paid ?? 0);
      if (unpaid <= 0 || Date.now() > deadline) return unpaid;
      await new Promise((resolveWait) => setTimeout(resolveWait, 1_000));
    }
  } finally {
    await db.end();
  }
}

function summary(memory: MemorySamples, idle: Map<string, number>, run: OrderCounts, durationS: number) {
  const lines = [
    `soak: ${describeOrders(run, durationS)} over ${durationS.toFixed(0)} s; load ${loadAverage()}`,
  ];
  for (const [name, samples] of memory.run) {
    lines.push(
      `  ${name.padEnd(8)} RSS idle ${(idle.get(name) ?? Number.NaN).toFixed(0)} MB, under load p50 ${percentile(samples, 0.5).toFixed(0)} ` +
        `p95 ${percentile(samples, 0.95).toFixed(0)} max ${Math.max(...samples).toFixed(0)} MB`,
    );
  }
  lines.push(
    `  app + workers RSS peak ${memory.peakTogether.toFixed(0)} MB${capMb ? ` (cap ${capMb} MB)` : ""}`,
  );
  return lines.join("\n");
}

async function main() {
  const release = await prepareRelease();
  const databaseName = `soak_${randomBytes(4).toString("hex")}`;
  const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${databaseName}`;
  const dataDir = mkdtempSync(join(tmpdir(), "soak-sandbox-"));
  const processes: WatchedProcess[] = [];
  const failures: string[] = [];
  let stopVacuum = async () => {};
  try {
    await prepareDatabase(databaseUrl);
    stopVacuum = await standInForAutovacuum(databaseUrl, 30_000);
    const { sandbox, url: sandboxUrl } = await startSoakSandbox(dataDir, 1);
    processes.push(sandbox);
    const merchant = await registerSoakMerchant(sandboxUrl);
    const appPort = await freePort();
    const appUrl = `http://127.0.0.1:${appPort}`;
    const appEnv = merchantAppEnv({
      databaseUrl,
      wallet: {
        baseUrl: sandboxUrl,
        clientId: merchant.clientId,
        privateKeyPem: merchant.keys.privateKeyPem,
        publicKeyPem: merchant.walletPublicKeyPem,
      },
      redisUrl: process.env.REDIS_URL,
      publicBaseUrl: appUrl,
      nodeEnv: "production",
      extra: { QUEUE_PREFIX: `soak-${databaseName}`, TRUSTED_PROXY_HOPS: "1" },
    });
    const { app, workers, flags } = startRelease(release.dir, appEnv, appPort);
    processes.unshift(app, workers);
    const memory = new MemorySamples([app, workers, sandbox]);
    const watch = { processes: [app, workers, sandbox], memory, failures };
    await waitForHttpOk(`${appUrl}/api/health/ready`, 90_000);
    console.log(
      `soak: ${rate} orders/s for ${seconds} s, every order paid at the cashier; release/ on node ${process.version}` +
        `; ${capMb ? `cap ${capMb} MB: ` : "the image's "}app NODE_OPTIONS="${flags?.app ?? ""}", workers "${flags?.workers ?? ""}"; load ${loadAverage()}`,
    );
    // Idle: started and ready, before any order (as a fresh instance waits for its first customer).
    await new Promise((resolveWait) => setTimeout(resolveWait, 5_000));
    memory.sample();
    const idle = new Map([...memory.run].map(([name, samples]) => [name, samples.at(-1) ?? Number.NaN]));
    memory.run.clear();
    console.log(`idle: ${memory.describeInterval()}`);
    if (heapSnapshotDir) for (const watched of [app, workers]) watched.child.kill("SIGUSR2");
    const sessions = await openSessions(appUrl, merchant.control);
    const runId = randomBytes(3).toString("hex");
    const ticker = watchEverySecond(watch);
    const { run, durationS } = await runLoad(
      (index) =>
        placeAndPay(
          appUrl,
          sandboxUrl,
          sessions[index % sessions.length] as string,
          `soak-${runId}-${index}`,
        ),
      watch,
    );
    const unpaid = await unpaidOrders(databaseUrl, run.ok);
    clearInterval(ticker);
    if (heapSnapshotDir) for (const watched of [app, workers]) watched.child.kill("SIGUSR2");
    if (unpaid > 0) failures.push(`${unpaid} orders answered 201 were not PAID a minute after the load`);
    if (run.errors > 0) failures.push(`${run.errors} orders failed, e.g. ${run.samples.join("; ")}`);
    console.log(summary(memory, idle, run, durationS));
    if (heapSnapshotDir) await new Promise((resolveWait) => setTimeout(resolveWait, 10_000));
  } catch (error) {
    for (const watched of processes) console.error(`--- ${watched.name} (last output)\n${watched.tail()}`);
    throw error;
  } finally {
    await stopVacuum();
    for (const watched of processes) await stopWatched(watched);
    rmSync(dataDir, { recursive: true, force: true });
    release.remove();
    const admin = new pg.Client({ connectionString: "postgresql://postgres@127.0.0.1:5432/postgres" });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    await deletePrefix(SHARED_REDIS_URL, `soak-${databaseName}`);
  }
  if (failures.length > 0) {
    console.error(`soak FAILED:\n${failures.map((failure) => `  - ${failure}`).join("\n")}`);
    process.exit(1);
  }
  console.log("soak passed: no errors, no process exited");
}

await main();
