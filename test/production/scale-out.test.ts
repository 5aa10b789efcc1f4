// Scale-out, on the production release (plain node, production dependencies only): TWO app instances
// (`node server.js`) and TWO worker processes (`node dist/workers.mjs`, both serving reconcile and
// token-refresh, the other queues split between them) on one PostgreSQL and one Redis, with a
// hash-tagged queue prefix (`{…}`, what Redis Cluster needs; here on a single Redis). Shows that
//   - one Idempotency-Key sent 20 times at once across both instances makes one order and one `pay`;
//   - the session route's rate limit (20 a minute per address) holds across instances;
//   - a token refresh and a reconciliation happen once, with both worker processes scanning;
//   - a SIGTERM'd instance finishes the order in flight (201) while the other keeps serving;
// and, on the way, that each instance serves its own metrics, logs carry the request id, and the
// tracing SDK runs inside the built server.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { freePort } from "@/test/support/ports";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import { deletePrefix, SHARED_REDIS_URL } from "@/test/support/workers";
import {
  installedRelease,
  type ProductionEnv,
  type ReleaseProcess,
  startReleaseProcess,
  waitFor,
} from "./release";

const release = installedRelease(inject("releaseDir"));
// A Redis Cluster hash tag: every key of every queue in one slot.
const queuePrefix = `{scale-${randomBytes(4).toString("hex")}}`;
const METRICS_TOKEN = randomBytes(24).toString("base64url");
const secrets = {
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  SESSION_SECRET: randomBytes(32).toString("base64"),
  NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
};

let sandbox: TestSandbox;
let db: TestDatabase;
const processes: ReleaseProcess[] = [];
let publicBaseUrl: string;
const apps: { name: string; url: string; process: ReleaseProcess }[] = [];
const workers: ReleaseProcess[] = [];
let workerMetricsPort: number;

function productionEnv(extra: Record<string, string> = {}): ProductionEnv {
  return {
    ...secrets,
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    PUBLIC_BASE_URL: publicBaseUrl,
    DATABASE_URL: db.url,
    REDIS_URL: SHARED_REDIS_URL,
    QUEUE_PREFIX: queuePrefix,
    WALLET_BASE_URL: sandbox.url,
    WALLET_CLIENT_ID: sandbox.merchant.clientId,
    MERCHANT_PRIVATE_KEY: sandbox.merchant.privateKeyPem,
    WALLET_PUBLIC_KEY: sandbox.walletPublicKeyPem,
    METRICS_TOKEN,
    WORKER_SCAN_EVERY_SECONDS: "1",
    ...extra,
  };
}

function start(name: string, args: string[], env: ProductionEnv): ReleaseProcess {
  const started = startReleaseProcess(release, name, args, env);
  processes.push(started);
  return started;
}

async function startApp(name: string, port: number, extra: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${port}`;
  const started = start(
    name,
    ["server.js"],
    productionEnv({ PORT: String(port), HOSTNAME: "127.0.0.1", ...extra }),
  );
  await waitFor(
    `${name} to be ready`,
    async () => ((await fetch(`${url}/api/health/ready`)).status === 200 ? true : undefined),
    { processes: [started] },
  );
  apps.push({ name, url, process: started });
}

beforeAll(async () => {
  [sandbox, db] = await Promise.all([startTestSandbox(), createTestDatabase()]);
  await seedDemoCatalog(db.prisma);
  const [portA, portB] = [await freePort(), await freePort()];
  // The wallet's notifications go to one public address (in production: the load balancer).
  publicBaseUrl = `http://127.0.0.1:${portA}`;
  workerMetricsPort = await freePort();
  workers.push(
    start(
      "workers-1",
      ["dist/workers.mjs", "reconcile", "token-refresh", "refund-poll", "expiry"],
      productionEnv({ WORKER_METRICS_PORT: String(workerMetricsPort) }),
    ),
    start(
      "workers-2",
      ["dist/workers.mjs"],
      productionEnv({ WORKERS: "reconcile,token-refresh,notifications,push,maintenance" }),
    ),
  );
  await Promise.all([
    startApp("app-a", portA),
    // Instance B also runs with tracing on, exporting to its console (no collector here).
    startApp("app-b", portB, { OTEL_ENABLED: "true", OTEL_TRACES_EXPORTER: "console" }),
  ]);
});

afterAll(async () => {
  await Promise.all(processes.map((started) => started.stop("SIGKILL")));
  await sandbox?.close();
  await db?.drop();
  await deletePrefix(SHARED_REDIS_URL, queuePrefix);
});

let addressCounter = 0;
/** A client address of its own, so rate limits of one test never touch another's. */
// Unique per run: rate-limit counts live in the shared Redis for a minute, across test runs.
const addressRun = randomBytes(4).toString("hex");
const freshAddress = () => `198.51.100.${++addressCounter}-${addressRun}`;

