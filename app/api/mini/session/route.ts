import { startSession } from "@/lib/customers/start-session";
import * as contract from "@/lib/http/contract/mini/session";
import { methodsOtherThan } from "@/lib/http/method-not-allowed";
import { readJson, route } from "@/lib/http/route";

// Each attempt spends a single-use authCode at the wallet: limit attempts per client address.
const SESSION_LIMIT = { name: "mini-session", points: 20, durationSeconds: 60 };

export const POST = route.public({ rateLimit: SESSION_LIMIT }, async ({ request, ctx }) => {
  const input = await readJson(request, contract.startSession.body);
  const session = await startSession(ctx, { authCode: input.authCode, scopes: input.authSuccessScopes });
  return Response.json(session satisfies contract.SessionJson, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = methodsOtherThan("POST");
