import { checkAppHealth } from "@/lib/health/app-health";

// Load balancers and `npm run dev` poll this: 200 when every dependency answers, 503 otherwise.
export async function GET() {
  const report = await checkAppHealth();
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
