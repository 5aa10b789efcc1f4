import { endSession } from "@/lib/admin/sessions";
import * as contract from "@/lib/api/contract/admin/sessions";
import { jsonSafe } from "@/lib/http/json";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const DELETE = route.operator(
  "own-account",
  { params: contract.adminEndSession.params },
  async ({ ctx, operator, params }) =>
    Response.json(jsonSafe(await endSession(ctx, operator, params.id)) satisfies contract.SessionJson),
);

export const { GET, POST, PUT, PATCH } = methodsOtherThan("DELETE");
