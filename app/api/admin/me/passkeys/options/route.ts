import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { relyingPartyOf, startPasskeyEnrolment } from "@/lib/operators/sign-in/passkeys";
import { getEnv } from "@/lib/platform/env";
import { readyRedis } from "@/lib/platform/redis";

export const POST = route.operator("own-account", async ({ ctx, operator }) => {
  const options = await startPasskeyEnrolment(
    ctx,
    await readyRedis(),
    relyingPartyOf(getEnv().publicBaseUrl),
    operator,
  );
  return Response.json(options);
});

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
