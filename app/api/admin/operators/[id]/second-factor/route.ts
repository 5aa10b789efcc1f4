import * as contract from "@/lib/api/contract/admin/second-factor";
import { resetSecondFactor } from "@/lib/auth/second-factor";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const DELETE = route.operator(
  "operators.manage",
  { params: contract.adminResetSecondFactor.params },
  async ({ ctx, operator, params }) =>
    Response.json(
      (await resetSecondFactor(ctx, operator, params.id)) satisfies contract.SecondFactorResetJson,
    ),
);

export const { GET, POST, PUT, PATCH } = methodsOtherThan("DELETE");
