import { exportOrdersCsv } from "@/lib/admin/orders/export-orders";
import * as contract from "@/lib/api/contract/admin/orders";
import { getRawPool } from "@/lib/db/raw-pool";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";

// The filtered order list as CSV, streamed batch by batch (the same filters as GET /api/admin/orders).
export const GET = route.operator("orders.export", async ({ request, ctx }) => {
  const query = readQuery(request, contract.adminExportOrders.query);
  const stamp = ctx.now().toISOString().slice(0, 19).replaceAll(":", "-");
  return new Response(exportOrdersCsv(ctx.prisma, getRawPool(), query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
