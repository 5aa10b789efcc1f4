import * as contract from "@/lib/http/contract/admin/second-factor";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { resetSecondFactor } from "@/lib/operators/sign-in/second-factor";

export const DELETE = route.operator(
  "operators.manage",
  { params: contract.adminResetSecondFactor.params },
  async ({ ctx, operator, params }) =>
    Response.json(
      (await resetSecondFactor(ctx, operator, params.id)) satisfies contract.SecondFactorResetJson,
    ),
);

export const { GET, POST, PUT, PATCH } = methodsOtherThan("DELETE");
