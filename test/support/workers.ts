// Helpers for worker tests on real Redis: a unique BullMQ prefix per test file (never FLUSHALL the
// shared Redis: the prefix's keys are deleted one by one at the end), a private redis-server for tests
// that restart Redis, and worker child processes (`tsx workers/main.ts`) wired to a test merchant.

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Redis } from "ioredis";
import { merchantAppEnv, sandboxWallet } from "./app-env";
import type { MerchantHarness } from "./merchant";
import { freePort } from "./ports";

export const SHARED_REDIS_URL = "redis://127.0.0.1:6379";

export function uniquePrefix(): string {
  return `test-workers-${randomBytes(5).toString("hex")}`;
}

/** Deletes every key of a BullMQ prefix (SCAN + UNLINK; other prefixes are untouched). */
export async function deletePrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

export interface PrivateRedis {
  url: string;
  port: number;
  pid(): number | undefined;
  /** Kills our redis-server (its data is not persisted) and starts a new one on the same port. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

async function waitForRedis(url: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on("error", () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return;
    } catch {
      probe.disconnect();
      if (Date.now() > deadline) throw new Error(`redis at ${url} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A redis-server child of this test process, without persistence: a restart comes back empty. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    await waitForRedis(url);
  };
  const kill = async () => {
    const current = child;
    if (!current?.pid || current.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      current.once("exit", () => resolve());
      current.kill("SIGKILL");
    });
  };
  await launch();
  return {
    url,
    port,
    pid: () => child?.pid,
    async restart(downMs = 1_000) {
      await kill();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await launch();
    },
    stop: kill,
  };
}

export interface WorkerProcess {
  child: ChildProcess;
  output: string[];
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): void;
}

/** The environment that points `workers/main.ts` at a test merchant's database, sandbox and keys. */
export function workerEnv(
  merchant: MerchantHarness,
  options: { redisUrl: string; prefix: string; extra?: Record<string, string> },
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    ...merchantAppEnv({
      databaseUrl: merchant.db.url,
      wallet: sandboxWallet(merchant.sandbox),
      redisUrl: options.redisUrl,
      publicBaseUrl: merchant.ctx.publicBaseUrl,
      logLevel: "info",
      // The worker process reads and writes what this test process stored.
      tokenKey: merchant.ctx.tokenKey,
      sessionSecret: merchant.ctx.sessionSecret,
      extra: {
        QUEUE_PREFIX: options.prefix,
        WALLET_TIMEOUT_PAY_MS: "2000",
        WALLET_TIMEOUT_INQUIRY_MS: "2000",
        WALLET_TIMEOUT_DEFAULT_MS: "2000",
        ...options.extra,
      },
    }),
  };
}

/** `tsx workers/main.ts <queues...>` as a child process (its own process group is not needed). */
export function spawnWorkerProcess(env: Record<string, string>, queues: string[] = []): WorkerProcess {
  const root = path.resolve(import.meta.dirname, "../..");
  const child = spawn(process.execPath, ["--import", "tsx", "workers/main.ts", ...queues], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => output.push(...chunk.toString().split("\n").filter(Boolean)));
  }
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ?? code ?? -1)),
  );
  return {
    child,
    output,
    exited,
    kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** Waits until a worker process logged that it started. */
export async function waitForStart(worker: WorkerProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!worker.output.some((line) => line.includes("workers started"))) {
    if (worker.child.exitCode !== null) throw new Error(`worker exited early:\n${worker.output.join("\n")}`);
    if (Date.now() > deadline) throw new Error(`worker did not start:\n${worker.output.join("\n")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
