// What `npm run dev` and `npm start` share: their child processes, each with its output prefixed by
// its name (one exiting stops them all; Ctrl-C stops them all), the database made ready (created,
// migrated, seeded, a first admin), the wallet sandbox started and our merchant registered with it,
// and the lines that tell a newcomer where everything is.
import { type ChildProcess, spawn } from "node:child_process";
import { createPublicKey } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureFirstAdmin } from "@/lib/operators/sign-in/first-admin";
import { describeCatalogSeed, seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { createPrismaClient } from "@/lib/platform/db/client";
import { migrateDatabase } from "@/lib/platform/db/migrate-database";
import { migrationUrl } from "@/lib/platform/db/pooler";
import type { Env } from "@/lib/platform/env";
import { childEnv, prefixLines } from "./child-output";
import { startMailCatcher } from "./mail-catcher";

let ownName = "dev";

/** Names this script's own lines: `[dev]` or `[start]`. */
export function nameOwnLines(name: string): void {
  ownName = name;
}

/** A line of our own, aligned with the children's prefixed lines. */
export function say(line: string): void {
  console.log(`${`[${ownName}]`.padEnd(10)} ${line}`);
}

/** Runs a child so that it dies with this process, whatever kills it (scripts/lifeline.mjs). */
const LIFELINE = path.join(import.meta.dirname, "lifeline.mjs");

/**
 * Child processes started and stopped together. Each runs in a process group of its own, so a stop
 * reaches the whole tree (next dev forks), behind a lifeline that ends that group when this process
 * dies without stopping it (SIGKILL, the OOM killer): nothing is left holding the ports.
 */
export class ProcessGroup {
  private readonly children: { name: string; child: ChildProcess }[] = [];
  private stopping = false;

  constructor() {
    // SIGHUP: the terminal was closed.
    for (const name of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(name, () => void this.stop(0));
  }

  start(name: string, command: string, args: string[], extraEnv: Record<string, string> = {}): ChildProcess {
    const child = spawn(process.execPath, [LIFELINE, command, ...args], {
      env: childEnv(extraEnv),
      // stdin is the lifeline: never written, closed by the kernel when this process dies.
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    child.stdin?.on("error", () => undefined);
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) prefixLines(stream, name, (text) => process.stdout.write(text));
    }
    child.on("exit", (code, signal) => {
      if (this.stopping) return;
      console.error(`${`[${name}]`.padEnd(10)} exited (${signal ?? code}); stopping everything`);
      void this.stop(code ?? 1);
    });
    this.children.push({ name, child });
    return child;
  }

  async stop(exitCode = 0): Promise<never> {
    if (!this.stopping) {
      this.stopping = true;
      for (const { child } of this.children) signal(child, "SIGTERM");
      await Promise.all(this.children.map(({ child }) => exited(child, 10_000)));
    }
    process.exit(exitCode);
  }
}

function signal(child: ChildProcess, name: NodeJS.Signals): void {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, name);
  } catch {
    // already gone
  }
}

/** Resolves when the child has exited; after `graceMs` its whole group is killed. */
function exited(child: ChildProcess, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      signal(child, "SIGKILL");
      resolve();
    }, graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const isEveryInterface = (host: string) => host === "0.0.0.0" || host === "::" || host === "[::]";

/**
 * Where this machine reaches the app: its HOST (127.0.0.1 unless told otherwise), or loopback when
 * HOST is every interface.
 */
export function localAppUrl(env: Env): string {
  if (isEveryInterface(env.host)) return `http://127.0.0.1:${env.port}`;
  const host = env.host.includes(":") && !env.host.startsWith("[") ? `[${env.host}]` : env.host;
  return `http://${host}:${env.port}`;
}

/** Waits until `url` gives any HTTP answer. */
export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
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

/**
 * Creates and migrates the database, adds the demo catalog's missing products and, on an empty
 * operators table, a first admin. Its password is returned to be shown once: only the hash is kept.
 */
