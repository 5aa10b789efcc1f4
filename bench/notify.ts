// Sustained payment notifications (`POST /api/wallet/notify/payment`, signed by the wallet's key) at a
// fixed arrival rate against the standalone server (`server.js`), beside a bare node:http baseline that verifies, stores and
// applies the same (bench/support/baseline-notify-server.ts). Each notification pays one PENDING order
// of its own, as a real wallet's would; afterwards the bench checks every order was paid exactly once.
// Latency counts from each notification's scheduled send time (open loop). A third run sends the same
// requests to a path no route serves: what Next.js itself costs per request.
//
//   npm run build && npm run bench:notify
//   BENCH_RATE=200 BENCH_SECONDS=15 npm run bench:notify   (BENCH_WARM_SECONDS=3: warm-up at that rate)
//   BENCH_APP_PORT=5501 (default: any free port); BENCH_APP_LOG=app.log keeps the server's log;
//   BENCH_CPU_PROF=.bench-profiles npm run bench:notify   (CPU profile of the server)
//   BENCH_BASELINE_BURN_MS=2 npm run bench:notify   (what-if: a second baseline also burns 2 ms of CPU
//   per request on its event loop, e.g. the framework floor; see support/burn-cpu.ts)
//
// No wallet is needed: the bench plays the wallet with a key pair of its own. Everything runs on
// 127.0.0.1 with a temporary database; load is bounded by rate x seconds.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrateDatabase } from "@/lib/platform/db/migrate-database";
import { formatWalletTime, JSON_CONTENT_TYPE, signMessage } from "../lib/wallet/signature";
import { merchantAppEnv } from "../test/support/app-env";
import { generateTestKeyPair } from "../test/support/keys";
import { freePort } from "../test/support/ports";
import { burnMsFromEnv } from "./support/burn-cpu";
import { formatFloorComparison, formatLoadResult, formatRatio, post, runOpenLoop } from "./support/open-loop";
import {
  cpuSecondsOf,
  ensureProductionBuild,
  startBaselines,
  startNextApp,
  stopProcess,
} from "./support/processes";

const rate = Number(process.env.BENCH_RATE ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const cpuProfileDir = process.env.BENCH_CPU_PROF || undefined;
const appLogFile = process.env.BENCH_APP_LOG || undefined;
const total = Math.round(rate * seconds);
/** Seconds at the measured rate before each measured run, answers discarded. */
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 3);
const warmTotal = Math.round(rate * warmSeconds);
const NOTIFY_PATH = "/api/wallet/notify/payment";
const AMOUNT_FILS = "2500000";

