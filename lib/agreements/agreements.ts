// Agreement payment (spec, "Agreement sequence"): prepare a contract (→ authorizationUrl for
// my.call('walletSignContract')), bind the resulting authCode (applyToken → the accessToken that is
// sent as paymentAuthCode), then pay silently with it.
import { v7 as uuidv7 } from "uuid";
import { encryptSecret } from "@/lib/crypto/secret-box";
import { ApiError } from "@/lib/http/api-error";
import type { ServiceContext } from "@/lib/services/context";

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
      throw new ApiError(
        "WALLET_REJECTED",
        `The wallet refused to prepare the agreement (${answer.resultCode}).`,
      );
    }
    throw new ApiError("WALLET_UNAVAILABLE", "The wallet did not prepare the agreement; try again.");
  }
  const agreement = await ctx.prisma.agreement.create({
    data: { id: uuidv7(), customerId, status: "PREPARED", authorizationUrl: answer.data.authorizationUrl },
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
  if (!agreement) throw new ApiError("NOT_FOUND", "No prepared agreement to bind; prepare one first.");
  const customer = await ctx.prisma.customer.findUniqueOrThrow({ where: { id: customerId } });

  const answer = await ctx.wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode: input.authCode });
  if (answer.status === "F") {
    throw new ApiError(
      "AUTH_CODE_REJECTED",
      `The wallet rejected the agreement code (${answer.resultCode}).`,
      {
        resultCode: answer.resultCode,
      },
    );
  }
  if (answer.status !== "S")
    throw new ApiError("WALLET_UNAVAILABLE", "The wallet did not confirm the agreement.");
  // Spec, pay: "The buyer and the payer must be the same person": the agreement must be the
  // session customer's own, or its token would let one user pay with another's wallet.
  if (answer.data.customerId !== customer.walletCustomerId) {
    throw new ApiError(
      "FORBIDDEN",
      "The agreement was signed by a different wallet user than this session's.",
    );
  }
  const bound = await ctx.prisma.$transaction(async (tx) => {
    // One active agreement per customer: the new one replaces the old.
    await tx.agreement.updateMany({ where: { customerId, status: "ACTIVE" }, data: { status: "REVOKED" } });
    return tx.agreement.update({
      where: { id: agreement.id },
      data: {
        status: "ACTIVE",
        paymentAuthCodeCipher: encryptSecret(
          answer.data.accessToken as string,
          ctx.tokenKey,
          `agreement:${agreement.id}`,
        ),
        paymentAuthCodeExpiresAt: answer.data.accessTokenExpiryTime
          ? new Date(answer.data.accessTokenExpiryTime)
          : null,
        walletCustomerId: answer.data.customerId ?? null,
        boundAt: ctx.now(),
      },
    });
  });
  return {
    agreementId: bound.id,
    status: bound.status,
    expiresAt: bound.paymentAuthCodeExpiresAt?.toISOString() ?? null,
  };
}
