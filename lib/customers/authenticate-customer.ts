import "server-only";
import { assertCustomerKnown } from "@/lib/customers/assert-customer-known";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { HttpError } from "@/lib/platform/errors/http-errors";
import { bearerToken, verifySessionToken } from "./session-token";

/**
 * The customer of the request's session. No token, or a forged or expired one, is 401
 * UNAUTHENTICATED (start a session); a valid token whose customer is gone (the database was restored
 * or reset while the 2 h session lived) is 401 REAUTHORIZE, like a customer the wallet stopped
 * accepting: either way the mini program calls my.getAuthCode again.
 *
 * `checkExists: false` leaves the existence check to the service, for a route whose first write
 * proves it anyway (order creation: lib/payments/orders/insert-order.ts) — one read fewer on the busiest route.
 */
export async function authenticateCustomer(
  ctx: ServiceContext,
  request: Request,
  options: { checkExists?: boolean } = {},
): Promise<string> {
  const token = bearerToken(request);
  if (!token) {
    throw new HttpError(
      "UNAUTHENTICATED",
      "Send `Authorization: Bearer <sessionToken>` from POST /api/mini/session.",
    );
  }
  const customerId = await verifySessionToken(token, ctx.sessionSecret, ctx.now());
  if (!customerId) {
    throw new HttpError("UNAUTHENTICATED", "The session is invalid or expired; start a new session.");
  }
  if (options.checkExists ?? true) await assertCustomerKnown(ctx, customerId);
  return customerId;
}
