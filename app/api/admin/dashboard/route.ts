import { getDashboard } from "@/lib/console/dashboard";
import { dayRange } from "@/lib/console/orders/list-orders";
import * as contract from "@/lib/http/contract/admin/dashboard";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";
import { getAppQueueMetrics } from "@/lib/platform/queue/metrics";

export const GET = route.operator("orders.read", async ({ request, ctx }) => {
  const query = readQuery(request, contract.adminGetDashboard.query);
  const range = query.from ? dayRange({ from: query.from, to: query.to ?? query.from }) : undefined;
  return Response.json(
    jsonSafe(await getDashboard(ctx, getAppQueueMetrics, range)) satisfies contract.DashboardJson,
  );
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
