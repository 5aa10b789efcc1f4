// Which worker processes serve which queues in production, named once. `node dist/workers.mjs
// settlement` (or WORKERS=general) starts a group; compose.production.yml and the README's going-live
// commands use these names, and a test checks that the groups they start cover every queue.
import { QUEUE_NAMES, QUEUES, type QueueName } from "./definitions";

/** Queues that settle money with the wallet: unknown outcomes, refunds in process, expired orders. */
const SETTLEMENT: readonly QueueName[] = [QUEUES.reconcile, QUEUES.refundPoll, QUEUES.expiry];

/**
 * In every group: the events worker runs the fork's hooks, so a deployment that starts any group
 * delivers them, and one that starts both has two delivering side by side (claims never overlap).
 */
const EVERY_GROUP: readonly QueueName[] = [QUEUES.events];

export const WORKER_GROUPS = {
  settlement: [...SETTLEMENT, ...EVERY_GROUP],
  // Everything else, derived: a queue a fork adds runs here until it is given a group of its own.
  general: QUEUE_NAMES.filter((name) => !SETTLEMENT.includes(name)),
} as const satisfies Record<string, readonly QueueName[]>;

type WorkerGroup = keyof typeof WORKER_GROUPS;

function isWorkerGroup(name: string): name is WorkerGroup {
  return Object.hasOwn(WORKER_GROUPS, name);
}

/**
 * The queues that names (queue or group names, as given to the workers command) stand for, each once;
 * names that are neither are returned apart.
 */
export function resolveQueueNames(names: readonly string[]): { queues: QueueName[]; unknown: string[] } {
  const queues = new Set<QueueName>();
  const unknown: string[] = [];
  for (const name of names) {
    if (isWorkerGroup(name)) for (const queue of WORKER_GROUPS[name]) queues.add(queue);
    else if ((QUEUE_NAMES as readonly string[]).includes(name)) queues.add(name as QueueName);
    else unknown.push(name);
  }
  return { queues: [...queues], unknown };
}
