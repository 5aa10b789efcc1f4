import { z } from "zod";
import { startSession } from "@/lib/customers/start-session";
import { clientAddress, enforceRateLimit } from "@/lib/http/rate-limit";
import { readJson, route } from "@/lib/http/route";
import { getServiceContext } from "@/lib/services/context";

const body = z.object({
  authCode: z.string().min(1).max(64),
  authSuccessScopes: z.array(z.string().max(64)).max(32).optional(),
});

// Each attempt spends a single-use authCode at the wallet: limit attempts per client address.
const SESSION_LIMIT = { name: "mini-session", points: 20, durationSeconds: 60 };

export const POST = route(async (request) => {
  await enforceRateLimit(SESSION_LIMIT, clientAddress(request));
  const input = await readJson(request, body);
  const session = await startSession(getServiceContext(), {
    authCode: input.authCode,
    scopes: input.authSuccessScopes,
  });
  return Response.json(session, { status: 201 });
});
