import { exportOrdersCsv } from "@/lib/console/orders/export-orders";
import * as contract from "@/lib/http/contract/admin/orders";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";
import { can } from "@/lib/operators/roles/permissions";
import { getReadModelRawPool } from "@/lib/platform/db/raw-pool";

// The filtered order list as CSV, streamed batch by batch (the same filters as GET /api/admin/orders,
// the same search: names and phones only for an operator who may see personal data), read from the
// console's read model (the replica, when there is one).
export const GET = route.operator("orders.export", async ({ request, ctx, operator }) => {
  const query = readQuery(request, contract.adminExportOrders.query);
  const stamp = ctx.now().toISOString().slice(0, 19).replaceAll(":", "-");
  return new Response(
    exportOrdersCsv(ctx.readModel, getReadModelRawPool(), query, {
      withPeople: can(operator, "customers.personal-data"),
    }),
    {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="orders-${stamp}.csv"`,
        "Cache-Control": "no-store",
      },
    },
  );
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
