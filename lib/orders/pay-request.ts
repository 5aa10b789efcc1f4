// The `pay` request of an order, rebuilt identically from stored data every time: the first send and
// every retry with the same paymentRequestId must carry the same payload, or the wallet answers
// REPEAT_REQ_INCONSISTENT (spec, pay rule 4).
import { describeLines } from "@/lib/catalog/price-items";
import { decryptSecret } from "@/lib/crypto/secret-box";
import type { Order, OrderItem } from "@/lib/db";
import { ApiError } from "@/lib/http/api-error";
import type { ServiceContext } from "@/lib/services/context";
import type { OperationRequest } from "@/lib/wallet/operations";
import { formatWalletTime } from "@/lib/wallet/signature";
import { notifyUrl } from "./wallet-urls";

export async function buildPayRequest(
  ctx: ServiceContext,
  order: Order & { items: OrderItem[] },
): Promise<OperationRequest<"pay">> {
  const customer = await ctx.prisma.customer.findUniqueOrThrow({ where: { id: order.customerId } });
  let paymentAuthCode: string | undefined;
  if (order.flow === "AGREEMENT") {
    const agreement = order.agreementId
      ? await ctx.prisma.agreement.findUnique({ where: { id: order.agreementId } })
      : null;
    if (!agreement?.paymentAuthCodeCipher)
      throw new ApiError("ORDER_STATUS_INVALID", "The order's agreement is gone.");
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
      buyer: { referenceBuyerId: customer.walletCustomerId },
    },
    ...(paymentAuthCode ? { paymentAuthCode } : {}),
    ...(order.paymentExpiresAt ? { paymentExpiryTime: formatWalletTime(order.paymentExpiresAt) } : {}),
    paymentNotifyUrl: notifyUrl(ctx.publicBaseUrl, "payment"),
    ...(order.flow === "ESCROW" ? { voidNotifyUrl: notifyUrl(ctx.publicBaseUrl, "void") } : {}),
  };
}
