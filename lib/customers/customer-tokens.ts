// The customer's wallet tokens: stored encrypted, read back for calls, and refreshed safely.
//
// Refresh rules (spec, applyToken): a refresh token is single-use; a second use gets
// USED_REFRESH_TOKEN and "the tokens from the earlier successful refresh are used instead". So a
// refresh runs under a row lock (one refresher per customer, across processes), re-reads the row after
// taking the lock (someone may have refreshed meanwhile), and commits the new tokens before anything
// else happens with them.

import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import type { Prisma, WalletToken } from "@/lib/db";
import { ApiError } from "@/lib/http/api-error";
import type { ServiceContext } from "@/lib/services/context";
import type { OperationResponse } from "@/lib/wallet/operations";

/** Refresh a little before expiry so a token never expires between our check and the wallet's. */
export const ACCESS_TOKEN_MARGIN_MS = 60_000;

export type TokenSet = OperationResponse<"applyToken">;

/** Expiry when the wallet does not say: conservative, so we refresh rather than fail. */
const DEFAULT_ACCESS_TTL_MS = 60 * 60 * 1000;

export function tokenColumns(ctx: ServiceContext, customerId: string, tokens: TokenSet) {
  const now = ctx.now().getTime();
  return {
    accessTokenCipher: encryptSecret(tokens.accessToken as string, ctx.tokenKey, `access:${customerId}`),
    accessTokenExpiresAt: tokens.accessTokenExpiryTime
      ? new Date(tokens.accessTokenExpiryTime)
      : new Date(now + DEFAULT_ACCESS_TTL_MS),
    refreshTokenCipher: encryptSecret(tokens.refreshToken as string, ctx.tokenKey, `refresh:${customerId}`),
    refreshTokenExpiresAt: tokens.refreshTokenExpiryTime ? new Date(tokens.refreshTokenExpiryTime) : null,
  };
}

export async function storeTokens(
  ctx: ServiceContext,
  customerId: string,
  tokens: TokenSet,
  scopes: string[],
  db: Prisma.TransactionClient = ctx.prisma,
): Promise<void> {
  const columns = tokenColumns(ctx, customerId, tokens);
  await db.walletToken.upsert({
    where: { customerId },
    create: { customerId, scopes, ...columns },
    update: { ...columns, scopes, version: { increment: 1 }, refreshedAt: ctx.now() },
  });
}

function isFresh(ctx: ServiceContext, token: WalletToken): boolean {
  return token.accessTokenExpiresAt.getTime() - ctx.now().getTime() > ACCESS_TOKEN_MARGIN_MS;
}

function reauthorize(message: string): ApiError {
  return new ApiError("REAUTHORIZE", `${message} Call my.getAuthCode again and start a new session.`);
}

/** A usable access token for the customer, refreshed first if it is (nearly) expired. */
export async function getAccessToken(ctx: ServiceContext, customerId: string): Promise<string> {
  const token = await ctx.prisma.walletToken.findUnique({ where: { customerId } });
  if (!token) throw reauthorize("No wallet authorization is stored for this customer.");
  if (isFresh(ctx, token))
    return decryptSecret(token.accessTokenCipher, ctx.tokenKey, `access:${customerId}`);
  return refreshAccessToken(ctx, customerId, { force: false });
}

export interface RefreshOptions {
  /** Refresh even if the stored token looks fresh (the wallet said it expired). */
  force: boolean;
  /** The version the caller saw expire: if the row moved on, someone already refreshed. */
  seenVersion?: number;
}

/**
 * Refreshes the customer's tokens once, under a row lock, and returns the current access token.
 * Concurrent callers wait for the first and then use its result instead of refreshing again.
 */
export async function refreshAccessToken(ctx: ServiceContext, customerId: string, options: RefreshOptions) {
  const outcome = await ctx.prisma.$transaction(
    async (tx) => {
      const rows = await tx.$queryRaw<{ version: number }[]>`
        SELECT version FROM wallet_tokens WHERE customer_id = ${customerId} FOR UPDATE`;
      if (rows.length === 0) return { kind: "missing" as const };
      const token = await tx.walletToken.findUniqueOrThrow({ where: { customerId } });
      const alreadyRefreshed = options.seenVersion !== undefined && token.version !== options.seenVersion;
      if (alreadyRefreshed || (!options.force && isFresh(ctx, token))) {
        return { kind: "current" as const, token };
      }
      const refreshToken = decryptSecret(token.refreshTokenCipher, ctx.tokenKey, `refresh:${customerId}`);
      const answer = await ctx.wallet.applyToken({ grantType: "REFRESH_TOKEN", refreshToken });
      if (answer.status === "S") {
        // Committed with the transaction, before any caller uses the new access token.
        await storeTokens(ctx, customerId, answer.data, token.scopes, tx);
        return { kind: "refreshed" as const, accessToken: answer.data.accessToken as string };
      }
      return { kind: "wallet" as const, answer };
    },
    { timeout: 20_000, maxWait: 20_000 },
  );

  switch (outcome.kind) {
    case "missing":
      throw reauthorize("No wallet authorization is stored for this customer.");
    case "current":
      return decryptSecret(outcome.token.accessTokenCipher, ctx.tokenKey, `access:${customerId}`);
    case "refreshed":
      return outcome.accessToken;
  }
  const { answer } = outcome;
  if (answer.status === "F") {
    if (answer.resultCode === "USED_REFRESH_TOKEN") {
      // Someone else's refresh succeeded with this token; its tokens are stored (we re-read under the
      // lock), or they were lost in a crash, in which case only a new authorization helps.
      const latest = await ctx.prisma.walletToken.findUnique({ where: { customerId } });
      if (latest && isFresh(ctx, latest)) {
        return decryptSecret(latest.accessTokenCipher, ctx.tokenKey, `access:${customerId}`);
      }
    }
    await markNeedsReauthorization(ctx, customerId, answer.resultCode);
    throw reauthorize(`The wallet refused to refresh the authorization (${answer.resultCode}).`);
  }
  throw new ApiError("WALLET_UNAVAILABLE", "The wallet did not answer the token refresh; try again shortly.");
}

export async function markNeedsReauthorization(ctx: ServiceContext, customerId: string, reason: string) {
  await ctx.prisma.customer.update({
    where: { id: customerId },
    data: { needsReauthorization: true, reauthorizationReason: reason },
  });
  ctx.logger.warn({ customerId, reason }, "customer must authorize again");
}
