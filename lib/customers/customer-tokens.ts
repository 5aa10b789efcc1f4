// The customer's wallet tokens: stored encrypted, read back for calls, and refreshed safely.
//
// Refresh rules (spec, applyToken): a refresh token is single-use; a second use gets
// USED_REFRESH_TOKEN and "the tokens from the earlier successful refresh are used instead". So one
// refresher per customer at a time, across processes, and the new tokens are committed before anyone
// uses them.
//
// One refresher at a time without holding the database: the refresher claims a short lease on the
// token row (one UPDATE, committed at once), calls the wallet with no transaction open, then stores
// the new tokens only if the row's version is still the one it read. Concurrent callers see the lease
// and poll the row until its version moves (then use the new tokens). A refresher that crashes
// leaves a lease that lapses after REFRESH_LEASE_MS. A slow wallet therefore holds no connection.

import { randomUUID } from "node:crypto";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { decryptSecret, encryptSecret } from "@/lib/platform/crypto/secret-box";
import type { Prisma, WalletToken } from "@/lib/platform/db";
import {
  CustomerAuthorizationError,
  WalletRejectedError,
  WalletUnavailableError,
} from "@/lib/platform/errors/domain-errors";
import type { OperationResponse } from "@/lib/wallet/operations";

/** Refresh a little before expiry so a token never expires between our check and the wallet's. */
const ACCESS_TOKEN_MARGIN_MS = 60_000;

/** Longer than the wallet client's timeout: a live refresher never loses its lease mid-call. */
const REFRESH_LEASE_MS = 30_000;

/** How long a caller waits for another refresher of the same customer before giving up (503). */
const REFRESH_WAIT_MS = 20_000;
const REFRESH_POLL_MS = 100;

export type TokenSet = OperationResponse<"applyToken">;

/** Expiry when the wallet does not say: conservative, so we refresh rather than fail. */
const DEFAULT_ACCESS_TTL_MS = 60 * 60 * 1000;

function tokenColumns(ctx: ServiceContext, customerId: string, tokens: TokenSet) {
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

/** Stores a new token set (a new session's); any refresh lease on the old tokens ends with them. */
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
    update: {
      ...columns,
      scopes,
      version: { increment: 1 },
      refreshedAt: ctx.now(),
      refreshLeaseUntil: null,
      refreshLeaseOwner: null,
    },
  });
}

function isFresh(ctx: ServiceContext, token: WalletToken): boolean {
  return token.accessTokenExpiresAt.getTime() - ctx.now().getTime() > ACCESS_TOKEN_MARGIN_MS;
}

function accessTokenOf(ctx: ServiceContext, token: WalletToken): string {
  return decryptSecret(token.accessTokenCipher, ctx.tokenKey, `access:${token.customerId}`);
}

function reauthorize(message: string): CustomerAuthorizationError {
  return new CustomerAuthorizationError(
    "REAUTHORIZE",
    `${message} Call my.getAuthCode again and start a new session.`,
  );
}

