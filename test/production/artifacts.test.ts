// The production release, exactly as the Dockerfile ships it: release/ copied to a clean folder and
// installed with the Dockerfile's own `npm ci --omit=dev …` line; then, with NODE_ENV=production and
// every secret from the environment: migrate a fresh database (`node dist/db-migrate.mjs`), start two app instances
// (`node server.js`) and the workers split by queue as in compose.production.yml
// (`node dist/workers.mjs …`), and take one cashier order through the wallet sandbox until the
// wallet's notification makes it PAID. Also asserts the security headers of the built app.
// Needs `npm run build` first (.ci/run builds before running it).

import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { createPrismaClient } from "@/lib/platform/db/client";
import { quoteIdentifier, withDatabase } from "@/lib/platform/db/ensure-database";
import { SCANNED_QUEUES } from "@/lib/platform/queue/definitions";
import { TEST_SERVER_URL } from "@/test/support/database";
import { freePort } from "@/test/support/ports";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import { deletePrefix, SHARED_REDIS_URL, uniquePrefix } from "@/test/support/workers";
import {
  type InstalledRelease,
  installedRelease,
  type ProductionEnv,
  type ReleaseProcess,
  startReleaseProcess,
  waitFor,
} from "./release";

let release: InstalledRelease | undefined;
let sandbox: TestSandbox | undefined;
const databaseName = `release_${randomBytes(6).toString("hex")}`;
const databaseUrl = withDatabase(TEST_SERVER_URL, databaseName);
const queuePrefix = uniquePrefix();
const processes: ReleaseProcess[] = [];
let firstMigration: { code: number | string; output: string };
let appUrl: string;
let httpsAppUrl: string;
let app: ReleaseProcess;
let workers: ReleaseProcess[];
// One deployment's secrets, shared by all its processes (workers decrypt what the app encrypted).
const secrets = {
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  SESSION_SECRET: randomBytes(32).toString("base64"),
  NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
};

/** What every production process of the release gets: settings and secrets, nothing generated. */
function productionEnv(publicBaseUrl: string): ProductionEnv {
  if (!sandbox) throw new Error("sandbox not started");
  return {
    ...secrets,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PUBLIC_BASE_URL: publicBaseUrl,
    DATABASE_URL: databaseUrl,
    REDIS_URL: SHARED_REDIS_URL,
    QUEUE_PREFIX: queuePrefix,
    WALLET_BASE_URL: sandbox.url,
    WALLET_CLIENT_ID: sandbox.merchant.clientId,
    MERCHANT_PRIVATE_KEY: sandbox.merchant.privateKeyPem,
    WALLET_PUBLIC_KEY: sandbox.walletPublicKeyPem,
    // Scans every second, so the test sees the workers do real work within its time.
    WORKER_SCAN_EVERY_SECONDS: "1",
  };
}

function start(name: string, args: string[], env: ProductionEnv): ReleaseProcess {
  if (!release) throw new Error("release not installed");
  const started = startReleaseProcess(release, name, args, env);
  processes.push(started);
  return started;
}

async function startApp(name: string, port: number, publicBaseUrl: string) {
  const url = `http://127.0.0.1:${port}`;
  // The standalone server reads PORT and HOSTNAME; so does the Dockerfile.
  const env = { ...productionEnv(publicBaseUrl), PORT: String(port), HOSTNAME: "127.0.0.1" };
  const started = start(name, ["server.js"], env);
  await waitFor(
    `${name} to report healthy`,
    async () => ((await fetch(`${url}/api/health`)).status === 200 ? true : undefined),
    { processes: [started] },
  );
  return { url, process: started };
}

