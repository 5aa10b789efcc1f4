import type { HealthReportJson } from "@/lib/http/contract/health";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { checkReadiness } from "@/lib/platform/health/app-health";

// Health with every detail (errors, the wallet's address, queue backlogs): for operators only.
export const GET = route.operator("orders.read", async () => {
  const report = await checkReadiness({ details: true, queues: true });
  return Response.json(report satisfies HealthReportJson, { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
