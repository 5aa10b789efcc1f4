// Notification bodies (DESIGN.md, "Notifications from the wallet"). Times are wallet-formatted
// (ISO 8601 with a numeric offset); amounts are strings of fils.
import { formatWalletTime } from "@/lib/wallet/signature";
import type { Payment, Refund, Void, WalletResult } from "../store/entities";

function money(value: bigint, currency: string) {
  return { currency, value: value.toString() };
}

export function paymentNotification(payment: Payment, paymentResult: WalletResult): Record<string, unknown> {
  return {
    paymentId: payment.paymentId,
    paymentRequestId: payment.paymentRequestId,
    paymentAmount: money(payment.amount, payment.currency),
    paymentCreateTime: formatWalletTime(new Date(payment.createdAt)),
    ...(payment.paidAt !== undefined ? { paymentTime: formatWalletTime(new Date(payment.paidAt)) } : {}),
    paymentStatus: payment.status,
    paymentResult,
    ...(payment.extendInfo ? { extendInfo: payment.extendInfo } : {}),
  };
}

export function voidNotification(voided: Void): Record<string, unknown> {
  return {
    paymentId: voided.paymentId,
    voidRequestId: voided.voidRequestId,
    voidId: voided.voidId,
    voidAmount: money(voided.amount, voided.currency),
    voidTime: formatWalletTime(new Date(voided.voidTime)),
    voidResult: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
  };
}

export function refundNotification(refund: Refund): Record<string, unknown> {
  const succeeded = refund.status === "SUCCESS";
  return {
    paymentId: refund.paymentId,
    refundRequestId: refund.refundRequestId,
    refundId: refund.refundId,
    refundAmount: money(refund.amount, refund.currency),
    refundStatus: refund.status,
    ...(refund.refundTime !== undefined ? { refundTime: formatWalletTime(new Date(refund.refundTime)) } : {}),
    ...(refund.failReason ? { refundFailReason: refund.failReason } : {}),
    refundResult: succeeded
      ? { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" }
      : {
          resultCode: "REFUND_FAILED",
          resultStatus: "F",
          resultMessage: refund.failReason ?? "refund failed",
        },
  };
}
