import "server-only";
import { getPrisma } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { ensureRedisReady, getRedis } from "@/lib/redis";
import { checkHealth, walletProbe } from "./check-health";

/** Database, Redis and wallet reachability of this deployment. */
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
    wallet: async () => ({
      ...(await walletProbe(env.wallet.baseUrl)()),
      baseUrl: env.wallet.baseUrl,
      sandbox: env.wallet.usesSandbox,
    }),
  });
}
