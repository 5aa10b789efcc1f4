// The `pay` request of an order, rebuilt identically from stored data every time: the first send and
// every retry with the same paymentRequestId must carry the same payload, or the wallet answers
// REPEAT_REQ_INCONSISTENT (spec, pay rule 4).
import { describeLines } from "@/lib/payments/catalog/price-items";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { decryptSecret } from "@/lib/platform/crypto/secret-box";
import type { Agreement, Order, OrderItem } from "@/lib/platform/db";
import { StateInvalidError } from "@/lib/platform/errors/domain-errors";
import type { OperationRequest } from "@/lib/wallet/operations";
import { formatWalletTime } from "@/lib/wallet/signature";
import { notifyUrl } from "./wallet-urls";

/** What the caller may already hold, so it is not read again. */
export interface KnownPayParties {
  walletCustomerId?: string;
  agreement?: Agreement;
}

export async function buildPayRequest(
  ctx: ServiceContext,
  order: Order & { items: OrderItem[] },
  known: KnownPayParties = {},
): Promise<OperationRequest<"pay">> {
  const walletCustomerId =
    known.walletCustomerId ??
    (await ctx.prisma.customer.findUniqueOrThrow({ where: { id: order.customerId } })).walletCustomerId;
  let paymentAuthCode: string | undefined;
  if (order.flow === "AGREEMENT") {
    const agreement =
      known.agreement?.id === order.agreementId
        ? known.agreement
        : order.agreementId
          ? await ctx.prisma.agreement.findUnique({ where: { id: order.agreementId } })
          : null;
    if (!agreement?.paymentAuthCodeCipher) throw new StateInvalidError("The order's agreement is gone.");
    paymentAuthCode = decryptSecret(
      agreement.paymentAuthCodeCipher,
      ctx.tokenKey,
      `agreement:${agreement.id}`,
    );
  }
  const lines = [...order.items].sort((a, b) => a.sku.localeCompare(b.sku));
  return {
    productCode: order.productCode,
    paymentRequestId: order.paymentRequestId,
    paymentAmount: { currency: order.currency, value: order.amountFils.toString() },
    order: {
      orderDescription: describeLines(lines),
      buyer: { referenceBuyerId: walletCustomerId },
    },
    ...(paymentAuthCode ? { paymentAuthCode } : {}),
    ...(order.paymentExpiresAt ? { paymentExpiryTime: formatWalletTime(order.paymentExpiresAt) } : {}),
    paymentNotifyUrl: notifyUrl(ctx.publicBaseUrl, "payment"),
    ...(order.flow === "ESCROW" ? { voidNotifyUrl: notifyUrl(ctx.publicBaseUrl, "void") } : {}),
  };
}