const children: ChildProcess[] = [];
const databaseName = `bench_notify_${randomBytes(4).toString("hex")}`;
const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${databaseName}`;
const db = new pg.Client({ connectionString: databaseUrl });

/** `count` PENDING cashier orders waiting for their payment notification, named `<side>-<i>`. */
async function pendingOrders(side: string, count: number): Promise<void> {
  await db.query(
    `INSERT INTO orders (id, customer_id, flow, product_code, currency, amount_fils, status, idempotency_key,
                         payment_request_id, payment_id, updated_at)
     SELECT gen_random_uuid()::text, 'bench-customer', 'CASHIER', '51051000101000000011', 'IQD', $2, 'PENDING',
            $1 || '-' || i, 'pay_' || $1 || '_' || i, 'pid_' || $1 || '_' || i, now()
     FROM generate_series(0, $3 - 1) AS i`,
    [side, AMOUNT_FILS, count],
  );
}

interface SignedNotification {
  body: string;
  headers: Record<string, string>;
}

/** The wallet's SUCCESS notification of each of `count` orders of `side`, signed just before the run. */
function signNotifications(
  side: string,
  clientId: string,
  walletKey: ReturnType<typeof generateTestKeyPair>,
  count = total,
) {
  const notifications: SignedNotification[] = [];
  for (let i = 0; i < count; i++) {
    const now = new Date();
    const body = JSON.stringify({
      paymentId: `pid_${side}_${i}`,
      paymentRequestId: `pay_${side}_${i}`,
      paymentAmount: { currency: "IQD", value: AMOUNT_FILS },
      paymentCreateTime: formatWalletTime(now),
      paymentTime: formatWalletTime(now),
      paymentStatus: "SUCCESS",
      paymentResult: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
    });
    const time = formatWalletTime(now);
    const signature = signMessage(
      { method: "POST", path: NOTIFY_PATH, clientId, time, body },
      walletKey.privateKey,
      1,
    );
    notifications.push({
      body,
      headers: {
        "Content-Type": JSON_CONTENT_TYPE,
        "Client-Id": clientId,
        "Request-Time": time,
        Signature: signature,
      },
    });
  }
  return notifications;
}

async function paidOrders(side: string): Promise<number> {
  const { rows } = await db.query<{ paid: string }>(
    "SELECT count(*) AS paid FROM orders WHERE idempotency_key LIKE $1 AND status = 'PAID'",
    [`${side}-%`],
  );
  return Number(rows[0]?.paid ?? 0);
}

try {
  ensureProductionBuild();
  await migrateDatabase(databaseUrl);
  await db.connect();
  await db.query(
    "INSERT INTO customers (id, wallet_customer_id, updated_at) VALUES ('bench-customer', 'bench-wallet-user', now())",
  );
  const runId = randomBytes(3).toString("hex");
  const sides = { app: `app${runId}`, base: `base${runId}`, burn: `burn${runId}` };
  const warmSides = { app: `warmapp${runId}`, base: `warmbase${runId}`, burn: `warmburn${runId}` };
  const burnMs = burnMsFromEnv();
  await pendingOrders(sides.app, total);
  await pendingOrders(sides.base, total);
  await pendingOrders(warmSides.app, warmTotal);
  await pendingOrders(warmSides.base, warmTotal);
  if (burnMs > 0) {
    await pendingOrders(sides.burn, total);
    await pendingOrders(warmSides.burn, warmTotal);
  }

  const merchantKey = generateTestKeyPair();
  const walletKey = generateTestKeyPair();
  const clientId = "bench-notify-merchant";
  const appPort = Number(process.env.BENCH_APP_PORT) || (await freePort());
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(appPort),
    ...merchantAppEnv({
      databaseUrl,
      // The intake never calls the wallet; nothing listens here.
      wallet: {
        baseUrl: "http://127.0.0.1:9",
        clientId,
        privateKeyPem: merchantKey.privateKeyPem,
        publicKeyPem: walletKey.publicKeyPem,
      },
      redisUrl: process.env.REDIS_URL,
      publicBaseUrl: `http://127.0.0.1:${appPort}`,
      nodeEnv: "production",
    }),
  };
  const app = await startNextApp(appPort, appEnv, { cpuProfileDir, logFile: appLogFile });
  children.push(app);
  // With BENCH_BASELINE_BURN_MS, also the what-if: the same baseline burning extra CPU per request.
  const { baseline, burning } = await startBaselines("bench/support/baseline-notify-server.ts", appEnv);
  children.push(baseline.child, ...(burning ? [burning.child] : []));
  const appUrl = `http://127.0.0.1:${appPort}${NOTIFY_PATH}`;
  const baselineUrl = `${baseline.url}${NOTIFY_PATH}`;

  console.log(`rate ${rate}/s for ${seconds} s (${total} notifications per run); node ${process.version}`);
  // Each server is warmed up at the measured rate right before its run (JIT, connection pools grown
  // to what the rate needs): the runs measure a server in its steady state.
  const load = { rate, seconds, okStatus: 200 };
  const warm = { ...load, seconds: warmSeconds };
  const appWarmNotifications = signNotifications(warmSides.app, clientId, walletKey, warmTotal);
  const baseWarmNotifications = signNotifications(warmSides.base, clientId, walletKey, warmTotal);
  const appNotifications = signNotifications(sides.app, clientId, walletKey);
  await runOpenLoop(warm, (index) => post(appUrl, appWarmNotifications[index] as SignedNotification));
  const app_ = await runOpenLoop(
    load,
    (index) => post(appUrl, appNotifications[index] as SignedNotification),
    () => cpuSecondsOf(app.pid),
  );
  // The framework's fixed cost: the same requests to a path no route serves (the JSON 404 catch-all).
  // Left out under a CPU profile, which should show the measured route only.
  const floor = cpuProfileDir
    ? undefined
    : await runOpenLoop(
        { ...load, okStatus: 404 },
        (index) =>
          post(
            `http://127.0.0.1:${appPort}/api/wallet/framework-floor`,
            appNotifications[index] as SignedNotification,
          ),
        () => cpuSecondsOf(app.pid),
      );
  const baseNotifications = signNotifications(sides.base, clientId, walletKey);
  await runOpenLoop(warm, (index) => post(baselineUrl, baseWarmNotifications[index] as SignedNotification));
  const base = await runOpenLoop(
    load,
    (index) => post(baselineUrl, baseNotifications[index] as SignedNotification),
    () => cpuSecondsOf(baseline.child.pid),
  );
  console.log(formatLoadResult("server.js notify/payment", app_, "notifications"));
  if (floor) console.log(formatLoadResult("server.js, unrouted (framework)", floor, "requests"));
  console.log(formatLoadResult("bare node:http baseline", base, "notifications"));
  console.log(formatRatio(app_, base));
  if (floor) console.log(formatFloorComparison(app_, floor, base));
  if (burning) {
    const burnUrl = `${burning.url}${NOTIFY_PATH}`;
    const burnWarm = signNotifications(warmSides.burn, clientId, walletKey, warmTotal);
    await runOpenLoop(warm, (index) => post(burnUrl, burnWarm[index] as SignedNotification));
    const burnNotifications = signNotifications(sides.burn, clientId, walletKey);
    const burned = await runOpenLoop(
      load,
      (index) => post(burnUrl, burnNotifications[index] as SignedNotification),
      () => cpuSecondsOf(burning.child.pid),
    );
    console.log(formatLoadResult(`baseline + ${burnMs} ms CPU/request`, burned, "notifications"));
    console.log(formatRatio(burned, base).replace("(app / baseline)", "(burning baseline / baseline)"));
  }
  console.log(
    `orders paid: app ${await paidOrders(sides.app)}/${total}, baseline ${await paidOrders(sides.base)}/${total}` +
      (burning ? `, burning baseline ${await paidOrders(sides.burn)}/${total}` : ""),
  );
} finally {
  await db.end().catch(() => {});
  await Promise.all(children.map((child) => stopProcess(child)));
  if (cpuProfileDir) console.log(`CPU profile of the server written to ${cpuProfileDir}`);
  const admin = new pg.Client({ connectionString: "postgresql://postgres@127.0.0.1:5432/postgres" });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
}
