// `npm run workers`: the background workers in one process, on the process's database, Redis and
// wallet (lib/platform/env.ts). Pick queues or groups of them (lib/platform/queue/worker-groups.ts) with arguments or
// WORKERS (comma list), default all:
//   npm run workers                       # every queue
//   npm run workers -- settlement         # a group: reconcile, refund-poll, expiry
//   npm run workers -- reconcile expiry   # only these
//   WORKERS=general npm run workers
// SIGTERM/SIGINT: each worker finishes the jobs in hand, then queues, Redis and the database close.

import { hookSettings } from "@/hooks/settings";
import { getServiceContext } from "@/lib/platform/context/service-context";
import { disconnectPrisma } from "@/lib/platform/db/client";
import { getEnv } from "@/lib/platform/env";
import { startMemoryReport } from "@/lib/platform/observability/memory-report";
import { setMetricsEnabled } from "@/lib/platform/observability/metrics";
import { startTracing } from "@/lib/platform/observability/tracing";
import { QUEUE_NAMES } from "@/lib/platform/queue/definitions";
import { jobSettingsFromEnv } from "@/lib/platform/queue/settings";
import { resolveQueueNames, WORKER_GROUPS } from "@/lib/platform/queue/worker-groups";
import { startMetricsServer } from "./metrics-server";
import { startWorkers } from "./start";

const env = getEnv();
// The fork's own settings (hooks/settings.ts), checked before any job runs: a bad one stops the
// workers here, by name, rather than failing every delivery of the hook that needs it.
hookSettings();
setMetricsEnabled(env.metrics.enabled);
// Before the first job, so every job runs with tracing on when it is enabled.
const tracing = await startTracing({
  enabled: env.tracing.enabled,
  serviceName: env.tracing.serviceName ?? "wallet-merchant-workers",
});
const ctx = getServiceContext();
const logger = ctx.logger;

const requested = process.argv.length > 2 ? process.argv.slice(2) : (env.workers.queues ?? [...QUEUE_NAMES]);
const { queues, unknown } = resolveQueueNames(requested);
if (unknown.length > 0) {
  console.error(
    `unknown queue(s): ${unknown.join(", ")}; queues: ${QUEUE_NAMES.join(", ")}; groups: ${Object.keys(WORKER_GROUPS).join(", ")}`,
  );
  process.exit(2);
}

const running = await startWorkers({
  ctx,
  redis: env.redis,
  prefix: env.queuePrefix,
  queues,
  settings: jobSettingsFromEnv(env),
  concurrency: env.workers.concurrency,
  lockDurationMs: env.workers.lockDurationMs,
});
const metricsServer =
  env.metrics.enabled && env.metrics.workerPort !== undefined
    ? await startMetricsServer({
        port: env.metrics.workerPort,
        token: env.metrics.token,
        requireToken: env.isProduction,
        logger,
      })
    : undefined;
logger.info({ queues, prefix: env.queuePrefix, pid: process.pid }, "workers started");
startMemoryReport(logger, env.memoryLogMs);

let stopping = false;
async function stop(signal: string) {
  if (stopping) {
    logger.warn({ signal }, "second signal: exiting without waiting for jobs in hand");
    process.exit(1);
  }
  stopping = true;
  logger.info({ signal }, "stopping workers: finishing jobs in hand");
  try {
    await running.close();
    metricsServer?.close();
    await tracing?.shutdown().catch(() => undefined);
    await disconnectPrisma();
    logger.info("workers stopped");
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, "unclean worker shutdown");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
