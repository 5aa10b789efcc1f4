import { listNotifications } from "@/lib/console/notifications";
import * as contract from "@/lib/http/contract/admin/lists";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator("orders.read", async ({ request, ctx }) => {
  const page = await listNotifications(
    ctx.readModel,
    readQuery(request, contract.adminListNotifications.query),
  );
  return Response.json(jsonSafe(page) satisfies contract.NotificationPageJson);
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
