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

/** The wallet's answers that mean the stored refresh token can never work again. */
const DEAD_REFRESH_TOKEN = new Set(["EXPIRED_REFRESH_TOKEN", "INVALID_REFRESH_TOKEN", "USED_REFRESH_TOKEN"]);

/** How long a caller waits for another process's refresh of the same customer. */
const REFRESH_WAIT_MS = 20_000;

/**
 * Refreshes the customer's tokens once, under a row lock, and returns the current access token.
 * Concurrent callers do not queue inside the database (each would hold a pooled connection while
 * the lock holder needs one more for its wallet-call log): they try the lock without waiting, and
 * while it is held they poll the row until the holder's new tokens are committed, then use those.
 */
export async function refreshAccessToken(ctx: ServiceContext, customerId: string, options: RefreshOptions) {
  const deadline = Date.now() + REFRESH_WAIT_MS;
  let seenVersion = options.seenVersion;
  for (;;) {
    const attempt = await tryRefresh(ctx, customerId, { ...options, seenVersion });
    if (attempt !== "locked") return attempt;
    if (Date.now() > deadline) {
      throw new ApiError(
        "WALLET_UNAVAILABLE",
        "Another refresh of this authorization is taking too long; retry.",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // If the holder committed new tokens, the version moved: the next try takes them as current.
    seenVersion ??= (await ctx.prisma.walletToken.findUnique({ where: { customerId } }))?.version;
  }
}

function isLockNotAvailable(error: unknown): boolean {
  // PostgreSQL 55P03 lock_not_available, as surfaced by the driver adapter.
  const text = `${(error as { message?: string })?.message ?? ""} ${JSON.stringify((error as { meta?: unknown })?.meta ?? "")}`;
  return text.includes("55P03") || /could not obtain lock/i.test(text);
}

async function tryRefresh(
  ctx: ServiceContext,
  customerId: string,
  options: RefreshOptions,
): Promise<string | "locked"> {
  let outcome: Awaited<ReturnType<typeof refreshUnderLock>>;
  try {
    outcome = await refreshUnderLock(ctx, customerId, options);
  } catch (error) {
    if (isLockNotAvailable(error)) return "locked";
    throw error;
  }
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
    if (DEAD_REFRESH_TOKEN.has(answer.resultCode)) {
      await markNeedsReauthorization(ctx, customerId, answer.resultCode);
      throw reauthorize(`The wallet refused to refresh the authorization (${answer.resultCode}).`);
    }
    // Anything else (a signature or client misconfiguration, a parameter rule) is ours to fix, not
    // the customer's: their authorization is not thrown away for it.
    ctx.logger.error({ customerId, resultCode: answer.resultCode }, "token refresh refused");
    throw new ApiError("WALLET_REJECTED", `The wallet refused the token refresh (${answer.resultCode}).`);
  }
  throw new ApiError("WALLET_UNAVAILABLE", "The wallet did not answer the token refresh; try again shortly.");
}

function refreshUnderLock(ctx: ServiceContext, customerId: string, options: RefreshOptions) {
  return ctx.prisma.$transaction(
    async (tx) => {
      const rows = await tx.$queryRaw<{ version: number }[]>`
        SELECT version FROM wallet_tokens WHERE customer_id = ${customerId} FOR UPDATE NOWAIT`;
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
        await tx.customer.updateMany({
          where: { id: customerId, needsReauthorization: true },
          data: { needsReauthorization: false, reauthorizationReason: null },
        });
        return { kind: "refreshed" as const, accessToken: answer.data.accessToken as string };
      }
      return { kind: "wallet" as const, answer };
    },
    { timeout: 20_000, maxWait: 5_000 },
  );
}

export async function markNeedsReauthorization(ctx: ServiceContext, customerId: string, reason: string) {
  await ctx.prisma.$transaction([
    ctx.prisma.customer.update({
      where: { id: customerId },
      data: { needsReauthorization: true, reauthorizationReason: reason },
    }),
    // The stored tokens can never work again: dropping them keeps the refresh scan from reading them
    // every minute; the next session stores new ones.
    ctx.prisma.walletToken.deleteMany({ where: { customerId } }),
  ]);
  ctx.logger.warn({ customerId, reason }, "customer must authorize again");
}
