import * as contract from "@/lib/http/contract/admin/operators";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { createOperator, listOperators } from "@/lib/operators/manage-operators";
import { jsonSafe } from "@/lib/platform/json";

export const GET = route.operator("operators.manage", async ({ ctx }) =>
  Response.json(jsonSafe({ operators: await listOperators(ctx.prisma) }) satisfies contract.OperatorListJson),
);

export const POST = route.operator("operators.manage", async ({ request, ctx, operator }) => {
  const created = await createOperator(
    ctx,
    operator,
    await readJson(request, contract.adminCreateOperator.body),
  );
  return Response.json(jsonSafe(created) satisfies contract.OperatorJson, { status: 201 });
});

export const { PUT, PATCH, DELETE } = methodsOtherThan("GET", "POST");
