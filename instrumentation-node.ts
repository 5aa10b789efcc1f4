// Runs once when the Next.js server starts (Node.js runtime only):
// - validates the configuration, so a missing secret stops the server with the variable's name
//   instead of failing on the first request (skipped during `next build`, which has no secrets);
// - notes each request's connection address for the rate limits (lib/platform/addresses/peer-address.ts);
// - applies METRICS_ENABLED and MEMORY_LOG_SECONDS, and starts OpenTelemetry tracing when OTEL_ENABLED;
// - on SIGTERM, flushes the traces still buffered. The graceful part is Next.js's own: on SIGTERM
//   (`next start` and the standalone server.js alike) it stops accepting connections, closes idle
//   keep-alive ones, lets the requests in flight finish, then exits with 143
//   (test/production/scale-out.test.ts shows an order in flight completing).

import { installPeerAddress } from "./lib/platform/addresses/peer-address";
import { getEnv } from "./lib/platform/env";
import { getLogger } from "./lib/platform/log";
import { startMemoryReport } from "./lib/platform/observability/memory-report";
import { setMetricsEnabled } from "./lib/platform/observability/metrics";
import { startTracing } from "./lib/platform/observability/tracing";

export async function startNodeServer(): Promise<void> {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  let env: ReturnType<typeof getEnv>;
  try {
    env = getEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  installPeerAddress();
  setMetricsEnabled(env.metrics.enabled);
  startMemoryReport(getLogger(), env.memoryLogMs);
  const tracing = await startTracing({
    enabled: env.tracing.enabled,
    serviceName: env.tracing.serviceName ?? "wallet-merchant-app",
  });
  process.once("SIGTERM", () => {
    getLogger().info("SIGTERM: finishing the requests in flight; new connections are refused");
    void tracing?.shutdown().catch(() => undefined);
  });
}
