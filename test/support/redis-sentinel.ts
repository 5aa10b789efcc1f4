// A real Sentinel setup for tests: a primary, its replica and one sentinel (quorum 1) watching them,
// all redis-server children of this test process without persistence, each in its own temporary
// folder. A short down-after time makes the sentinel promote the replica a few seconds after the
// primary is killed. Only these processes are ever killed, by their own pids.

import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { RedisTopology } from "@/lib/platform/config/redis-topology";
import { freePort } from "./ports";

const run = promisify(execFile);
export const SENTINEL_PRIMARY_NAME = "shop-primary";

export interface LocalSentinel {
  topology: RedisTopology & { kind: "sentinel" };
  /** The port of the primary the sentinel names now. */
  primaryPort(): Promise<number>;
  /** SIGKILLs the server on `port`; resolves when it has exited. */
  kill(port: number): Promise<void>;
  stop(): Promise<void>;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`redis sentinel: ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const cli = async (port: number, ...args: string[]) =>
  (await run("redis-cli", ["-p", String(port), ...args])).stdout.trim();

export async function startRedisSentinel(): Promise<LocalSentinel> {
  const [primary, replica, sentinel] = [await freePort(), await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(tmpdir(), "redis-sentinel-"));
  // --dir: a replica writes the primary's snapshot to its working directory on every full sync,
  // even with --save "", so it must not be the checkout.
  const server = (port: number, ...extra: string[]) =>
    spawn(
      "redis-server",
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--save",
        "",
        "--appendonly",
        "no",
        ...extra,
      ],
      { stdio: "ignore" },
    );
  const children = new Map<number, ChildProcess>();
  children.set(primary, server(primary));
  children.set(replica, server(replica, "--replicaof", "127.0.0.1", String(primary)));
  // The sentinel rewrites its configuration file, so it gets one of its own.
  const config = path.join(dir, "sentinel.conf");
  writeFileSync(
    config,
    [
      `port ${sentinel}`,
      "bind 127.0.0.1",
      `dir ${dir}`,
      `sentinel monitor ${SENTINEL_PRIMARY_NAME} 127.0.0.1 ${primary} 1`,
      `sentinel down-after-milliseconds ${SENTINEL_PRIMARY_NAME} 1000`,
      `sentinel failover-timeout ${SENTINEL_PRIMARY_NAME} 5000`,
      "",
    ].join("\n"),
  );
  children.set(sentinel, spawn("redis-server", [config, "--sentinel"], { stdio: "ignore" }));
  const running = (child: ChildProcess | undefined) => child?.exitCode === null && child.signalCode === null;
  const killAll = () => {
    for (const child of children.values()) if (running(child)) child.kill("SIGKILL");
  };
  process.once("exit", killAll);
  const setup: LocalSentinel = {
    topology: {
      kind: "sentinel",
      sentinels: [{ host: "127.0.0.1", port: sentinel }],
      name: SENTINEL_PRIMARY_NAME,
      url: "",
    },
    async primaryPort() {
      const answer = await cli(sentinel, "sentinel", "get-master-addr-by-name", SENTINEL_PRIMARY_NAME);
      return Number(answer.split("\n")[1]);
    },
    async kill(port) {
      const child = children.get(port);
      if (!child || !running(child)) return;
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      });
    },
    async stop() {
      await Promise.all([...children.keys()].map((port) => setup.kill(port)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    // Ready when the replica has synced and the sentinel has found it.
    await waitFor(
      "replica in sync",
      async () => (await cli(replica, "info", "replication")).includes("master_link_status:up"),
      15_000,
    );
    await waitFor(
      "sentinel watching",
      async () =>
        (await cli(sentinel, "sentinel", "replicas", SENTINEL_PRIMARY_NAME)).includes(String(replica)),
      15_000,
    );
  } catch (error) {
    await setup.stop();
    throw error;
  }
  return setup;
}
