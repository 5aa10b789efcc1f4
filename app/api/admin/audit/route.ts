import { listAuditEntries } from "@/lib/admin/audit-log";
import * as contract from "@/lib/api/contract/admin/lists";
import { jsonSafe } from "@/lib/http/json";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";

export const GET = route.operator("audit.read", async ({ request, ctx }) => {
  const page = await listAuditEntries(ctx.prisma, readQuery(request, contract.adminListAuditEntries.query));
  return Response.json(jsonSafe(page) satisfies contract.AuditPageJson);
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
