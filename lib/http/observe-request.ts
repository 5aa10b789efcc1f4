import "server-only";
// Around every route handler: the request id (X-Request-Id if the caller sent a sane one, else a new
// one) set as the request context for everything the handler does — log lines, wallet-call rows,
// jobs it enqueues — and echoed in the answer; and the request's duration in the HTTP histogram,
// labelled by route pattern, method and status.
import { recordMetric } from "@/lib/platform/observability/metrics";
import { runWithRequestContext } from "@/lib/platform/observability/request-context";
import { REQUEST_ID_HEADER, requestIdOf } from "@/lib/platform/observability/request-id";
import type { RouteHandler } from "./route-handler";
import { routePattern } from "./route-pattern";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function observeRequest(handle: RouteHandler): RouteHandler {
  return async (request, context) => {
    const started = performance.now();
    const requestId = requestIdOf(request.headers);
    const response = withHeader(
      await runWithRequestContext({ requestId }, () => handle(request, context)),
      REQUEST_ID_HEADER,
      requestId,
    );
    const seconds = (performance.now() - started) / 1000;
    const params = await Promise.resolve(context?.params).catch(() => undefined);
    recordMetric((metrics) =>
      metrics.httpRequestDuration.observe(
        {
          method: METHODS.has(request.method) ? request.method : "OTHER",
          route: routePattern(new URL(request.url).pathname, params),
          status: String(response.status),
        },
        seconds,
      ),
    );
    return response;
  };
}

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    // Headers of a fetched response are immutable: answer with a copy.
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}
