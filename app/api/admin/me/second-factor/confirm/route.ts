import * as contract from "@/lib/http/contract/admin/second-factor";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";
import { confirmTotpEnrolment } from "@/lib/operators/sign-in/second-factor";

// The answer holds the recovery codes, this once: never cached.
export const POST = route.operator("own-account", async ({ request, ctx, operator }) => {
  const { code } = await readJson(request, contract.adminConfirmSecondFactor.body);
  return Response.json(
    (await confirmTotpEnrolment(ctx, operator, code)) satisfies contract.RecoveryCodesJson,
    {
      headers: { "Cache-Control": "no-store" },
    },
  );
});

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
