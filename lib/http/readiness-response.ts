import "server-only";
import { RETRY_AFTER_SECONDS } from "@/lib/http/error-response";
import { checkReadiness } from "@/lib/platform/health/app-health";

/** 200 when this instance can serve (database and Redis answer), else 503 with Retry-After. */
export async function readinessResponse(): Promise<Response> {
  const report = await checkReadiness();
  const ready = report.status === "ok";
  return Response.json(report, {
    status: ready ? 200 : 503,
    headers: {
      "Cache-Control": "no-store",
      ...(ready ? {} : { "Retry-After": String(RETRY_AFTER_SECONDS) }),
    },
  });
}
