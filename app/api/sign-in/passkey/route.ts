import { relyingPartyOf, startPasskeySignIn } from "@/lib/auth/passkeys";
import { getEnv } from "@/lib/env";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { readyRedis } from "@/lib/redis";

// Anyone may start one (it reveals nothing); each keeps a challenge in Redis for a few minutes.
const CEREMONY_LIMIT = { name: "passkey-sign-in", points: 20, durationSeconds: 60 };

export const POST = route.public({ rateLimit: CEREMONY_LIMIT }, async () => {
  const ceremony = await startPasskeySignIn(await readyRedis(), relyingPartyOf(getEnv().publicBaseUrl));
  return Response.json(ceremony, {
    headers: { "Cache-Control": "no-store" },
  });
});

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
