// JSON views of stored entities for the control API: times as wallet-formatted strings, amounts as
// strings of fils.
import { registeredKeys } from "../http/authenticate";
import type { Merchant, Notification, Payment, Refund, User } from "../store/entities";
import { walletTime } from "../wire/fields";

const time = (ms: number | undefined) => (ms === undefined ? undefined : walletTime(ms));

export function userView(user: User) {
  return {
    userId: user.userId,
    persona: user.persona,
    balance: user.balance.toString(),
    loginId: user.loginId,
  };
}

export function merchantView(merchant: Merchant) {
  return {
    clientId: merchant.clientId,
    keyVersions: Object.keys(registeredKeys(merchant)),
    status: merchant.status,
    notifyUrlAllowlist: merchant.notifyUrlAllowlist,
    merchantId: merchant.merchantId,
    merchantName: merchant.merchantName,
  };
}

export function paymentControlView(payment: Payment) {
  return {
    paymentId: payment.paymentId,
    clientId: payment.clientId,
    paymentRequestId: payment.paymentRequestId,
    flow: payment.flow,
    status: payment.status,
    escrowStage: payment.escrowStage,
    amount: payment.amount.toString(),
    currency: payment.currency,
    userId: payment.userId,
    voidedAmount: payment.voidedAmount.toString(),
    refundedAmount: payment.refundedAmount.toString(),
    payResult: payment.payResult,
    finalResult: payment.finalResult,
    createdAt: time(payment.createdAt),
    expiresAt: time(payment.expiresAt),
    paidAt: time(payment.paidAt),
    transactions: payment.transactions.map((t) => ({
      ...t,
      transactionAmount: t.transactionAmount.toString(),
      transactionTime: time(t.transactionTime),
    })),
  };
}

export function refundView(refund: Refund) {
  return {
    refundId: refund.refundId,
    refundRequestId: refund.refundRequestId,
    clientId: refund.clientId,
    paymentId: refund.paymentId,
    amount: refund.amount.toString(),
    currency: refund.currency,
    status: refund.status,
    failReason: refund.failReason,
    createdAt: time(refund.createdAt),
    completesAt: time(refund.completesAt),
    refundTime: time(refund.refundTime),
  };
}

export function notificationView(notification: Notification) {
  let payload: unknown;
  try {
    payload = JSON.parse(notification.body);
  } catch {
    payload = undefined;
  }
  return {
    id: notification.id,
    kind: notification.kind,
    clientId: notification.clientId,
    url: notification.url,
    status: notification.status,
    paymentId: notification.paymentId,
    subjectId: notification.subjectId,
    createdAt: time(notification.createdAt),
    nextAttemptAt: time(notification.nextAttemptAt),
    sends: notification.sends,
    duplicate: notification.duplicate,
    body: notification.body,
    payload,
    attempts: notification.attempts.map((attempt) => ({ ...attempt, at: time(attempt.at) })),
  };
}
