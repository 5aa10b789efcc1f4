import { exportSubscriptionsCsv } from "@/lib/console/subscriptions/export-subscriptions";
import * as contract from "@/lib/http/contract/admin/subscriptions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";
import { can } from "@/lib/operators/roles/permissions";

// The filtered subscription list as CSV, streamed (the list's filters and search).
export const GET = route.operator("orders.export", async ({ request, ctx, operator }) => {
  const query = readQuery(request, contract.adminExportSubscriptions.query);
  const stamp = ctx.now().toISOString().slice(0, 19).replaceAll(":", "-");
  return new Response(
    exportSubscriptionsCsv(ctx.readModel, query, { withPeople: can(operator, "customers.personal-data") }),
    {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="subscriptions-${stamp}.csv"`,
        "Cache-Control": "no-store",
      },
    },
  );
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
