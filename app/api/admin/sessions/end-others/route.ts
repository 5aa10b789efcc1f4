import { endOtherSessions } from "@/lib/admin/sessions";
import type * as contract from "@/lib/api/contract/admin/sessions";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const POST = route.operator("own-account", async ({ ctx, operator }) =>
  Response.json((await endOtherSessions(ctx, operator)) satisfies contract.EndedOthersJson),
);

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
