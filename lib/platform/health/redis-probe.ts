// Readiness of Redis for each topology. One server or a Sentinel-managed primary: it answers PING.
// A cluster: the node asked answers and reports `cluster_state:ok` — every slot is served by a
// primary. While a failed primary's replica has not been promoted yet the state is `fail` and the
// slots of that shard refuse commands, so the instance is not ready; the detail says how many
// primaries serve slots and how many nodes the cluster knows, for an operator watching a failover.
import type { Cluster } from "ioredis";
import type { RedisTopology } from "@/lib/platform/config/redis-topology";
import { ensureRedisReady, type RedisClient } from "@/lib/platform/redis";
import { ProbeFailure } from "./check-health";

/** `CLUSTER INFO`'s `name:value` lines as a record. */
export function parseClusterInfo(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at > 0) fields[line.slice(0, at)] = line.slice(at + 1).trim();
  }
  return fields;
}

async function probeCluster(cluster: Cluster): Promise<Record<string, unknown>> {
  const info = parseClusterInfo(String(await cluster.cluster("INFO")));
  // The node's own view (the client's node list lags a failover by up to its refresh interval).
  const detail = {
    topology: "cluster",
    clusterState: info.cluster_state ?? "unknown",
    slotsOk: Number(info.cluster_slots_ok ?? 0),
    primaries: Number(info.cluster_size ?? 0),
    knownNodes: Number(info.cluster_known_nodes ?? 0),
  };
  if (detail.clusterState !== "ok") {
    throw new ProbeFailure(`redis cluster state is ${detail.clusterState}`, "unreachable", detail);
  }
  return detail;
}

/** Probes `redis` (connecting it first); answers the detail shown to operators. */
export async function probeRedis(
  redis: RedisClient,
  topology: RedisTopology,
): Promise<Record<string, unknown>> {
  await ensureRedisReady(redis);
  if (redis.isCluster) return probeCluster(redis as Cluster);
  await redis.ping();
  return topology.kind === "sentinel"
    ? { topology: "sentinel", name: topology.name }
    : { topology: "single" };
}
