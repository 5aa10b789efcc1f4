// Refreshing an agreement's paymentAuthCode (the agreement's access token) with the refresh token
// kept at binding (spec, applyToken rules 3–5), so a renewal months after signing needs nothing from
// the customer. One refresh per agreement at a time: the row is locked while the wallet answers, and
// a refresher that waited finds the token already fresh. A refresh token the wallet refuses means the
// agreement is over (the customer revoked it, or it expired): the agreement is moved to REVOKED or
// EXPIRED and the customer must sign again.

import type { ServiceContext } from "@/lib/platform/context/service-context";
import { decryptSecret, encryptSecret } from "@/lib/platform/crypto/secret-box";
import type { Agreement } from "@/lib/platform/db";
import { WalletUnavailableError } from "@/lib/platform/errors/domain-errors";
import { moveAgreement } from "./agreement-state";

export type AgreementTokenState = "fresh" | "refreshed" | "gone";

/** Refresh this long before expiry, so a charge never leaves with a token that dies on the way. */
const REFRESH_AHEAD_MS = 60_000;

/**
 * Makes sure the agreement's token is usable. `force` refreshes even a token that looks fresh (the
 * wallet said INVALID_ACCESS_TOKEN for it). Throws WalletUnavailableError when the wallet did not
 * answer (try again later); "gone" when the agreement can no longer be used.
 */
export async function ensureAgreementToken(
  ctx: ServiceContext,
  agreementId: string,
  options: { force?: boolean; seenToken?: string | null } = {},
): Promise<AgreementTokenState> {
  return ctx.prisma.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM agreements WHERE id = ${agreementId} FOR UPDATE`;
      const agreement = await tx.agreement.findUniqueOrThrow({ where: { id: agreementId } });
      if (agreement.status !== "ACTIVE" || !agreement.paymentAuthCodeCipher) return "gone";
      // Someone refreshed while we waited for the lock: use theirs.
      if (options.seenToken && agreement.paymentAuthCodeCipher !== options.seenToken) return "refreshed";
      const expiresAt = agreement.paymentAuthCodeExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
      if (!options.force && expiresAt - ctx.now().getTime() > REFRESH_AHEAD_MS) return "fresh";
      if (!agreement.refreshTokenCipher) {
        await moveAgreement(tx, agreement, {
          to: "EXPIRED",
          actor: "system",
          detail: { reason: "NO_REFRESH_TOKEN" },
        });
        return "gone";
      }
      const answer = await ctx.wallet.applyToken({
        grantType: "REFRESH_TOKEN",
        refreshToken: decryptSecret(
          agreement.refreshTokenCipher,
          ctx.tokenKey,
          `agreement-refresh:${agreement.id}`,
        ),
      });
      if (answer.status === "S" && answer.data.accessToken) {
        await tx.agreement.update({
          where: { id: agreement.id },
          data: refreshedColumns(ctx, agreement, answer.data),
        });
        return "refreshed";
      }
      // USED_REFRESH_TOKEN cannot happen under the lock unless another copy of the database refreshed:
      // not a reason to give the agreement up.
      if (answer.status !== "F" || answer.resultCode === "USED_REFRESH_TOKEN") {
        throw new WalletUnavailableError("The wallet did not refresh the agreement's token.");
      }
      // EXPIRED_REFRESH_TOKEN: it ran out; anything else (INVALID_REFRESH_TOKEN): it was withdrawn.
      const to = answer.resultCode === "EXPIRED_REFRESH_TOKEN" ? "EXPIRED" : "REVOKED";
      await moveAgreement(tx, agreement, { to, actor: "system", detail: { resultCode: answer.resultCode } });
      return "gone";
    },
    // The wallet answers inside the transaction: give it the client's time, not Prisma's 5 s default.
    { timeout: 30_000 },
  );
}

function refreshedColumns(
  ctx: ServiceContext,
  agreement: Agreement,
  data: {
    accessToken?: string | undefined;
    accessTokenExpiryTime?: string | undefined;
    refreshToken?: string | undefined;
    refreshTokenExpiryTime?: string | undefined;
  },
) {
  return {
    paymentAuthCodeCipher: encryptSecret(
      data.accessToken as string,
      ctx.tokenKey,
      `agreement:${agreement.id}`,
    ),
    paymentAuthCodeExpiresAt: data.accessTokenExpiryTime ? new Date(data.accessTokenExpiryTime) : null,
    ...(data.refreshToken
      ? {
          refreshTokenCipher: encryptSecret(
            data.refreshToken,
            ctx.tokenKey,
            `agreement-refresh:${agreement.id}`,
          ),
          refreshTokenExpiresAt: data.refreshTokenExpiryTime ? new Date(data.refreshTokenExpiryTime) : null,
        }
      : {}),
  };
}
