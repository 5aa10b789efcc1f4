// Refreshing a customer's access token before it expires (token-refresh queue). The refresh itself is
// refreshAccessToken's: under the token row's refresh lease, so one refresh per customer at a time
// across every process, and `seenVersion` makes a refresher that waited use the tokens the first one
// committed instead of spending the (single-use) refresh token again.

import type { ServiceContext } from "@/lib/platform/context/service-context";
import { isDomainError } from "@/lib/platform/errors/domain-errors";
import { refreshAccessToken } from "./customer-tokens";

export type TokenRefreshResult = "refreshed" | "fresh" | "no-token" | "needs-reauthorization";

export async function refreshExpiringToken(
  ctx: ServiceContext,
  customerId: string,
  aheadMs: number,
): Promise<TokenRefreshResult> {
  const token = await ctx.prisma.walletToken.findUnique({
    where: { customerId },
    include: { customer: { select: { needsReauthorization: true } } },
  });
  if (!token) return "no-token";
  if (token.customer.needsReauthorization) return "needs-reauthorization";
  if (token.accessTokenExpiresAt.getTime() - ctx.now().getTime() > aheadMs) return "fresh";
  try {
    await refreshAccessToken(ctx, customerId, { force: true, seenVersion: token.version });
  } catch (error) {
    // EXPIRED_REFRESH_TOKEN and friends: refreshAccessToken marked the customer; retrying cannot help.
    if (isDomainError(error, "REAUTHORIZE")) return "needs-reauthorization";
    // WALLET_UNAVAILABLE (a U): the job is retried with backoff.
    throw error;
  }
  const after = await ctx.prisma.walletToken.findUnique({ where: { customerId } });
  return after && after.version !== token.version ? "refreshed" : "fresh";
}
