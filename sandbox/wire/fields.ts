// How the sandbox's records look in the wallet's answers and notifications: amounts as
// `{currency, value}` with the value a string of fils, times in the wallet's format (ISO 8601 with a
// numeric offset). One place, so an answer and the notification about the same payment agree.
import { formatWalletTime } from "@/lib/wallet/signature";
import type { Payment, Refund } from "../store/entities";

export function walletAmount(fils: bigint, currency: string): { currency: string; value: string } {
  return { currency, value: fils.toString() };
}

/** Sandbox-clock epoch milliseconds in the wallet's time format. */
export function walletTime(ms: number): string {
  return formatWalletTime(new Date(ms));
}

/** What inquiryPayment and the payment notification both say about a payment. */
export function paymentFields(payment: Payment) {
  return {
    paymentId: payment.paymentId,
    paymentRequestId: payment.paymentRequestId,
    paymentAmount: walletAmount(payment.amount, payment.currency),
    paymentCreateTime: walletTime(payment.createdAt),
    ...(payment.paidAt !== undefined ? { paymentTime: walletTime(payment.paidAt) } : {}),
  };
}

/** What refund, inquiryRefund and the refund notification all name a refund by. */
export function refundFields(refund: Refund) {
  return {
    refundId: refund.refundId,
    refundRequestId: refund.refundRequestId,
    refundAmount: walletAmount(refund.amount, refund.currency),
  };
}
