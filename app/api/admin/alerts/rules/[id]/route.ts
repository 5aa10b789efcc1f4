import { deleteAlertRule, updateAlertRule } from "@/lib/console/alert-rules";
import * as contract from "@/lib/http/contract/admin/alerts";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { jsonSafe } from "@/lib/platform/json";

export const PATCH = route.operator(
  "integrations.manage",
  { params: contract.adminUpdateAlertRule.params },
  async ({ request, ctx, operator, params }) => {
    const input = await readJson(request, contract.adminUpdateAlertRule.body);
    return Response.json(
      jsonSafe(await updateAlertRule(ctx, operator, params.id, input)) satisfies contract.AlertRuleJson,
    );
  },
);

export const DELETE = route.operator(
  "integrations.manage",
  { params: contract.adminDeleteAlertRule.params },
  async ({ ctx, operator, params }) => {
    await deleteAlertRule(ctx, operator, params.id);
    return Response.json({ id: params.id, deleted: true as const });
  },
);

export const { GET, POST, PUT } = methodsOtherThan("PATCH", "DELETE");
