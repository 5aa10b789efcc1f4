import * as contract from "@/lib/http/contract/admin/sessions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";
import { listSessions } from "@/lib/operators/sessions/manage-sessions";
import { getEnv } from "@/lib/platform/env";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator("own-account", async ({ request, ctx, operator }) => {
  const { operatorId } = readQuery(request, contract.adminListSessions.query);
  const sessions = await listSessions(ctx, operator, getEnv().operatorSessions, operatorId);
  return Response.json(jsonSafe({ sessions }) satisfies contract.SessionListJson);
});

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
