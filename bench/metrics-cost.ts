// What the metrics cost: `POST /api/mini/orders` (cashier) against two standalone servers (`server.js`) of
// the same build, one with METRICS_ENABLED=true (and scraped every 5 s, a busy Prometheus) and one
// with METRICS_ENABLED=false, on one database and wallet sandbox. Each round gives each instance a
// slice of closed-loop load (`BENCH_CONCURRENCY` clients ordering back to back), alternating, so the
// machine's noise falls on both alike. Prints throughput and p50/p99 of each, and the cost.
//
//   npm run build && npm run bench:metrics
//   BENCH_ROUNDS=6 BENCH_SLICE_SECONDS=5 BENCH_CONCURRENCY=8 npm run bench:metrics
//
// Everything runs on 127.0.0.1 with a temporary database, sandbox data dir and ports.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { createPrismaClient } from "@/lib/platform/db/client";
import { migrateDatabase } from "@/lib/platform/db/migrate-database";
import { merchantAppEnv } from "../test/support/app-env";
import { freePort } from "../test/support/ports";
import { waitForHttpOk } from "../test/support/wait";
import { STANDALONE_SERVER } from "./support/processes";
import { control, registerBenchMerchant, startSandboxProcess } from "./support/sandbox-process";

const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const sliceSeconds = Number(process.env.BENCH_SLICE_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SCRAPE_EVERY_MS = 5_000;
const basket = JSON.stringify({ flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] });

interface Variant {
  name: string;
  url: string;
  sessions: string[];
  latencies: number[];
  ok: number;
  errors: number;
  seconds: number;
}

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "metrics-bench-sandbox-"));
const databaseName = `bench_metrics_${randomBytes(4).toString("hex")}`;
const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${databaseName}`;
const metricsToken = randomBytes(18).toString("base64url");
const runId = randomBytes(3).toString("hex");
let sent = 0;

/** `concurrency` clients ordering back to back on `variant` for `seconds`. */
async function slice(variant: Variant, seconds: number, scrape: boolean) {
  const until = performance.now() + seconds * 1000;
  const scraper = scrape
    ? setInterval(() => {
        void fetch(`${variant.url}/api/metrics`, {
          headers: { Authorization: `Bearer ${metricsToken}` },
        }).then((response) => response.arrayBuffer());
      }, SCRAPE_EVERY_MS)
    : undefined;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      while (performance.now() < until) {
        const index = sent++;
        const begun = performance.now();
        try {
          const response = await fetch(`${variant.url}/api/mini/orders`, {
            method: "POST",
            headers: {
              Authorization: `Bearer ${variant.sessions[(index + client) % variant.sessions.length]}`,
              "Idempotency-Key": `metrics-${runId}-${index}`,
              "Content-Type": "application/json",
            },
            body: basket,
          });
          await response.arrayBuffer();
          if (response.status === 201) variant.ok++;
          else variant.errors++;
        } catch {
          variant.errors++;
        }
        variant.latencies.push(performance.now() - begun);
      }
    }),
  );
  clearInterval(scraper);
  variant.seconds += (performance.now() - started) / 1000;
}

function summary(variant: Variant) {
  const sorted = [...variant.latencies].sort((x, y) => x - y);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { throughput: variant.ok / variant.seconds, p50: at(0.5), p99: at(0.99) };
}

try {
  if (!existsSync(STANDALONE_SERVER)) {
    console.log("no production build found: running npm run build");
    const build = spawnSync("npm", ["run", "build"], {
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) throw new Error("npm run build failed");
  }
  await migrateDatabase(databaseUrl);
  const prisma = createPrismaClient(databaseUrl);
  await seedDemoCatalog(prisma);
  await prisma.$disconnect();

  const sandbox = await startSandboxProcess(dataDir);
  children.push(sandbox.child);
  const { keys, clientId, walletPublicKeyPem } = await registerBenchMerchant(
    sandbox.url,
    "bench-metrics-merchant",
    {
      userDailyLimit: "900000000000000",
      paymentLimit: "900000000000000",
    },
  );
  const secrets = { sessionSecret: randomBytes(32).toString("base64url"), tokenKey: randomBytes(32) };

  const startApp = async (name: string, metricsEnabled: boolean): Promise<Variant> => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const app = spawn(process.execPath, [STANDALONE_SERVER], {
      env: {
        ...process.env,
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        ...merchantAppEnv({
          databaseUrl,
          wallet: {
            baseUrl: sandbox.url,
            clientId,
            privateKeyPem: keys.privateKeyPem,
            publicKeyPem: walletPublicKeyPem,
          },
          redisUrl: process.env.REDIS_URL,
          publicBaseUrl: url,
          nodeEnv: "production",
          ...secrets,
          extra: {
            METRICS_ENABLED: String(metricsEnabled),
            METRICS_TOKEN: metricsToken,
            QUEUE_PREFIX: `bench-metrics-${runId}`,
          },
        }),
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(app);
    await waitForHttpOk(`${url}/api/health/ready`, 60_000);
    const sessions: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { userId } = await control<{ userId: string }>(sandbox.url, "/sandbox/users", {
        balance: "900000000000000",
      });
      const { authCode } = await control<{ authCode: string }>(sandbox.url, "/sandbox/authCodes", {
        userId,
        scopes: ["USER_ID"],
      });
      const response = await fetch(`${url}/api/mini/session`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "x-forwarded-for": `192.0.2.${metricsEnabled ? i : 100 + i}`,
        },
        body: JSON.stringify({ authCode }),
      });
      if (response.status !== 201)
        throw new Error(`session: HTTP ${response.status} ${await response.text()}`);
      sessions.push(((await response.json()) as { sessionToken: string }).sessionToken);
    }
    return { name, url, sessions, latencies: [], ok: 0, errors: 0, seconds: 0 };
  };

  const on = await startApp("metrics on (scraped every 5 s)", true);
  const off = await startApp("metrics off", false);
  // Warm both up (JIT, connection pools), unmeasured.
  for (const variant of [on, off]) {
    await slice(variant, 2, false);
    Object.assign(variant, { latencies: [], ok: 0, errors: 0, seconds: 0 });
  }
  console.log(
    `${rounds} rounds × ${sliceSeconds} s per instance, ${concurrency} clients, alternating; node ${process.version}`,
  );
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so neither always follows the other's leftovers.
    const order = round % 2 === 0 ? [on, off] : [off, on];
    for (const variant of order) await slice(variant, sliceSeconds, variant === on);
  }
  const results = [on, off].map((variant) => ({ variant, ...summary(variant) }));
  for (const { variant, throughput, p50, p99 } of results) {
    console.log(
      `${variant.name.padEnd(32)} ${throughput.toFixed(1).padStart(7)} orders/s  p50 ${p50.toFixed(1).padStart(7)} ms  ` +
        `p99 ${p99.toFixed(1).padStart(7)} ms  errors ${variant.errors}/${variant.ok + variant.errors}`,
    );
  }
  const [withMetrics, without] = results as [(typeof results)[0], (typeof results)[0]];
  console.log(
    `metrics cost: throughput ${((1 - withMetrics.throughput / without.throughput) * 100).toFixed(1)} %, ` +
      `p99 ${((withMetrics.p99 / without.p99 - 1) * 100).toFixed(1)} % (goal: under 5 % of throughput)`,
  );
} finally {
  for (const child of children) child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: "postgresql://postgres@127.0.0.1:5432/postgres" });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
}
