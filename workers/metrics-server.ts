// A worker process's own metrics, on WORKER_METRICS_PORT when set: its wallet calls, jobs, circuit
// breaker and process health. Queue depths and backlogs are not here — the app's /api/metrics reads
// those from the shared Redis and database. Same token rule as the app: METRICS_TOKEN when set, and
// in production not served without it.
import { createServer, type Server } from "node:http";
import type { Logger } from "@/lib/platform/log";
import { renderMetrics } from "@/lib/platform/observability/metrics";
import { bearerMatches } from "@/lib/platform/observability/metrics-token";

export async function startMetricsServer(options: {
  port: number;
  token: string | undefined;
  requireToken: boolean;
  logger: Logger;
}): Promise<Server | undefined> {
  const { token, logger } = options;
  if (options.requireToken && !token) {
    logger.warn(
      { port: options.port },
      "WORKER_METRICS_PORT ignored: set METRICS_TOKEN to serve metrics in production",
    );
    return undefined;
  }
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://worker").pathname;
    if (request.method !== "GET" || path !== "/metrics") {
      response.writeHead(404, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: { code: "NOT_FOUND", message: "Metrics are at GET /metrics." } }));
      return;
    }
    if (token && !bearerMatches(request.headers.authorization, token)) {
      response.writeHead(401, { "Content-Type": "application/json", "WWW-Authenticate": "Bearer" });
      response.end(
        JSON.stringify({
          error: { code: "UNAUTHENTICATED", message: "Send `Authorization: Bearer <METRICS_TOKEN>`." },
        }),
      );
      return;
    }
    renderMetrics().then(
      ({ body, contentType }) => response.writeHead(200, { "Content-Type": contentType }).end(body),
      (error: Error) => {
        logger.error({ err: error.message }, "could not render metrics");
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, () => resolve());
  });
  logger.info({ port: options.port }, "worker metrics served at /metrics");
  return server;
}