export async function prepareDatabase(env: Env): Promise<{ email: string; password: string } | null> {
  say(`database ${env.databaseUrl.replace(/\/\/[^@]*@/, "//")}`);
  const migrated = await migrateDatabase(
    migrationUrl({
      databaseUrl: env.databaseUrl,
      directUrl: env.databaseDirectUrl,
      pooler: env.databasePooler,
    }),
  );
  say(`migrations: ${migrated.applied.length} applied, ${migrated.skipped.length} already there`);
  const prisma = createPrismaClient(env.databaseUrl, env.databasePooler);
  try {
    const seeded = await seedDemoCatalog(prisma);
    for (const line of describeCatalogSeed(seeded)) say(line);
    return await ensureFirstAdmin(prisma);
  } finally {
    await prisma.$disconnect();
  }
}

/**
 * Starts the sandbox (state in SANDBOX_DATA_DIR, default .sandbox-data/), registers our Client-Id and
 * public key with it under WALLET_KEY_VERSION, and keeps its public key where the app and workers
 * read it. Returns that key (PEM).
 */
export async function startSandbox(group: ProcessGroup, env: Env): Promise<string> {
  const tsx = path.resolve("node_modules/.bin/tsx");
  group.start("sandbox", tsx, ["sandbox/main.ts"], { SANDBOX_PORT: String(env.sandboxPort) });
  await waitForHttp(`${env.wallet.baseUrl}/`, 60_000);
  const publicKeyPem = createPublicKey(env.wallet.privateKey)
    .export({ type: "spki", format: "pem" })
    .toString();
  const response = await fetch(new URL("/sandbox/merchants", env.wallet.baseUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ clientId: env.wallet.clientId, publicKeyPem, keyVersion: env.wallet.keyVersion }),
  });
  if (!response.ok) {
    throw new Error(`sandbox registration failed: HTTP ${response.status} ${await response.text()}`);
  }
  const answer = (await response.json()) as { walletPublicKeyPem?: string };
  if (!answer.walletPublicKeyPem) throw new Error("sandbox registration answered without walletPublicKeyPem");
  const file = path.join(env.localDir, "keys", "wallet-public.pem");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, answer.walletPublicKeyPem);
  say(`merchant ${env.wallet.clientId} registered with the sandbox; wallet key in ${file}`);
  return answer.walletPublicKeyPem;
}

/** The wallet container's address with the reference mini program in it, talking to the app. */
export function containerAddress(env: Env): string {
  const miniProgram = `http://127.0.0.1:${env.miniProgram.port}/?api=${encodeURIComponent(`http://127.0.0.1:${env.port}`)}`;
  return `${env.wallet.baseUrl}/container?app=${encodeURIComponent(miniProgram)}`;
}

/**
 * The closing lines: first, under `npm run dev` with the sandbox, the shop paying in a browser (the
 * reference mini program in the wallet container); then where the app, console and sandbox are, and
 * the first admin's password once.
 */
export function sayWhereEverythingIs(
  env: Env,
  firstAdmin: { email: string; password: string } | null,
  options: { miniProgram?: boolean } = {},
): void {
  if (options.miniProgram && env.wallet.usesSandbox) {
    say(`try it   ${containerAddress(env)}`);
    say("         (the reference mini program in the wallet container: buy a coffee)");
  }
  const app = localAppUrl(env);
  say(`app      ${app}`);
  say(`console  ${app}/admin`);
  if (isEveryInterface(env.host)) {
    say(`warning: HOST=${env.host}: the app and its console answer on every network this machine is on`);
  }
  if (options.miniProgram) say(`mini program  http://127.0.0.1:${env.miniProgram.port}  (miniapp/, Vite)`);
  if (firstAdmin) {
    // Shown this once: the database keeps only the hash.
    say(`first admin created: ${firstAdmin.email} / ${firstAdmin.password} (shown only now)`);
  }
  if (env.wallet.usesSandbox) say(`sandbox  ${env.wallet.baseUrl}`);
}

/**
 * Alerts' e-mail on this machine: unless SMTP_URL is set, a local catcher takes every message and
 * the console's Alerts page shows them. The settings to hand the app and the workers.
 */
export async function localMail(env: Env): Promise<Record<string, string>> {
  if (env.alerts.smtpUrl) {
    say(`alerts: e-mail through ${env.alerts.smtpUrl.replace(/\/\/[^@]*@/, "//")}`);
    return {};
  }
  const catcher = await startMailCatcher();
  say(`alerts: e-mail is caught locally (${catcher.smtpUrl}); the console's Alerts page shows it`);
  return { SMTP_URL: catcher.smtpUrl, MAIL_CATCHER_URL: catcher.httpUrl };
}
