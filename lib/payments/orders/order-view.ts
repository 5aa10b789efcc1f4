// What the mini program sees of an order. UNKNOWN and CREATED read as PROCESSING: the customer
// cannot act on "unknown", and the order is being settled with the wallet.
import type { Order, OrderItem } from "@/lib/platform/db";

export type PublicOrderStatus =
  | "PROCESSING"
  | "PENDING"
  | "PAID"
  | "FAILED"
  | "CLOSED"
  | "ACCEPTED"
  | "CONFIRMED"
  | "CANCELLED"
  | "VOIDED";

function publicStatus(status: Order["status"]): PublicOrderStatus {
  return status === "UNKNOWN" || status === "CREATED" ? "PROCESSING" : status;
}

const FAILURE_MESSAGES: Record<string, string> = {
  USER_BALANCE_NOT_ENOUGH: "Your wallet balance is not enough for this order.",
  USER_AMOUNT_EXCEED_LIMIT: "This amount is above your wallet's limit.",
  PAYMENT_AMOUNT_EXCEED_LIMIT: "This amount is above the payment limit.",
  USER_STATUS_ABNORMAL: "Your wallet account is restricted; contact the wallet's support.",
  USER_NOT_EXIST: "The wallet does not know this user; authorize again.",
  RISK_REJECT: "The wallet declined this payment.",
  CURRENCY_NOT_SUPPORT: "This currency is not supported.",
  ORDER_STATUS_INVALID: "This order can no longer be paid.",
  INVALID_ACCESS_TOKEN: "The payment agreement is no longer valid; sign it again.",
  PARTNER_STATUS_ABNORMAL: "The shop cannot take payments right now.",
  PARTNER_NOT_EXIST: "The shop cannot take payments right now.",
};

function failureMessage(resultCode: string | null): string | undefined {
  if (!resultCode) return undefined;
  return FAILURE_MESSAGES[resultCode] ?? "The payment did not go through.";
}

export function orderView(order: Order & { items?: OrderItem[] }) {
  return {
    orderId: order.id,
    flow: order.flow,
    status: publicStatus(order.status),
    amount: { currency: order.currency, value: order.amountFils.toString() },
    ...(order.status === "PENDING" && order.redirectionUrl ? { redirectionUrl: order.redirectionUrl } : {}),
    ...(order.status === "FAILED"
      ? { failure: { code: order.resultCode, message: failureMessage(order.resultCode) } }
      : {}),
    // What the wallet confirmed back: a refund still in flight is not money the customer has.
    refunded: order.confirmedRefundFils.toString(),
    voided: order.voidedFils.toString(),
    items: order.items?.map((item) => ({
      sku: item.sku,
      name: item.name,
      nameArabic: item.nameArabic,
      unitPrice: item.unitPriceFils.toString(),
      quantity: item.quantity,
    })),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString(),
  };
}
