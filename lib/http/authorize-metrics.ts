import "server-only";
// Who may read GET /api/metrics. The metrics name routes, queues and backlogs, so a production
// instance serves them only with METRICS_TOKEN set, to callers sending it as a bearer token;
// locally (no token) anyone on the machine may read them. With METRICS_ENABLED off the route is 404.
import { getEnv } from "@/lib/platform/env";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";
import { HttpError } from "@/lib/platform/errors/http-errors";
import { bearerMatches } from "@/lib/platform/observability/metrics-token";

export function authorizeMetricsScrape(request: Request): void {
  const env = getEnv();
  if (!env.metrics.enabled || (env.isProduction && !env.metrics.token)) {
    throw new NotFoundError("Metrics are not enabled on this instance.");
  }
  const expected = env.metrics.token;
  if (expected === undefined) return;
  if (!bearerMatches(request.headers.get("authorization"), expected)) {
    throw new HttpError(
      "UNAUTHENTICATED",
      "Send `Authorization: Bearer <METRICS_TOKEN>` to read the metrics.",
      undefined,
      { "WWW-Authenticate": "Bearer" },
    );
  }
}
