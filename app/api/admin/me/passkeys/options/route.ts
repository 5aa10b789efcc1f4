import { relyingPartyOf, startPasskeyEnrolment } from "@/lib/auth/passkeys";
import { getEnv } from "@/lib/env";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { readyRedis } from "@/lib/redis";

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
