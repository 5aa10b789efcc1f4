// BullMQ's scripts touch several keys of a queue at once, which Redis Cluster allows only when they
// hash to one slot. So on a cluster every queue gets its own hash tag, made from the configured
// prefix and its name (`bull` → `{bull-refund-poll}`, `shop-{jobs}` → `shop-{jobs-refund-poll}`):
// one queue's keys share a slot, and different queues spread over the shards (BullMQ's advice; one
// tag for all queues would put every queue on one shard). On one server or behind Sentinel the
// prefix is used as given, so the keys of jobs already waiting stay where they are.
import type { QueueName } from "./definitions";

const HASH_TAG = /\{([^{}]+)\}/;

/** The BullMQ prefix of queue `name`: per-queue hash tag on a cluster, `prefix` as given elsewhere. */
export function queuePrefixOf(prefix: string, name: QueueName, clustered: boolean): string {
  if (!clustered) return prefix;
  if (HASH_TAG.test(prefix)) return prefix.replace(HASH_TAG, (_, tag: string) => `{${tag}-${name}}`);
  return `{${prefix}-${name}}`;
}
