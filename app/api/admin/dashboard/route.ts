import { getDashboard } from "@/lib/admin/dashboard";
import type * as contract from "@/lib/api/contract/admin/dashboard";
import { jsonSafe } from "@/lib/http/json";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { getAppQueueMetrics } from "@/lib/queue/metrics";

export const GET = route.operator("orders.read", async ({ ctx }) =>
  Response.json(jsonSafe(await getDashboard(ctx, getAppQueueMetrics)) satisfies contract.DashboardJson),
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
