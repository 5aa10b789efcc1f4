// Notification bodies: the payment, void and refund results the wallet posts to the merchant.
import type { Payment, Refund, Void, WalletResult } from "../store/entities";
import { paymentFields, refundFields, walletAmount, walletTime } from "../wire/fields";

export function paymentNotification(payment: Payment, paymentResult: WalletResult): Record<string, unknown> {
  return {
    ...paymentFields(payment),
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
    voidAmount: walletAmount(voided.amount, voided.currency),
    voidTime: walletTime(voided.voidTime),
    voidResult: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
  };
}

export function refundNotification(refund: Refund): Record<string, unknown> {
  const succeeded = refund.status === "SUCCESS";
  return {
    paymentId: refund.paymentId,
    ...refundFields(refund),
    refundStatus: refund.status,
    ...(refund.refundTime !== undefined ? { refundTime: walletTime(refund.refundTime) } : {}),
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
