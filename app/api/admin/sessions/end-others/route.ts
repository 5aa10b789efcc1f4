import * as contract from "@/lib/http/contract/admin/sessions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readQuery, route } from "@/lib/http/route";
import { endOtherSessions } from "@/lib/operators/sessions/manage-sessions";

export const POST = route.operator("own-account", async ({ request, ctx, operator }) => {
  const { operatorId } = readQuery(request, contract.adminEndOtherSessions.query);
  return Response.json(
    (await endOtherSessions(ctx, operator, operatorId)) satisfies contract.EndedOthersJson,
  );
});

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
