// Health of one app instance (lib/platform/health): liveness for the process supervisor, readiness for the
// load balancer. Readiness answers its report with 503 as well, so both statuses share the body.
import { z } from "zod";
import { DEPENDENCY_STATES } from "@/lib/platform/health/check-health";
import { type ApiArea, defineEndpoint } from "./endpoint";
import { isoTime } from "./shared-schemas";

const probeResult = z.object({
  ok: z.boolean(),
  latencyMs: z.number().nonnegative(),
  state: z.enum(DEPENDENCY_STATES).optional().meta({
    description:
      "The wallet's, from a signed call that changes nothing: misconfigured when it answers but refuses us (INVALID_CLIENT, INVALID_SIGNATURE) or its answers do not verify with our copy of its key.",
  }),
  error: z.string().optional().meta({ description: "Only with health details on." }),
  detail: z.record(z.string(), z.unknown()).optional().meta({ description: "Only with health details on." }),
});

export const healthReport = z
  .object({
    status: z.enum(["ok", "degraded"]).meta({ description: "ok when the database and Redis answer." }),
    checkedAt: isoTime,
    checks: z
      .record(z.string(), probeResult)
      .meta({ description: "database, redis and wallet; the wallet never decides the status." }),
  })
  .meta({ id: "HealthReport" });
export type HealthReportJson = z.input<typeof healthReport>;

const noStore = z.object({ "Cache-Control": z.literal("no-store") });

const readyReport = {
  status: "ok",
  checkedAt: "2026-11-22T09:30:00.000Z",
  checks: {
    database: { ok: true, latencyMs: 1.4 },
    redis: { ok: true, latencyMs: 0.6 },
    wallet: { ok: true, latencyMs: 38.2, state: "ok" },
  },
} satisfies HealthReportJson;

const degradedReport = {
  ...readyReport,
  status: "degraded",
  checks: { ...readyReport.checks, database: { ok: false, latencyMs: 2000 } },
} satisfies HealthReportJson;

function readinessEndpoint(operationId: string, path: `/api/${string}`, summary: string) {
  return defineEndpoint({
    operationId,
    method: "get",
    path,
    summary,
    auth: "public",
    responses: {
      200: { description: "Ready: the database and Redis answer.", body: healthReport, headers: noStore },
      503: {
        description: "Not ready; take this instance out of rotation and ask again later.",
        body: healthReport,
        headers: noStore.extend({ "Retry-After": z.string().regex(/^\d+$/) }),
      },
    },
    // Failing dependencies are what the report is about: they never turn it into an error answer.
    usesStorage: false,
    examples: [
      {
        name: "ready",
        summary: "Everything answers",
        request: {},
        response: { status: 200, body: readyReport },
      },
      {
        name: "database-down",
        summary: "The database does not answer",
        request: {},
        response: { status: 503, body: degradedReport },
      },
    ],
  });
}

export const getHealth = readinessEndpoint(
  "getHealth",
  "/api/health",
  "Readiness, under the name people poll (same answer as /api/health/ready)",
);

export const getReadiness = readinessEndpoint("getReadiness", "/api/health/ready", "Readiness");

export const getLiveness = defineEndpoint({
  operationId: "getLiveness",
  method: "get",
  path: "/api/health/live",
  summary: "Liveness: the process answers",
  description: "Asks nothing else, so a database outage never gets the process restarted.",
  auth: "public",
  responses: {
    200: { description: "Alive.", body: z.object({ status: z.literal("ok") }), headers: noStore },
  },
  usesStorage: false,
  examples: [
    {
      name: "alive",
      summary: "The process answers",
      request: {},
      response: { status: 200, body: { status: "ok" } },
    },
  ],
});

const metricsText = z
  .string()
  .regex(/^# (HELP|TYPE) /, { message: "must be Prometheus text" })
  .meta({ description: "Prometheus text exposition format 0.0.4." });

const getMetrics = defineEndpoint({
  operationId: "getMetrics",
  method: "get",
  path: "/api/metrics",
  summary: "Prometheus metrics of this instance",
  description:
    "HTTP latency by route and status, wallet calls by operation and result, notification " +
    "verification failures, queue depths and ages, reconciliation backlog, orders needing attention, " +
    "the wallet circuit breaker. Send `Authorization: Bearer <METRICS_TOKEN>` when a token is set; " +
    "in production the route exists only with a token, and with METRICS_ENABLED off it is a 404.",
  auth: "public",
  responses: {
    200: { description: "The metrics.", body: metricsText, mediaType: "text/plain", headers: noStore },
  },
  errors: ["UNAUTHENTICATED", "NOT_FOUND"],
  examples: [
    {
      name: "scrape",
      summary: "A scrape",
      request: {},
      response: {
        status: 200,
        body: "# HELP http_request_duration_seconds Latency of HTTP requests by route and status.\n",
      },
    },
  ],
});

export const healthApi: ApiArea = {
  tag: "Health",
  description: "For load balancers, supervisors, `npm run dev` and monitoring.",
  endpoints: [getHealth, getReadiness, getLiveness, getMetrics],
};
