// A real Redis Cluster for tests: six redis-server children of this test process (three primaries,
// three replicas; no persistence), each in its own temporary folder, joined by
// `redis-cli --cluster create`. A short node timeout makes a replica take over a killed primary in
// a couple of seconds. Only these processes are ever killed, by their own pids.

import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import type { RedisTopology } from "@/lib/platform/config/redis-topology";

const run = promisify(execFile);
const NODE_TIMEOUT_MS = 1_000;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port P with P and its cluster bus port P + 10000 free (ephemeral ports can exceed 55535). */
async function freeClusterPort(taken: Set<number>): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if (taken.has(port) || taken.has(port + 10_000)) continue;
    if ((await portIsFree(port)) && (await portIsFree(port + 10_000))) {
      taken.add(port);
      taken.add(port + 10_000);
      return port;
    }
  }
}

async function clusterInfo(port: number): Promise<string> {
  const { stdout } = await run("redis-cli", ["-p", String(port), "cluster", "info"]);
  return stdout;
}

export interface LocalCluster {
  ports: number[];
  topology: RedisTopology & { kind: "cluster" };
  /** The port of the primary that serves `key`'s slot now. */
  primaryPortOf(key: string): Promise<number>;
  /** SIGKILLs the server on `port`; resolves when it has exited. */
  kill(port: number): Promise<void>;
  /**
   * Keeps the replicas of the primary on `port` from taking over until the returned function is
   * called: a slow takeover (a loaded host, or production's 15 s `cluster-node-timeout`), during
   * which every node answers CLUSTERDOWN once the primary is marked failed.
   */
  holdTakeover(port: number): Promise<() => Promise<void>>;
  /** Resolves when every running node reports `cluster_state:ok`. */
  waitUntilHealthy(timeoutMs?: number): Promise<void>;
  /** Resolves when the killed primary on `port` serves no slot any more and the cluster is whole. */
  waitUntilTakenOver(port: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`redis cluster: ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function startNode(port: number, dir: string): ChildProcess {
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--cluster-enabled", "yes"];
  args.push("--cluster-config-file", "nodes.conf", "--cluster-node-timeout", String(NODE_TIMEOUT_MS));
  args.push("--save", "", "--appendonly", "no");
  // A replica held back from a takeover (holdTakeover) still takes over however long it waited.
  args.push("--cluster-replica-validity-factor", "0");
  return spawn("redis-server", args, { stdio: "ignore" });
}

export async function startRedisCluster(): Promise<LocalCluster> {
  const taken = new Set<number>();
  const ports: number[] = [];
  for (let index = 0; index < 6; index++) ports.push(await freeClusterPort(taken));
  const dirs = ports.map((port) => mkdtempSync(path.join(tmpdir(), `redis-cluster-${port}-`)));
  const children = new Map(ports.map((port, index) => [port, startNode(port, dirs[index] as string)]));
  // A child killed by a signal keeps exitCode null: ask for both.
  const running = (child: ChildProcess | undefined) => child?.exitCode === null && child.signalCode === null;
  const alive = () => [...children.keys()].filter((port) => running(children.get(port)));
  const healthy = async () => {
    for (const port of alive()) if (!(await clusterInfo(port)).includes("cluster_state:ok")) return false;
    return true;
  };
  /** Whether a running node still names `port` as a primary serving slots. */
  const servesSlots = async (port: number) => {
    const { stdout } = await run("redis-cli", ["-p", String(alive()[0]), "cluster", "slots"]);
    return stdout.split("\n").some((line) => line.trim() === String(port));
  };
  // Never leave a server behind, even if the test process ends without its afterAll.
  const killAll = () => {
    for (const child of children.values()) if (running(child)) child.kill("SIGKILL");
  };
  process.once("exit", killAll);
  const cluster: LocalCluster = {
    ports,
    topology: {
      kind: "cluster",
      nodes: ports.slice(0, 3).map((port) => ({ host: "127.0.0.1", port })),
      url: "",
    },
    async primaryPortOf(key) {
      const probe = new Redis(alive()[0] as number, "127.0.0.1");
      try {
        const slot = Number(await probe.cluster("KEYSLOT", key));
        const ranges = await probe.cluster("SLOTS");
        const range = ranges.find(([from, to]) => slot >= from && slot <= to);
        if (!range?.[2]) throw new Error(`no primary serves slot ${slot}`);
        return range[2][1];
      } finally {
        probe.disconnect();
      }
    },
    async kill(port) {
      const child = children.get(port);
      if (!child || !running(child)) return;
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      });
    },
    async holdTakeover(port) {
      const { stdout } = await run("redis-cli", ["-p", String(port), "cluster", "myid"]);
      const primaryId = stdout.trim();
      const { stdout: nodes } = await run("redis-cli", ["-p", String(port), "cluster", "nodes"]);
      // `<id> <host:port@bus> <flags> <primary id> …`: the replicas name their primary's id.
      const replicas = nodes
        .split("\n")
        .map((line) => line.split(" "))
        .filter((fields) => fields[3] === primaryId)
        .map((fields) => Number(/:(\d+)@/.exec(fields[1] ?? "")?.[1]));
      const setNoFailover = (value: "yes" | "no") =>
        Promise.all(
          replicas.map((replica) =>
            run("redis-cli", ["-p", String(replica), "config", "set", "cluster-replica-no-failover", value]),
          ),
        );
      await setNoFailover("yes");
      return async () => {
        await setNoFailover("no");
      };
    },
    waitUntilHealthy: (timeoutMs = 20_000) => waitFor("healthy", healthy, timeoutMs),
    waitUntilTakenOver: (port, timeoutMs = 30_000) =>
      waitFor(
        `a replica in place of ${port}`,
        async () => (await servesSlots(port)) === false && (await healthy()),
        timeoutMs,
      ),
    async stop() {
      await Promise.all(ports.map((port) => cluster.kill(port)));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await waitFor(
      "nodes started",
      async () => {
        for (const port of ports) await clusterInfo(port);
        return true;
      },
      10_000,
    );
    const addresses = ports.map((port) => `127.0.0.1:${port}`);
    await run("redis-cli", ["--cluster", "create", ...addresses, "--cluster-replicas", "1", "--cluster-yes"]);
    await cluster.waitUntilHealthy();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
