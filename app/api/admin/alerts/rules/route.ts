import { createAlertRule, listAlertRules } from "@/lib/console/alert-rules";
import * as contract from "@/lib/http/contract/admin/alerts";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";
import { getOutboundPolicy } from "@/lib/platform/outbound/shared-policy";

export const GET = route.operator("integrations.manage", async ({ ctx }) =>
  Response.json(jsonSafe({ rules: await listAlertRules(ctx) }) satisfies contract.AlertRuleListJson),
);

export const POST = route.operator("integrations.manage", async ({ request, ctx, operator }) => {
  const rule = await createAlertRule(
    ctx,
    operator,
    await readJson(request, contract.adminCreateAlertRule.body),
    { outbound: getOutboundPolicy() },
  );
  return Response.json(jsonSafe(rule) satisfies contract.AlertRuleJson, { status: 201 });
});

export const { PUT, PATCH, DELETE } = methodsOtherThan("GET", "POST");
