import { renderAppMetrics } from "@/lib/http/app-metrics";
import { authorizeMetricsScrape } from "@/lib/http/authorize-metrics";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

// Prometheus metrics of this instance (text format). Bearer METRICS_TOKEN; off in production without it.
export const GET = route.public(async ({ request }) => {
  authorizeMetricsScrape(request);
  const { body, contentType } = await renderAppMetrics();
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
