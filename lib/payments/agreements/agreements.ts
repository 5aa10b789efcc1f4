// Agreement payment (spec, "Agreement sequence"): prepare a contract (→ authorizationUrl for
// my.call('walletSignContract')), bind the resulting authCode (applyToken → the accessToken that is
// sent as paymentAuthCode), then pay silently with it.

import type { ServiceContext } from "@/lib/platform/context/service-context";
import { encryptSecret } from "@/lib/platform/crypto/secret-box";
import {
  CustomerAuthorizationError,
  ForbiddenError,
  NotFoundError,
  WalletRejectedError,
  WalletUnavailableError,
} from "@/lib/platform/errors/domain-errors";
import { newRowId } from "@/lib/platform/ids/request-ids";
import { moveAgreement } from "./agreement-state";

export interface PrepareInput {
  contractDescription: string;
  language?: string | undefined;
}

export async function prepareAgreement(ctx: ServiceContext, customerId: string, input: PrepareInput) {
  const answer = await ctx.wallet.prepare({
    scopes: "AGREEMENT_PAY",
    extendInfo: JSON.stringify({
      contractDesc: input.contractDescription,
      language: input.language ?? "en-US",
    }),
  });
  if (answer.status !== "S" || !answer.data.authorizationUrl) {
    if (answer.status === "F") {
      throw new WalletRejectedError(
        `The wallet refused to prepare the agreement (${answer.resultCode}).`,
        answer.resultCode,
      );
    }
    throw new WalletUnavailableError("The wallet did not prepare the agreement; try again.");
  }
  const agreement = await ctx.prisma.agreement.create({
    data: { id: newRowId(), customerId, status: "PREPARED", authorizationUrl: answer.data.authorizationUrl },
  });
  return { agreementId: agreement.id, authorizationUrl: agreement.authorizationUrl as string };
}

export async function bindAgreement(
  ctx: ServiceContext,
  customerId: string,
  input: { authCode: string; agreementId?: string | undefined },
) {
  const agreement = await ctx.prisma.agreement.findFirst({
    where: { customerId, status: "PREPARED", ...(input.agreementId ? { id: input.agreementId } : {}) },
    orderBy: { createdAt: "desc" },
  });
  if (!agreement) throw new NotFoundError("No prepared agreement to bind; prepare one first.");
  const customer = await ctx.prisma.customer.findUniqueOrThrow({ where: { id: customerId } });

  const answer = await ctx.wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode: input.authCode });
  if (answer.status === "F") {
    throw new CustomerAuthorizationError(
      "AUTH_CODE_REJECTED",
      `The wallet rejected the agreement code (${answer.resultCode}).`,
      { resultCode: answer.resultCode },
    );
  }
  if (answer.status !== "S") throw new WalletUnavailableError("The wallet did not confirm the agreement.");
  // Spec, pay: "The buyer and the payer must be the same person": the agreement must be the
  // session customer's own, or its token would let one user pay with another's wallet.
  if (answer.data.customerId !== customer.walletCustomerId) {
    throw new ForbiddenError("The agreement was signed by a different wallet user than this session's.");
  }
  const actor = `customer:${customerId}`;
  const bound = await ctx.prisma.$transaction(async (tx) => {
    // One active agreement per customer: the new one replaces the old.
    const active = await tx.agreement.findMany({ where: { customerId, status: "ACTIVE" } });
    for (const previous of active) {
      await moveAgreement(tx, previous, { to: "REVOKED", actor, detail: { replacedBy: agreement.id } });
    }
    const activated = await moveAgreement(tx, agreement, {
      to: "ACTIVE",
      actor,
      data: {
        paymentAuthCodeCipher: encryptSecret(
          answer.data.accessToken as string,
          ctx.tokenKey,
          `agreement:${agreement.id}`,
        ),
        paymentAuthCodeExpiresAt: answer.data.accessTokenExpiryTime
          ? new Date(answer.data.accessTokenExpiryTime)
          : null,
        // Kept so a renewal can refresh an expired paymentAuthCode without the customer (spec,
        // applyToken rule 3): subscriptions charge long after the access token's hour is over.
        refreshTokenCipher: answer.data.refreshToken
          ? encryptSecret(answer.data.refreshToken, ctx.tokenKey, `agreement-refresh:${agreement.id}`)
          : null,
        refreshTokenExpiresAt: answer.data.refreshTokenExpiryTime
          ? new Date(answer.data.refreshTokenExpiryTime)
          : null,
        walletCustomerId: answer.data.customerId ?? null,
        boundAt: ctx.now(),
      },
    });
    // A concurrent bind of the same prepared agreement won: its result stands.
    if (!activated) throw new NotFoundError("This agreement was bound meanwhile; prepare a new one.");
    return tx.agreement.findUniqueOrThrow({ where: { id: agreement.id } });
  });
  return {
    agreementId: bound.id,
    status: bound.status,
    expiresAt: bound.paymentAuthCodeExpiresAt?.toISOString() ?? null,
  };
}