async function newSession(app = apps[0]) {
  const { userId } = await sandbox.createUser();
  const { authCode } = await sandbox.createAuthCode(userId, ["USER_ID"]);
  const response = await fetch(`${app?.url}/api/mini/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": freshAddress() },
    body: JSON.stringify({ authCode }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { sessionToken: string; customer: { id: string } };
}

function postOrder(
  url: string,
  sessionToken: string,
  idempotencyKey: string,
  headers: Record<string, string> = {},
) {
  return fetch(`${url}/api/mini/orders`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${sessionToken}`,
      "Idempotency-Key": idempotencyKey,
      "Content-Type": "application/json",
      ...headers,
    },
    body: JSON.stringify({ flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 1 }] }),
  });
}

// By name, not by position: the two start at once and join `apps` in whichever order they get ready,
// and only app-b runs with tracing.
const appNamed = (name: string) => apps.find((app) => app.name === name) as (typeof apps)[0];
const [a, b] = [() => appNamed("app-a"), () => appNamed("app-b")];

describe("two app instances and two worker processes on one database and Redis", () => {
  it("make one order and one wallet `pay` of one Idempotency-Key sent 20 times at once across both", async () => {
    const { sessionToken } = await newSession();
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => postOrder((index % 2 ? b() : a()).url, sessionToken, key)),
    );
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { orderId: string }[];
    // One request created it (201); the other 19 were answered with that same order (200).
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    const orderIds = new Set(bodies.map((body) => body.orderId));
    expect(orderIds.size).toBe(1);
    const [orderId] = [...orderIds];
    expect(await db.prisma.order.count({ where: { idempotencyKey: key } })).toBe(1);
    expect(await db.prisma.walletCall.count({ where: { operation: "pay", orderId } })).toBe(1);
  });

  it("hold the session route's rate limit across instances: 22 requests from one address, exactly 2 refused", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 22; index++) {
      const response = await fetch(`${(index % 2 ? b() : a()).url}/api/mini/session`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
        body: JSON.stringify({ authCode: `not-a-code-${index}` }),
      });
      statuses.push(response.status);
      await response.body?.cancel();
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
  });

  it("refresh each expiring token once, with both worker processes scanning for them", async () => {
    const customers: string[] = [];
    for (let index = 0; index < 4; index++) customers.push((await newSession()).customer.id);
    const before = await db.prisma.walletToken.findMany({ where: { customerId: { in: customers } } });
    // Expiring within TOKEN_REFRESH_AHEAD_SECONDS (300 s): both scans find them within a second.
    await db.prisma.walletToken.updateMany({
      where: { customerId: { in: customers } },
      data: { accessTokenExpiresAt: new Date(Date.now() + 60_000) },
    });
    const refreshes = () =>
      db.prisma.$queryRaw<{ count: bigint }[]>`
        SELECT count(*) FROM wallet_calls
        WHERE operation = 'applyToken' AND request_body->>'grantType' = 'REFRESH_TOKEN'`;
    await waitFor(
      "every expiring token to be refreshed",
      async () => {
        const tokens = await db.prisma.walletToken.findMany({ where: { customerId: { in: customers } } });
        return tokens.every((token) => token.accessTokenExpiresAt.getTime() > Date.now() + 30 * 60_000)
          ? true
          : undefined;
      },
      { timeoutMs: 30_000, processes: workers },
    );
    // Several more scans in both processes: nothing is refreshed a second time.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(Number((await refreshes())[0]?.count)).toBe(customers.length);
    const after = await db.prisma.walletToken.findMany({ where: { customerId: { in: customers } } });
    for (const token of after) {
      const earlier = before.find((row) => row.customerId === token.customerId);
      expect(token.version).toBe((earlier?.version ?? 0) + 1);
    }
  });

  it("settle each unknown payment once, with both worker processes reconciling", async () => {
    const { sessionToken } = await newSession();
    await sandbox.setFault("pay", "U", 3);
    const orderIds: string[] = [];
    for (let index = 0; index < 3; index++) {
      const response = await postOrder(a().url, sessionToken, crypto.randomUUID());
      const order = (await response.json()) as { orderId: string; status: string };
      expect(order.status).toBe("PROCESSING");
      orderIds.push(order.orderId);
    }
    // Due now rather than in 10 s.
    await db.prisma.order.updateMany({
      where: { id: { in: orderIds } },
      data: { nextReconcileAt: new Date() },
    });
    await waitFor(
      "the unknown payments to be settled",
      async () =>
        (await db.prisma.order.count({ where: { id: { in: orderIds }, status: "PENDING" } })) ===
        orderIds.length
          ? true
          : undefined,
      { timeoutMs: 30_000, processes: workers },
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const orderId of orderIds) {
      // One inquiry (the payment exists, but we never saw its cashier URL), one re-sent `pay`.
      expect(await db.prisma.walletCall.count({ where: { orderId, operation: "inquiryPayment" } })).toBe(1);
      expect(await db.prisma.walletCall.count({ where: { orderId, operation: "pay" } })).toBe(2);
      expect(await db.prisma.orderEvent.count({ where: { orderId, fromStatus: "UNKNOWN" } })).toBe(1);
    }
  });

  it("keep the queues under the hash-tagged prefix, as Redis Cluster needs", async () => {
    const redis = new Redis(SHARED_REDIS_URL);
    try {
      const keys = await redis.keys(`${queuePrefix}:reconcile:*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((key) => key.startsWith(`${queuePrefix}:`))).toBe(true);
    } finally {
      redis.disconnect();
    }
  });

  it("serve their own metrics: each instance counts the requests it served", async () => {
    const scrape = async (url: string) => {
      const response = await fetch(`${url}/api/metrics`, {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.status).toBe(200);
      return response.text();
    };
    const served = (text: string) =>
      Number(
        /^http_request_duration_seconds_count\{method="POST",route="\/api\/mini\/orders",status="201"\} (\d+)/m.exec(
          text,
        )?.[1] ?? 0,
      );
    const [textA, textB] = [await scrape(a().url), await scrape(b().url)];
    // Every order so far was created by one 201, on one instance or the other.
    expect(served(textA) + served(textB)).toBe(await db.prisma.order.count());
    expect(served(textA)).toBeGreaterThan(0);
    expect(textA).toMatch(/^queue_jobs\{queue="reconcile",state="failed"\} 0$/m);
    expect((await fetch(`${a().url}/api/metrics`)).status).toBe(401);

    expect((await fetch(`http://127.0.0.1:${workerMetricsPort}/metrics`)).status).toBe(401);
    const worker = await fetch(`http://127.0.0.1:${workerMetricsPort}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(worker.status).toBe(200);
    expect(await worker.text()).toMatch(
      /^job_duration_seconds_count\{queue="reconcile",job="scan",result="completed"\} [1-9]/m,
    );
  });

  it("log each request's lines under its X-Request-Id, and trace inside the built server when enabled", async () => {
    const { sessionToken } = await newSession(b());
    const requestId = `scale-${randomBytes(6).toString("hex")}`;
    const response = await postOrder(b().url, sessionToken, crypto.randomUUID(), {
      "X-Request-Id": requestId,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-request-id")).toBe(requestId);
    // Waits shorter than the test's own timeout, so a miss fails with the process's output.
    const wait = { timeoutMs: 25_000, processes: [b().process] };
    const lines = await waitFor(
      "the request's log lines",
      async () => {
        const found = b().process.linesWith(requestId);
        return found.length > 0 ? found : undefined;
      },
      wait,
    );
    expect(
      lines.some((line) => line.includes('"msg":"wallet call"') && line.includes('"operation":"pay"')),
    ).toBe(true);
    // B exports spans to its console; the batch processor flushes every few seconds. Spans are long:
    // by the time we look, others may have pushed this one (or the log lines) out of the output's tail.
    await waitFor(
      "a wallet span in app-b's console",
      async () => (b().process.linesWith("name: 'wallet pay'").length > 0 ? true : undefined),
      wait,
    );
  });

  it("finish the order in flight on the instance that gets SIGTERM, while the other keeps serving", async () => {
    const { sessionToken } = await newSession(b());
    // Every wallet operation now takes 2 s: the order is still in flight when the signal comes.
    await sandbox.settings({ operationLatencyMs: 2_000 });
    try {
      const key = crypto.randomUUID();
      const inFlight = postOrder(a().url, sessionToken, key);
      // The signal comes once A holds the order (kept before the wallet is asked), not after a guess
      // at how long a busy machine takes to get there.
      await waitFor("the order in A's hands", async () =>
        (await db.prisma.order.count({ where: { idempotencyKey: key } })) > 0 ? true : undefined,
      );
      const exited = a().process.stop("SIGTERM");

      // The other instance serves on meanwhile.
      const other = await postOrder(b().url, sessionToken, crypto.randomUUID());
      expect(other.status).toBe(201);

      const answer = await inFlight;
      expect(answer.status).toBe(201);
      expect(await answer.json()).toMatchObject({ status: "PENDING", redirectionUrl: expect.any(String) });
      // Next.js exits with 128 + SIGTERM once nothing is in flight; new connections are refused.
      expect(await exited).toBe(143);
      await expect(fetch(`${a().url}/api/health/live`)).rejects.toThrow();
      expect((await fetch(`${b().url}/api/health/ready`)).status).toBe(200);
    } finally {
      await sandbox.settings({ operationLatencyMs: 0 });
    }
  });
});
