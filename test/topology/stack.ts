// The production topology on one machine, for `npm run test:topology`: a Redis Cluster (six
// redis-server processes, three primaries with a replica each), HAProxy (deploy/haproxy.cfg) in front
// of three app instances of the production release (`node server.js`), two worker processes of each
// worker group (`node dist/workers.mjs settlement|general`), the sandbox as the wallet and a kitchen
// that receives the paid orders' tickets (hooks/kitchen-ticket.ts). Every process is a child of the
// test process, killed by its own pid.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import type { TestDatabase } from "@/test/support/database";
import { type RunningHaproxy, startHaproxy } from "@/test/support/haproxy";
import { freePort } from "@/test/support/ports";
import { type LocalCluster, startRedisCluster } from "@/test/support/redis-cluster";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import {
  type InstalledRelease,
  type ProductionEnv,
  type ReleaseProcess,
  startReleaseProcess,
  waitFor,
} from "../production/release";

/** The kitchen: every ticket it got, by Idempotency-Key (the event's id), and how often it came. */
export interface Kitchen {
  url: string;
  tickets: Map<string, { orderId: string; received: number; firstAt: number }>;
  close(): Promise<void>;
}

async function startKitchen(): Promise<Kitchen> {
  const tickets: Kitchen["tickets"] = new Map();
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const key = String(request.headers["idempotency-key"]);
    const { orderId } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { orderId: string };
    const seen = tickets.get(key);
    tickets.set(key, { orderId, received: (seen?.received ?? 0) + 1, firstAt: seen?.firstAt ?? Date.now() });
    response.writeHead(200).end("printed");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tickets`,
    tickets,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface AppInstance {
  name: string;
  port: number;
  process: ReleaseProcess;
}

interface WorkerInstance {
  name: string;
  group: "settlement" | "general";
  process: ReleaseProcess;
}

/**
 * Optional pieces of the topology (a PostgreSQL streaming replica for the console's reads, PgBouncer
 * in transaction pooling): what the app's processes are told, and how to pause the replica.
 */
export interface DatabaseTier {
  /** DATABASE_URL of the app and the workers (PgBouncer's when it is in front). */
  url: string;
  /** Extra settings (DATABASE_POOLER, DATABASE_DIRECT_URL, DATABASE_REPLICA_URL). */
  env: Record<string, string>;
  /** What is in front of or beside the primary, for the report. */
  pieces: string[];
  replica?: { pause(): Promise<void>; resume(): Promise<void> };
  /** Called once the test database is dropped. */
  stop(): Promise<void>;
}

export interface Stack {
  db: TestDatabase;
  sandbox: TestSandbox;
  cluster: LocalCluster;
  haproxy: RunningHaproxy;
  kitchen: Kitchen;
  database: DatabaseTier;
  apps: AppInstance[];
  workers: WorkerInstance[];
  /** The one public address (HAProxy): the mini program, the console and the wallet's notifications. */
  url: string;
  nextAuthSecret: string;
  processes(): ReleaseProcess[];
  stop(): Promise<void>;
}

const APP_COUNT = 3;

function settingsOf(input: {
  db: DatabaseTier;
  sandbox: TestSandbox;
  cluster: LocalCluster;
  kitchen: Kitchen;
  publicUrl: string;
  secrets: Record<string, string>;
}): ProductionEnv {
  return {
    ...input.secrets,
    ...input.db.env,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PUBLIC_BASE_URL: input.publicUrl,
    DATABASE_URL: input.db.url,
    REDIS_CLUSTER_NODES: input.cluster.topology.nodes.map((node) => `${node.host}:${node.port}`).join(","),
    WALLET_BASE_URL: input.sandbox.url,
    WALLET_CLIENT_ID: input.sandbox.merchant.clientId,
    MERCHANT_PRIVATE_KEY: input.sandbox.merchant.privateKeyPem,
    WALLET_PUBLIC_KEY: input.sandbox.walletPublicKeyPem,
    KITCHEN_TICKET_URL: input.kitchen.url,
    WORKER_SCAN_EVERY_SECONDS: "1",
    // HAProxy appends the address it saw; the load's clients say theirs in X-Forwarded-For, as a
    // cloud load balancer in front of HAProxy would (docs/deployment.md).
    TRUSTED_PROXY_HOPS: "2",
  };
}

export async function startStack(
  release: InstalledRelease,
  databaseTier: () => Promise<{ db: TestDatabase; tier: DatabaseTier }>,
): Promise<Stack> {
  const [{ db, tier: database }, sandbox, cluster, kitchen] = await Promise.all([
    databaseTier(),
    startTestSandbox(),
    startRedisCluster(),
    startKitchen(),
  ]);
  await seedDemoCatalog(db.prisma);
  const secrets = {
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SESSION_SECRET: randomBytes(32).toString("base64"),
    NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
  };
  const ports = await Promise.all(Array.from({ length: APP_COUNT }, () => freePort()));
  // HAProxy's port is known only once it listens: the apps start after it, told its address; its
  // health checks take them into rotation when they are up.
  const stack = { db, sandbox, cluster, kitchen, database, apps: [], workers: [] } as unknown as Stack;
  const all: ReleaseProcess[] = [];
  stack.processes = () => all;
  stack.nextAuthSecret = secrets.NEXTAUTH_SECRET;
  stack.stop = async () => {
    await Promise.all(all.map((started) => started.stop("SIGKILL")));
    await stack.haproxy?.stop();
    await Promise.all([sandbox.close(), kitchen.close(), cluster.stop()]);
    await db.drop();
    await database.stop();
  };
  try {
    stack.haproxy = await startHaproxy(
      ports.map((port, index) => ({ name: `app-${index + 1}`, port })),
      { waitForBackend: false },
    );
    stack.url = stack.haproxy.url;
    const env = settingsOf({ db: database, sandbox, cluster, kitchen, publicUrl: stack.url, secrets });
    const start = (name: string, args: string[], extra: Record<string, string> = {}) => {
      const started = startReleaseProcess(release, name, args, { ...env, ...extra });
      all.push(started);
      return started;
    };
    stack.apps = ports.map((port, index) => ({
      name: `app-${index + 1}`,
      port,
      process: start(`app-${index + 1}`, ["server.js"], { PORT: String(port), HOSTNAME: "127.0.0.1" }),
    }));
    for (const group of ["settlement", "general"] as const) {
      for (const index of [1, 2]) {
        const name = `workers-${group}-${index}`;
        stack.workers.push({ name, group, process: start(name, ["dist/workers.mjs", group]) });
      }
    }
    await Promise.all(stack.apps.map((app) => appReady(app, all)));
    await waitFor(
      "HAProxy to route to the app",
      async () => ((await fetch(`${stack.url}/api/health/ready`)).ok ? true : undefined),
      { processes: all },
    );
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}

function appReady(app: AppInstance, all: ReleaseProcess[]) {
  return waitFor(
    `${app.name} to be ready`,
    async () => ((await fetch(`http://127.0.0.1:${app.port}/api/health/ready`)).ok ? true : undefined),
    { processes: all, timeoutMs: 120_000 },
  );
}
