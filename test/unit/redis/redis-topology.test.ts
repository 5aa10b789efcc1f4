// The Redis topology settings (one server, a cluster's seed nodes, a Sentinel-managed primary) and
// the per-queue hash tags BullMQ needs on a cluster.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/platform/env";
import { parseClusterInfo } from "@/lib/platform/health/redis-probe";
import { QUEUE_NAMES } from "@/lib/platform/queue/definitions";
import { queuePrefixOf } from "@/lib/platform/queue/queue-prefix";

const freshDir = () => mkdtempSync(path.join(tmpdir(), "redis-topology-test-"));
const topologyOf = (source: Record<string, string>) => parseEnv(source, { cwd: freshDir() }).redis;

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source, { cwd: freshDir() });
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("Redis topology settings", () => {
  it("is one server at REDIS_URL when nothing else is set", () => {
    expect(topologyOf({})).toEqual({ kind: "single", url: "redis://127.0.0.1:6379" });
    expect(topologyOf({ REDIS_URL: "redis://cache:6380", REDIS_CLUSTER_NODES: " " })).toEqual({
      kind: "single",
      url: "redis://cache:6380",
    });
  });

  it.each([
    ["10.0.0.1:6379", [{ host: "10.0.0.1", port: 6379 }]],
    [
      "redis-0.redis:7000, redis-1.redis:7001 ,redis-2.redis:7002",
      [
        { host: "redis-0.redis", port: 7000 },
        { host: "redis-1.redis", port: 7001 },
        { host: "redis-2.redis", port: 7002 },
      ],
    ],
    [
      "[fd00::1]:6379,localhost:1",
      [
        { host: "fd00::1", port: 6379 },
        { host: "localhost", port: 1 },
      ],
    ],
  ])("reads the cluster's seed nodes %s", (list, nodes) => {
    expect(topologyOf({ REDIS_CLUSTER_NODES: list, REDIS_URL: "rediss://u:p@x:1" })).toEqual({
      kind: "cluster",
      nodes,
      url: "rediss://u:p@x:1",
    });
  });

  it("reads the sentinels and the primary's name", () => {
    expect(
      topologyOf({ REDIS_SENTINELS: "s1:26379,s2:26380", REDIS_SENTINEL_NAME: "mymaster" }),
    ).toMatchObject({
      kind: "sentinel",
      name: "mymaster",
      sentinels: [
        { host: "s1", port: 26379 },
        { host: "s2", port: 26380 },
      ],
    });
  });

  it.each([
    [{ REDIS_CLUSTER_NODES: "10.0.0.1" }, 'REDIS_CLUSTER_NODES: "10.0.0.1" is not host:port'],
    [{ REDIS_CLUSTER_NODES: "a:1,,b:2" }, 'REDIS_CLUSTER_NODES: "" is not host:port'],
    [{ REDIS_CLUSTER_NODES: "a:70000" }, 'REDIS_CLUSTER_NODES: "a:70000" is not host:port'],
    [{ REDIS_CLUSTER_NODES: "redis://a:1" }, 'REDIS_CLUSTER_NODES: "redis://a:1" is not host:port'],
    [{ REDIS_CLUSTER_NODES: "a:0" }, 'REDIS_CLUSTER_NODES: "a:0" is not host:port'],
    [{ REDIS_SENTINELS: "s1:26379" }, "REDIS_SENTINEL_NAME: required with REDIS_SENTINELS"],
    [{ REDIS_SENTINELS: "s1", REDIS_SENTINEL_NAME: "m" }, 'REDIS_SENTINELS: "s1" is not host:port'],
    [{ REDIS_SENTINEL_NAME: "mymaster" }, "REDIS_SENTINEL_NAME: given without REDIS_SENTINELS"],
    [
      { REDIS_CLUSTER_NODES: "a:1", REDIS_SENTINELS: "s:2", REDIS_SENTINEL_NAME: "m" },
      "REDIS_CLUSTER_NODES and REDIS_SENTINELS: set one of them, not both",
    ],
  ])("refuses %j", (source, problem) => {
    expect(problemsOf(source as Record<string, string>).join("\n")).toContain(problem);
  });

  it("in production, a cluster or sentinels stand in for REDIS_URL", () => {
    const required = (source: Record<string, string>) =>
      problemsOf({ NODE_ENV: "production", ...source }).filter((problem) => problem.startsWith("REDIS"));
    expect(required({})).toEqual([
      "REDIS_URL (or REDIS_CLUSTER_NODES or REDIS_SENTINELS): required in production",
    ]);
    expect(required({ REDIS_CLUSTER_NODES: "a:1" })).toEqual([]);
    expect(required({ REDIS_SENTINELS: "s:1", REDIS_SENTINEL_NAME: "m" })).toEqual([]);
  });
});

describe("queue prefixes", () => {
  it.each([
    ["bull", "refund-poll", "{bull-refund-poll}"],
    ["{bull}", "reconcile", "{bull-reconcile}"],
    ["shop-{jobs}", "refund-poll", "shop-{jobs-refund-poll}"],
    ["{shop.v2}-jobs", "maintenance", "{shop.v2-maintenance}-jobs"],
  ] as const)("on a cluster, %s gives %s the prefix %s", (prefix, name, expected) => {
    expect(queuePrefixOf(prefix, name, true)).toBe(expected);
  });

  it("on a cluster, gives every queue a different hash tag", () => {
    const tags = QUEUE_NAMES.map((name) => /\{([^}]+)\}/.exec(queuePrefixOf("bull", name, true))?.[1]);
    expect(new Set(tags).size).toBe(QUEUE_NAMES.length);
  });

  it.each(["bull", "{bull}", "shop-{jobs}"])(
    "elsewhere keeps %s as it is (jobs already waiting keep their keys)",
    (prefix) => {
      for (const name of QUEUE_NAMES) expect(queuePrefixOf(prefix, name, false)).toBe(prefix);
    },
  );
});

describe("CLUSTER INFO", () => {
  it("reads its fields, CRLF or not", () => {
    const text = "cluster_state:fail\r\ncluster_slots_ok:10923\r\ncluster_size:3\r\n";
    expect(parseClusterInfo(text)).toMatchObject({
      cluster_state: "fail",
      cluster_slots_ok: "10923",
      cluster_size: "3",
    });
    expect(parseClusterInfo("cluster_state:ok\ncluster_known_nodes:6")).toEqual({
      cluster_state: "ok",
      cluster_known_nodes: "6",
    });
  });
});