beforeAll(async () => {
  release = installedRelease(inject("releaseDir"));
  sandbox = await startTestSandbox();

  // The migrate job gets the database and nothing else: no wallet keys, no secrets.
  const migrate = start("db-migrate", ["dist/db-migrate.mjs"], {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
  });
  firstMigration = { code: await migrate.exited, output: migrate.output() };
  if (firstMigration.code !== 0) throw new Error(`db-migrate failed:\n${firstMigration.output}`);
  const prisma = createPrismaClient(databaseUrl);
  await seedDemoCatalog(prisma);
  await prisma.$disconnect();

  const port = await freePort();
  const publicBaseUrl = `http://127.0.0.1:${port}`;
  workers = [
    // The two worker services of compose.production.yml: queues as arguments, and as WORKERS.
    start("workers-settlement", ["dist/workers.mjs", "settlement"], {
      ...productionEnv(publicBaseUrl),
    }),
    start("workers-general", ["dist/workers.mjs"], {
      ...productionEnv(publicBaseUrl),
      WORKERS: "general",
    }),
  ];
  const [plain, secure] = await Promise.all([
    startApp("app", port, publicBaseUrl),
    // A second instance that believes it is served over https (it takes no orders here).
    startApp("app-https", await freePort(), "https://shop.example.test"),
  ]);
  app = plain.process;
  appUrl = plain.url;
  httpsAppUrl = secure.url;
});

afterAll(async () => {
  await Promise.all(processes.map((started) => started.stop("SIGKILL")));
  await sandbox?.close();
  const admin = new Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(databaseName)} WITH (FORCE)`);
  await admin.end();
  await deletePrefix(SHARED_REDIS_URL, queuePrefix);
  release?.remove();
});

/** Every migration folder of the repository: the release must apply each of them. */
const MIGRATIONS = readdirSync("prisma/migrations", { withFileTypes: true }).filter((entry) =>
  entry.isDirectory(),
).length;

describe("the production install", () => {
  it("holds runtime packages only: no TypeScript runner, bundler, test runner, linter or browser driver", () => {
    const installed = (name: string) => existsSync(path.join(release?.dir ?? "", "node_modules", name));
    // Not listed: `typescript` and `prisma`. npm installs them with --omit=dev because they are also
    // optional peers of @prisma/client (the lockfile marks them devOptional); nothing in the release
    // loads them (the Prisma client is generated at build time and bundled). README: Going live.
    const devOnly = ["tsx", "esbuild", "vitest", "@biomejs/biome", "playwright-core"];
    for (const name of devOnly) {
      expect(installed(name), name).toBe(false);
    }
    expect(installed("next") && installed("@prisma/client") && installed("bullmq")).toBe(true);
  });
});

describe("migrations", () => {
  it("create the database and apply every migration with DATABASE_URL alone", () => {
    expect(firstMigration.output).toContain(`created database`);
    expect(firstMigration.output).toContain(`applied ${MIGRATIONS} migration(s), 0 already applied`);
  });

  it("are a no-op when run again (the migrate job runs on every deploy)", async () => {
    const again = start("db-migrate-again", ["dist/db-migrate.mjs"], {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
    });
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain(`up to date (${MIGRATIONS} migration(s) already applied)`);
  });
});

describe("a cashier order through the released app, workers and the wallet sandbox", () => {
  it("starts a session, orders, is paid at the cashier, and the wallet's notification makes it PAID", async () => {
    if (!sandbox) throw new Error("sandbox not started");
    const { userId } = await sandbox.createUser();
    const { authCode } = await sandbox.createAuthCode(userId, ["USER_ID"]);
    const session = await fetch(`${appUrl}/api/mini/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ authCode }),
    });
    expect(session.status).toBe(201);
    const { sessionToken } = (await session.json()) as { sessionToken: string };
    const auth = { Authorization: `Bearer ${sessionToken}` };

    const created = await fetch(`${appUrl}/api/mini/orders`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
      body: JSON.stringify({ flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 2 }] }),
    });
    expect(created.status).toBe(201);
    const order = (await created.json()) as { orderId: string; status: string; redirectionUrl: string };
    // 2 x COFFEE at 2,500,000 fils, priced by the server from its catalog.
    expect(order).toMatchObject({ status: "PENDING", amount: { currency: "IQD", value: "5000000" } });

    const paymentId = new URL(order.redirectionUrl).pathname.split("/").pop() ?? "";
    await sandbox.payAtCashier(paymentId);

    const paid = await waitFor(
      "the payment notification to make the order PAID",
      async () => {
        const response = await fetch(`${appUrl}/api/mini/orders/${order.orderId}`, { headers: auth });
        const view = (await response.json()) as { status: string; paidAt?: string };
        return view.status === "PAID" ? view : undefined;
      },
      { timeoutMs: 30_000, processes: [app] },
    );
    expect(paid.paidAt).toEqual(expect.any(String));
    // The sandbox marks its notification DELIVERED when our answer reaches it, a moment after the
    // order committed as PAID: wait for that answer rather than race it.
    const notification = await waitFor(
      "the wallet sandbox to record our answer to its notification",
      async () => {
        const [sent] = (await sandbox?.notifications({ paymentId })) ?? [];
        return sent?.status === "DELIVERED" ? sent : undefined;
      },
      { timeoutMs: 10_000, processes: [app] },
    );
    expect(notification).toMatchObject({ kind: "payment", status: "DELIVERED" });
  });

  it("runs every queue's scans in the bundled workers (they read the database through the bundled Prisma client)", async () => {
    const connection = new Redis(SHARED_REDIS_URL, { maxRetriesPerRequest: null });
    try {
      for (const name of SCANNED_QUEUES) {
        const queue = new Queue(name, { connection, prefix: queuePrefix });
        await waitFor(
          `a completed ${name} scan`,
          async () => (((await queue.getJobCounts("completed")).completed ?? 0) > 0 ? true : undefined),
          { timeoutMs: 20_000, processes: workers },
        );
        expect((await queue.getJobCounts("failed")).failed, `${name} failed jobs`).toBe(0);
        await queue.close();
      }
    } finally {
      await connection.quit();
    }
  });
});

