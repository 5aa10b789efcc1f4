import type * as contract from "@/lib/http/contract/admin/second-factor";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { startTotpEnrolment } from "@/lib/operators/sign-in/second-factor";

// The answer holds the new secret: never cached.
export const POST = route.operator("own-account", async ({ ctx, operator }) =>
  Response.json((await startTotpEnrolment(ctx, operator)) satisfies contract.EnrolmentJson, {
    headers: { "Cache-Control": "no-store" },
  }),
);

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
