// `npm run dev`: everything a developer needs, on this machine's PostgreSQL and Redis.
//   1. configuration (generates local keys and secrets on the first run),
//   2. the database (created if missing) and its migrations,
//   3. the wallet sandbox, when no real wallet is configured, with our merchant registered in it,
//   4. the Next.js app and the background workers,
// each as its own process with prefixed output. Ctrl-C stops them all.
import { type ChildProcess, spawn } from "node:child_process";
import { createPublicKey } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureFirstAdmin } from "../lib/auth/first-admin";
import { describeCatalogSeed, seedDemoCatalog } from "../lib/catalog/seed-catalog";
import { createPrismaClient } from "../lib/db/client";
import { migrateDatabase } from "../lib/db/migrate-database";
import { getEnv } from "../lib/env";
import { childEnv, prefixLines } from "./child-output";

const env = getEnv();
const children: { name: string; child: ChildProcess }[] = [];
let stopping = false;

function start(name: string, command: string, args: string[], extraEnv: Record<string, string> = {}) {
  const child = spawn(command, args, {
    env: childEnv(extraEnv),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // own process group, so a stop reaches the whole tree (next dev forks)
  });
  const prefix = `[${name}]`.padEnd(10);
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) prefixLines(stream, name, (text) => process.stdout.write(text));
  }
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`${prefix} exited (${signal ?? code}); stopping everything`);
    void stop(code ?? 1);
  });
  children.push({ name, child });
  return child;
}

async function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  }
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            if (child.pid) process.kill(-child.pid, "SIGKILL");
            resolve();
          }, 10_000);
          child.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
        }),
    ),
  );
  process.exit(exitCode);
}

process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Registers our Client-Id and public key with the sandbox and keeps its public key for verification. */
async function registerWithSandbox(): Promise<void> {
  const publicKeyPem = createPublicKey(env.wallet.privateKey)
    .export({ type: "spki", format: "pem" })
    .toString();
  const response = await fetch(new URL("/sandbox/merchants", env.wallet.baseUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ clientId: env.wallet.clientId, publicKeyPem }),
  });
  if (!response.ok)
    throw new Error(`sandbox registration failed: HTTP ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as { walletPublicKeyPem?: string };
  if (!answer.walletPublicKeyPem) throw new Error("sandbox registration answered without walletPublicKeyPem");
  const file = path.join(env.localDir, "keys", "wallet-public.pem");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, answer.walletPublicKeyPem);
  console.log(
    `[dev]      merchant ${env.wallet.clientId} registered with the sandbox; wallet key in ${file}`,
  );
}

async function main() {
  console.log(`[dev]      database ${env.databaseUrl.replace(/\/\/[^@]*@/, "//")}`);
  const migrated = await migrateDatabase(env.databaseUrl);
  console.log(
    `[dev]      migrations: ${migrated.applied.length} applied, ${migrated.skipped.length} already there`,
  );
  const prisma = createPrismaClient(env.databaseUrl);
  const seeded = await seedDemoCatalog(prisma);
  const firstAdmin = await ensureFirstAdmin(prisma);
  await prisma.$disconnect();
  for (const line of describeCatalogSeed(seeded)) console.log(`[dev]      ${line}`);

  const tsx = path.resolve("node_modules/.bin/tsx");
  if (env.wallet.usesSandbox) {
    start("sandbox", tsx, ["sandbox/main.ts"], { SANDBOX_PORT: String(env.sandboxPort) });
    await waitForHttp(`${env.wallet.baseUrl}/`, 60_000);
    await registerWithSandbox();
  } else {
    console.log(
      `[dev]      wallet: ${env.wallet.baseUrl} (WALLET_BASE_URL is set; the sandbox is not started)`,
    );
  }

  start("app", path.resolve("node_modules/.bin/next"), ["dev", "--port", String(env.port)], {
    NEXT_TELEMETRY_DISABLED: "1",
  });
  if (existsSync("workers/main.ts")) start("workers", tsx, ["workers/main.ts"]);

  await waitForHttp(`http://127.0.0.1:${env.port}/api/health`, 120_000);
  const health = await fetch(`http://127.0.0.1:${env.port}/api/health`).then((response) => response.json());
  console.log(`[dev]      health: ${JSON.stringify(health.checks ? health.status : health)}`);
  console.log(`[dev]      app      http://127.0.0.1:${env.port}`);
  console.log(`[dev]      console  http://127.0.0.1:${env.port}/admin`);
  if (firstAdmin) {
    // Shown this once: the database keeps only the hash.
    console.log(
      `[dev]      first admin created: ${firstAdmin.email} / ${firstAdmin.password} (shown only now)`,
    );
  }
  if (env.wallet.usesSandbox) {
    console.log(`[dev]      sandbox  ${env.wallet.baseUrl}`);
    const app = encodeURIComponent(`http://127.0.0.1:${env.port}`);
    console.log(
      `[dev]      try it   ${env.wallet.baseUrl}/simulator?app=${app}  (the mini program simulator)`,
    );
  }
}

main().catch((error) => {
  console.error(`[dev]      ${error instanceof Error ? error.message : error}`);
  void stop(1);
});

// Keep the folder for generated files around even before anything writes there.
mkdirSync(env.localDir, { recursive: true });
