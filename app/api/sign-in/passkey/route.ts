import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { relyingPartyOf, startPasskeySignIn } from "@/lib/operators/sign-in/passkeys";
import { getEnv } from "@/lib/platform/env";
import { readyRedis } from "@/lib/platform/redis";

// Anyone may start one (it reveals nothing); each keeps a challenge in Redis for a few minutes.
const CEREMONY_LIMIT = { name: "passkey-sign-in", points: 20, durationSeconds: 60 };

export const POST = route.public({ rateLimit: CEREMONY_LIMIT }, async () => {
  const ceremony = await startPasskeySignIn(await readyRedis(), relyingPartyOf(getEnv().publicBaseUrl));
  return Response.json(ceremony, {
    headers: { "Cache-Control": "no-store" },
  });
});

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
