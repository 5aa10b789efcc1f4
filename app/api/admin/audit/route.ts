import * as contract from "@/lib/http/contract/admin/lists";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";
import { listAuditEntries } from "@/lib/operators/audit/audit-log";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator("audit.read", async ({ request, ctx }) => {
  const page = await listAuditEntries(ctx.prisma, readQuery(request, contract.adminListAuditEntries.query));
  return Response.json(jsonSafe(page) satisfies contract.AuditPageJson);
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
