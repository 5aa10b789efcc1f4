import * as contract from "@/lib/http/contract/admin/sessions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { endSession } from "@/lib/operators/sessions/manage-sessions";
import { jsonSafe } from "@/lib/platform/json";

export const DELETE = route.operator(
  "own-account",
  { params: contract.adminEndSession.params },
  async ({ ctx, operator, params }) =>
    Response.json(jsonSafe(await endSession(ctx, operator, params.id)) satisfies contract.SessionJson),
);

export const { GET, POST, PUT, PATCH } = methodsOtherThan("DELETE");
