// Which Redis the deployment talks to: one server (REDIS_URL, as always), a Redis Cluster given by
// some of its nodes (REDIS_CLUSTER_NODES: the client learns the rest and follows MOVED/ASK), or a
// primary that Sentinel watches (REDIS_SENTINELS + REDIS_SENTINEL_NAME: the client asks the
// sentinels where the primary is now, and asks again after a failover). With a cluster or Sentinel,
// REDIS_URL only lends its user name, password and `rediss:` (TLS) to every node.

interface RedisNode {
  host: string;
  port: number;
}

export type RedisTopology =
  | { kind: "single"; url: string }
  | { kind: "cluster"; nodes: RedisNode[]; url: string }
  | { kind: "sentinel"; sentinels: RedisNode[]; name: string; url: string };

export interface RedisTopologySettings {
  REDIS_URL: string;
  REDIS_CLUSTER_NODES?: string | undefined;
  REDIS_SENTINELS?: string | undefined;
  REDIS_SENTINEL_NAME?: string | undefined;
}

// host:port, the host a name, an IPv4 address or a bracketed IPv6 one.
const NODE_PATTERN = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?):(\d{1,5})$/;

/** `host:port,host:port` as nodes; each entry that is not one is a problem named after `variable`. */
function parseNodes(variable: string, list: string, problems: string[]): RedisNode[] {
  const nodes: RedisNode[] = [];
  for (const entry of list.split(",").map((value) => value.trim())) {
    const match = NODE_PATTERN.exec(entry);
    const port = Number(match?.[2]);
    if (!match || port < 1 || port > 65_535) {
      problems.push(`${variable}: "${entry}" is not host:port`);
      continue;
    }
    nodes.push({ host: (match[1] as string).replace(/^\[|\]$/g, ""), port });
  }
  return nodes;
}

/** The topology the settings describe; problems (bad entries, two topologies at once) are appended. */
export function redisTopologyOf(settings: RedisTopologySettings, problems: string[]): RedisTopology {
  const url = settings.REDIS_URL;
  const cluster = settings.REDIS_CLUSTER_NODES?.trim();
  const sentinels = settings.REDIS_SENTINELS?.trim();
  const name = settings.REDIS_SENTINEL_NAME?.trim();
  if (cluster && sentinels) {
    problems.push("REDIS_CLUSTER_NODES and REDIS_SENTINELS: set one of them, not both");
  }
  if (cluster) return { kind: "cluster", nodes: parseNodes("REDIS_CLUSTER_NODES", cluster, problems), url };
  if (sentinels) {
    if (!name) problems.push("REDIS_SENTINEL_NAME: required with REDIS_SENTINELS (the primary's name)");
    const nodes = parseNodes("REDIS_SENTINELS", sentinels, problems);
    return { kind: "sentinel", sentinels: nodes, name: name ?? "", url };
  }
  if (name) problems.push("REDIS_SENTINEL_NAME: given without REDIS_SENTINELS");
  return { kind: "single", url };
}