/** A usable access token for the customer, refreshed first if it is (nearly) expired. */
export async function getAccessToken(ctx: ServiceContext, customerId: string): Promise<string> {
  const token = await ctx.prisma.walletToken.findUnique({ where: { customerId } });
  if (!token) throw reauthorize("No wallet authorization is stored for this customer.");
  if (isFresh(ctx, token)) return accessTokenOf(ctx, token);
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

/** Refreshes the customer's tokens once (across processes) and returns the current access token. */
export async function refreshAccessToken(
  ctx: ServiceContext,
  customerId: string,
  options: RefreshOptions,
): Promise<string> {
  const deadline = Date.now() + REFRESH_WAIT_MS;
  let seenVersion = options.seenVersion;
  for (;;) {
    const token = await ctx.prisma.walletToken.findUnique({ where: { customerId } });
    if (!token) throw reauthorize("No wallet authorization is stored for this customer.");
    const refreshedMeanwhile = seenVersion !== undefined && token.version !== seenVersion;
    if (refreshedMeanwhile || (!options.force && isFresh(ctx, token))) return accessTokenOf(ctx, token);

    const lease = await claimRefreshLease(ctx, token);
    if (lease) return refreshWithLease(ctx, token, lease);

    // Another process is refreshing: wait for its tokens (the version moves) or its lease to lapse.
    seenVersion ??= token.version;
    if (Date.now() > deadline) {
      throw new WalletUnavailableError("Another refresh of this authorization is taking too long; retry.");
    }
    await new Promise((resolve) => setTimeout(resolve, REFRESH_POLL_MS));
  }
}

/** Takes the refresh lease of `token` if nobody holds it; the owner id, or null. */
async function claimRefreshLease(ctx: ServiceContext, token: WalletToken): Promise<string | null> {
  const owner = randomUUID();
  const now = ctx.now();
  const claimed = await ctx.prisma.walletToken.updateMany({
    where: {
      customerId: token.customerId,
      version: token.version,
      OR: [{ refreshLeaseUntil: null }, { refreshLeaseUntil: { lt: now } }],
    },
    data: { refreshLeaseUntil: new Date(now.getTime() + REFRESH_LEASE_MS), refreshLeaseOwner: owner },
  });
  return claimed.count === 1 ? owner : null;
}

async function refreshWithLease(ctx: ServiceContext, token: WalletToken, owner: string): Promise<string> {
  const { customerId } = token;
  try {
    const refreshToken = decryptSecret(token.refreshTokenCipher, ctx.tokenKey, `refresh:${customerId}`);
    const answer = await ctx.wallet.applyToken({ grantType: "REFRESH_TOKEN", refreshToken });
    if (answer.status === "S") {
      // Stored (and the lease ended) before any caller uses the new access token. The wallet has
      // spent the old refresh token either way, so these tokens are the ones to keep.
      await ctx.prisma.$transaction([
        ctx.prisma.walletToken.updateMany({
          where: { customerId, version: token.version },
          data: {
            ...tokenColumns(ctx, customerId, answer.data),
            version: { increment: 1 },
            refreshedAt: ctx.now(),
            refreshLeaseUntil: null,
            refreshLeaseOwner: null,
          },
        }),
        ctx.prisma.customer.updateMany({
          where: { id: customerId, needsReauthorization: true },
          data: { needsReauthorization: false, reauthorizationReason: null },
        }),
      ]);
      return answer.data.accessToken as string;
    }
    if (answer.status === "F") return await refusedRefresh(ctx, customerId, answer.resultCode);
    throw new WalletUnavailableError("The wallet did not answer the token refresh; try again shortly.");
  } finally {
    // Whatever happened, a lease of ours that is still there ends now (a no-op after a success).
    await ctx.prisma.walletToken.updateMany({
      where: { customerId, refreshLeaseOwner: owner },
      data: { refreshLeaseUntil: null, refreshLeaseOwner: null },
    });
  }
}

async function refusedRefresh(ctx: ServiceContext, customerId: string, resultCode: string): Promise<string> {
  if (resultCode === "USED_REFRESH_TOKEN") {
    // Someone else's refresh succeeded with this token; its tokens are stored unless they were lost
    // in a crash, in which case only a new authorization helps.
    const latest = await ctx.prisma.walletToken.findUnique({ where: { customerId } });
    if (latest && isFresh(ctx, latest)) return accessTokenOf(ctx, latest);
  }
  if (DEAD_REFRESH_TOKEN.has(resultCode)) {
    await markNeedsReauthorization(ctx, customerId, resultCode);
    throw reauthorize(`The wallet refused to refresh the authorization (${resultCode}).`);
  }
  // Anything else (a signature or client misconfiguration, a parameter rule) is ours to fix, not the
  // customer's: their authorization is not thrown away for it.
  ctx.logger.error({ customerId, resultCode }, "token refresh refused");
  throw new WalletRejectedError(`The wallet refused the token refresh (${resultCode}).`, resultCode);
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
