import { listAlertMessages } from "@/lib/console/alert-rules";
import type * as contract from "@/lib/http/contract/admin/alerts";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator("integrations.manage", async ({ ctx }) =>
  Response.json(jsonSafe({ messages: await listAlertMessages(ctx) }) satisfies contract.AlertMessageListJson),
);

export const { POST, PUT, PATCH, DELETE } = methodsOtherThan("GET");