describe("security headers of the built app", () => {
  const everywhere = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
  };

  it.each(["/", "/api/health", "/api/mini/orders"])(
    "%s: nosniff, referrer policy, no framing",
    async (route) => {
      const response = await fetch(`${appUrl}${route}`);
      await response.body?.cancel();
      expect(Object.fromEntries(response.headers)).toMatchObject(everywhere);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-powered-by")).toBeNull();
      // Served over plain http: no HSTS (it would be ignored, and must not leak into local setups).
      expect(response.headers.get("strict-transport-security")).toBeNull();
    },
  );

  it("serves the API's OpenAPI document, built inside the compiled app", async () => {
    const response = await fetch(`${appUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; servers: unknown; paths: object };
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: appUrl }]);
    expect(Object.keys(document.paths)).toContain("/api/mini/orders/{id}/confirm-receipt");
  });

  it("sends HSTS on pages and routes when the public address is https", async () => {
    for (const route of ["/", "/api/health"]) {
      const response = await fetch(`${httpsAppUrl}${route}`);
      await response.body?.cancel();
      expect(response.headers.get("strict-transport-security"), route).toBe("max-age=31536000");
    }
  });

  it("gives the admin pages a strict policy with a fresh nonce per request", async () => {
    const policies = [];
    for (let request = 0; request < 2; request++) {
      const response = await fetch(`${httpsAppUrl}/admin`);
      await response.body?.cancel();
      expect(Object.fromEntries(response.headers)).toMatchObject(everywhere);
      policies.push(response.headers.get("content-security-policy") ?? "");
    }
    const [first, second] = policies;
    expect(first).toMatch(/script-src 'self' 'nonce-[\w+/=]+' 'strict-dynamic'(;|$)/);
    expect(first).not.toContain("unsafe-eval");
    expect(first).toContain("frame-ancestors 'none'");
    expect(first).toContain("upgrade-insecure-requests");
    expect(second).not.toBe(first);
  });
});

describe("shutdown", () => {
  it("stops the workers cleanly on SIGTERM (jobs in hand finish, connections close)", async () => {
    const codes = await Promise.all(workers.map((worker) => worker.stop("SIGTERM")));
    expect(codes).toEqual([0, 0]);
  });
});
