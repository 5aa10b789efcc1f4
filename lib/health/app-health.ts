import "server-only";
import { getPrisma } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { getAppQueueMetrics } from "@/lib/queue/metrics";
import { ensureRedisReady, getRedis } from "@/lib/redis";
import { checkHealth, walletProbe } from "./check-health";

/** Database, Redis and wallet reachability of this deployment, and the job queues' backlog. */
export function checkAppHealth() {
  const env = getEnv();
  return checkHealth({
    database: async () => {
      await getPrisma().$queryRaw`SELECT 1`;
    },
    redis: async () => {
      const redis = getRedis();
      await ensureRedisReady(redis);
      await redis.ping();
    },
    // Backlog per queue (a few Redis reads, in parallel): waiting/active/delayed/failed, oldest age.
    queues: async () => {
      await ensureRedisReady(getRedis());
      return { queues: await getAppQueueMetrics() };
    },
    wallet: async () => ({
      ...(await walletProbe(env.wallet.baseUrl)()),
      baseUrl: env.wallet.baseUrl,
      sandbox: env.wallet.usesSandbox,
    }),
  });
}
