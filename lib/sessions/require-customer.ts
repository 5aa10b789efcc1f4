import "server-only";
import { ApiError } from "@/lib/http/api-error";
import type { ServiceContext } from "@/lib/services/context";
import { bearerToken, verifySessionToken } from "./session-token";

/** The customer id of the request's session, or a 401 that tells the mini program what to do. */
export async function requireCustomer(ctx: ServiceContext, request: Request): Promise<string> {
  const token = bearerToken(request);
  if (!token) {
    throw new ApiError(
      "UNAUTHENTICATED",
      "Send `Authorization: Bearer <sessionToken>` from POST /api/mini/session.",
    );
  }
  const customerId = await verifySessionToken(token, ctx.sessionSecret, ctx.now());
  if (!customerId)
    throw new ApiError("UNAUTHENTICATED", "The session is invalid or expired; start a new session.");
  return customerId;
}
