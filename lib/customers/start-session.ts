// POST /api/mini/session: an authCode from my.getAuthCode becomes a stored customer with encrypted
// wallet tokens, and the mini program gets our own session token (never the wallet's tokens).

import { issueSessionToken } from "@/lib/customers/session-token";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import {
  CustomerAuthorizationError,
  WalletRejectedError,
  WalletUnavailableError,
} from "@/lib/platform/errors/domain-errors";
import { storeTokens } from "./customer-tokens";

// Spec, applyToken errors: "For the code errors, a new authCode is obtained through my.getAuthCode".
const CODE_ERRORS = new Set(["INVALID_CODE", "USED_CODE", "EXPIRED_CODE"]);

export interface StartSessionInput {
  authCode: string;
  /** `authSuccessScopes` from my.getAuthCode, as the mini program reports them (informational). */
  scopes?: string[] | undefined;
}

export async function startSession(ctx: ServiceContext, input: StartSessionInput) {
  const answer = await ctx.wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode: input.authCode });

  if (answer.status === "F") {
    if (CODE_ERRORS.has(answer.resultCode)) {
      throw new CustomerAuthorizationError(
        "AUTH_CODE_REJECTED",
        `The wallet rejected the authorization code (${answer.resultCode}). Call my.getAuthCode again.`,
        { resultCode: answer.resultCode },
      );
    }
    throw new WalletRejectedError(
      `The wallet refused the authorization (${answer.resultCode}).`,
      answer.resultCode,
    );
  }
  if (answer.status !== "S") {
    // An authCode is single-use: after an unknown outcome it may be spent, so ask for a new one.
    throw new WalletUnavailableError(
      "The wallet did not confirm the authorization. Call my.getAuthCode again and retry.",
    );
  }

  const tokens = answer.data;
  const walletCustomerId = tokens.customerId as string;
  const scopes = [...new Set(input.scopes ?? [])].sort();
  const customer = await ctx.prisma.$transaction(async (tx) => {
    const row = await tx.customer.upsert({
      where: { walletCustomerId },
      create: { walletCustomerId, scopes, lastSeenAt: ctx.now() },
      update: {
        lastSeenAt: ctx.now(),
        needsReauthorization: false,
        reauthorizationReason: null,
        ...(input.scopes ? { scopes } : {}),
      },
    });
    await storeTokens(ctx, row.id, tokens, row.scopes, tx);
    return row;
  });

  const session = await issueSessionToken(customer.id, ctx.sessionSecret, ctx.now());
  ctx.logger.info({ customerId: customer.id }, "mini program session started");
  return {
    sessionToken: session.sessionToken,
    expiresAt: session.expiresAt.toISOString(),
    customer: { id: customer.id, scopes: customer.scopes },
  };
}
