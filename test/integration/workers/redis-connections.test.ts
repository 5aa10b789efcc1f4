// How many Redis connections a worker process holds: each Worker needs its own blocking connection
// (BZPOPMIN waits on it), but their ordinary commands share one connection, and the producer has
// its own. All queues: one per queue, plus two. Counted on a private redis-server, where the
// workers started here are the only clients besides the probe; every one is let go on close().
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, it } from "vitest";
import { QUEUE_NAMES } from "@/lib/platform/queue/definitions";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { waitUntil } from "@/test/support/wait";
import { type PrivateRedis, startPrivateRedis } from "@/test/support/workers";
import { startWorkers } from "@/workers/start";

let merchant: MerchantHarness;
let redis: PrivateRedis;
let probe: Redis;

beforeAll(async () => {
  [merchant, redis] = await Promise.all([startMerchant(), startPrivateRedis()]);
  probe = new Redis(redis.url, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  probe?.disconnect();
  await redis?.stop();
  await merchant?.close();
});

/** Clients connected to the private Redis, the probe left out. */
async function workerClients(): Promise<number> {
  const list = (await probe.client("LIST")) as string;
  const own = String(await probe.client("ID"));
  return list.split("\n").filter((line) => line.startsWith("id=") && !line.startsWith(`id=${own} `)).length;
}

it("opens one blocking connection per queue, one shared connection for the Workers and one producer", {
  timeout: 60_000,
}, async () => {
  const running = await startWorkers({
    ctx: merchant.ctx,
    redis: redis.url,
    prefix: "connections",
    queues: QUEUE_NAMES,
    schedules: false,
  });
  try {
    await Promise.all(running.workers.map((worker) => worker.waitUntilReady()));
    const expected = QUEUE_NAMES.length + 2;
    // Blocking connections connect as each Worker starts fetching: wait for them to settle.
    await waitUntil(async () => (await workerClients()) >= expected, {
      timeoutMs: 20_000,
      what: `${expected} clients`,
    });
    expect(await workerClients()).toBe(expected);
  } finally {
    await running.close();
  }
  await waitUntil(async () => (await workerClients()) === 0, {
    timeoutMs: 10_000,
    what: "every client gone",
  });
});
