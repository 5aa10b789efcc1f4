// Sustained `POST /api/mini/orders` (cashier) against `next start` + the wallet sandbox, at a fixed
// arrival rate, beside a bare node:http baseline doing the same database insert + signed wallet call
// (bench/support/baseline-orders-server.ts). Latency is measured from each request's scheduled send
// time (open loop), so a server that falls behind shows it instead of hiding it.
//
//   npm run build && npm run bench:orders
//   BENCH_RATE=80 BENCH_SECONDS=20 npm run bench:orders
//
// Everything runs on 127.0.0.1 with a temporary database, sandbox data dir and ports; load is bounded
// by rate x seconds.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { seedDemoCatalog } from "../lib/catalog/seed-catalog";
import { createPrismaClient } from "../lib/db/client";
import { migrateDatabase } from "../scripts/db-migrate";
import { generateTestKeyPair } from "../test/support/keys";
import { freePort } from "../test/support/ports";
import { control, startSandboxProcess } from "./support/sandbox-process";

const rate = Number(process.env.BENCH_RATE ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const customersCount = 20;
const basket = { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 2 }] };

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(pattern);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`process exited (${code}): ${output}`)));
  });
}

interface LoadResult {
  sent: number;
  ok: number;
  errors: number;
  durationS: number;
  p50: number;
  p99: number;
  max: number;
}

/** Sends `rate` requests per second for `seconds`, each at its scheduled time, and waits for all. */
async function runLoad(send: (index: number) => Promise<Response>): Promise<LoadResult> {
  const total = rate * seconds;
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const scheduled = started + (index * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inflight.push(
      send(index)
        .then(async (response) => {
          await response.arrayBuffer();
          if (response.status === 201) ok++;
          else errors++;
        })
        .catch(() => {
          errors++;
        })
        .finally(() => latencies.push(performance.now() - scheduled)),
    );
  }
  await Promise.all(inflight);
  const durationS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { sent: total, ok, errors, durationS, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0 };
}

function report(name: string, result: LoadResult) {
  console.log(
    `${name.padEnd(34)} ${(result.ok / result.durationS).toFixed(1).padStart(7)} orders/s  ` +
      `p50 ${result.p50.toFixed(1).padStart(7)} ms  p99 ${result.p99.toFixed(1).padStart(7)} ms  ` +
      `max ${result.max.toFixed(0).padStart(6)} ms  errors ${result.errors}/${result.sent}`,
  );
}

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "orders-bench-sandbox-"));
const databaseName = `bench_orders_${randomBytes(4).toString("hex")}`;
const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${databaseName}`;

try {
  if (!existsSync(".next/BUILD_ID")) {
    console.log("no production build found: running next build");
    const build = spawnSync("npx", ["next", "build"], {
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) throw new Error("next build failed");
  }
  await migrateDatabase(databaseUrl);
  const prisma = createPrismaClient(databaseUrl);
  await seedDemoCatalog(prisma);

  const sandbox = await startSandboxProcess(dataDir);
  children.push(sandbox.child);
  const keys = generateTestKeyPair();
  const clientId = "bench-orders-merchant";
  const { walletPublicKeyPem } = await control<{ walletPublicKeyPem: string }>(
    sandbox.url,
    "/sandbox/merchants",
    {
      clientId,
      publicKeyPem: keys.publicKeyPem,
    },
  );
  await control(sandbox.url, "/sandbox/settings", {
    userDailyLimit: "900000000000000",
    paymentLimit: "900000000000000",
  });

  const appPort = await freePort();
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "warn",
    PORT: String(appPort),
    PUBLIC_BASE_URL: `http://127.0.0.1:${appPort}`,
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    WALLET_BASE_URL: sandbox.url,
    WALLET_CLIENT_ID: clientId,
    MERCHANT_PRIVATE_KEY: keys.privateKeyPem,
    WALLET_PUBLIC_KEY: walletPublicKeyPem,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
  };
  const app = spawn("node_modules/.bin/next", ["start", "-p", String(appPort), "-H", "127.0.0.1"], {
    env: appEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(app);
  await waitFor(`http://127.0.0.1:${appPort}/api/health`, 60_000);

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

  const baseline = spawn(process.execPath, ["--import", "tsx", "bench/support/baseline-orders-server.ts"], {
    env: appEnv,
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(baseline);
  const baselineUrl = await waitForLine(baseline, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
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

  // Warm both up (JIT, connection pools) before measuring.
  for (let i = 0; i < 30; i++) {
    await fetch(`http://127.0.0.1:${appPort}/api/mini/orders`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${sessions[i % sessions.length]}`,
        "Idempotency-Key": `warm-${runId}-${i}`,
        "Content-Type": "application/json",
      },
      body,
    }).then((response) => response.arrayBuffer());
    const customer = customers[i % customers.length];
    await fetch(baselineUrl, {
      method: "POST",
      headers: {
        "x-customer-id": customer?.id ?? "",
        "x-wallet-customer-id": customer?.wallet_customer_id ?? "",
        "Idempotency-Key": `bwarm-${runId}-${i}`,
      },
      body,
    }).then((response) => response.arrayBuffer());
  }

  const app_ = await runLoad((index) =>
    fetch(`http://127.0.0.1:${appPort}/api/mini/orders`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${sessions[index % sessions.length]}`,
        "Idempotency-Key": `bench-${runId}-${index}`,
        "Content-Type": "application/json",
      },
      body,
    }),
  );
  const base = await runLoad((index) => {
    const customer = customers[index % customers.length];
    return fetch(baselineUrl, {
      method: "POST",
      headers: {
        "x-customer-id": customer?.id ?? "",
        "x-wallet-customer-id": customer?.wallet_customer_id ?? "",
        "Idempotency-Key": `base-${runId}-${index}`,
      },
      body,
    });
  });
  report("next start POST /api/mini/orders", app_);
  report("bare node:http baseline", base);
  console.log(
    `ratio (app / baseline): throughput ${(app_.ok / app_.durationS / (base.ok / base.durationS)).toFixed(2)}, ` +
      `p50 latency ${(app_.p50 / base.p50).toFixed(2)}x, p99 latency ${(app_.p99 / base.p99).toFixed(2)}x`,
  );
  await prisma.$disconnect();
} finally {
  for (const child of children) child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: "postgresql://postgres@127.0.0.1:5432/postgres" });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
}
