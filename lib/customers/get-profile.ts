// GET /api/mini/me: the user's attributes from inquiryUserInfo, limited by the wallet to the scopes
// the user granted. An expired access token is refreshed once and the call retried.

import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { Prisma } from "@/lib/platform/db";
import {
  CustomerAuthorizationError,
  WalletRejectedError,
  WalletUnavailableError,
} from "@/lib/platform/errors/domain-errors";
import { getAccessToken, markNeedsReauthorization, refreshAccessToken } from "./customer-tokens";

export async function getProfile(ctx: ServiceContext, customerId: string) {
  const seen = await ctx.prisma.walletToken.findUnique({ where: { customerId }, select: { version: true } });
  let accessToken = await getAccessToken(ctx, customerId);
  let answer = await ctx.wallet.inquiryUserInfo({ accessToken });

  if (answer.status === "F" && answer.resultCode === "EXPIRED_ACCESS_TOKEN") {
    // Our clock said fresh, the wallet's says expired: refresh once (shared with concurrent callers
    // through the row lock and the version we saw) and retry.
    accessToken = await refreshAccessToken(ctx, customerId, { force: true, seenVersion: seen?.version });
    answer = await ctx.wallet.inquiryUserInfo({ accessToken });
  }
  if (answer.status === "S") {
    const userInfo = answer.data.userInfo ?? {};
    await ctx.prisma.customer.update({
      where: { id: customerId },
      data: { profile: userInfo as Prisma.InputJsonValue, lastSeenAt: ctx.now() },
    });
    return { userInfo };
  }
  if (
    answer.status === "F" &&
    (answer.resultCode === "INVALID_ACCESS_TOKEN" || answer.resultCode === "EXPIRED_ACCESS_TOKEN")
  ) {
    await markNeedsReauthorization(ctx, customerId, answer.resultCode);
    throw new CustomerAuthorizationError(
      "REAUTHORIZE",
      "The wallet no longer accepts this authorization. Call my.getAuthCode again.",
    );
  }
  if (answer.status === "F") {
    throw new WalletRejectedError(
      `The wallet refused the request (${answer.resultCode}).`,
      answer.resultCode,
    );
  }
  throw new WalletUnavailableError("The wallet did not answer; try again shortly.");
}
