import type * as contract from "@/lib/http/contract/admin/sessions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { endOtherSessions } from "@/lib/operators/sessions/manage-sessions";

export const POST = route.operator("own-account", async ({ ctx, operator }) =>
  Response.json((await endOtherSessions(ctx, operator)) satisfies contract.EndedOthersJson),
);

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
