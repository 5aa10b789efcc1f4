// Refund completion: a refund stays PROCESSING (REFUND_IN_PROCESS) for `refundDelaySeconds` of
// sandbox time, then succeeds (funds back to the user) or fails (the reserved amount is released).
import type { SandboxContext } from "../context";
import { refundNotification } from "../notifications/payloads";
import type { Refund } from "../store/entities";
import { credit } from "./users";

export function completeRefund(ctx: SandboxContext, refund: Refund): void {
  if (refund.status !== "PROCESSING") return;
  const { store } = ctx;
  const now = ctx.clock.nowMs();
  const payment = store.get("payment", refund.paymentId);
  const user = payment?.userId ? store.get("user", payment.userId) : undefined;
  // A real cause for FAIL: the user's account got restricted while the refund was processing.
  const failReason = refund.willFail
    ? "the refund was rejected by the wallet (sandbox fault REFUND_FAIL)"
    : user?.persona === "restricted"
      ? "the user account is restricted and cannot receive funds"
      : undefined;
  if (failReason) {
    refund.status = "FAIL";
    refund.failReason = failReason;
    if (payment) payment.refundedAmount -= refund.amount;
  } else {
    refund.status = "SUCCESS";
    refund.refundTime = now;
    credit(store, payment?.userId, refund.amount);
  }
  if (payment) {
    const transaction = payment.transactions.find((t) => t.transactionId === refund.transactionId);
    if (transaction) {
      transaction.transactionStatus = refund.status;
      transaction.transactionTime = now;
    }
    store.save("payment", payment);
  }
  store.save("refund", refund);
  if (refund.refundNotifyUrl) {
    ctx.notifier.enqueue({
      kind: "refund",
      clientId: refund.clientId,
      url: refund.refundNotifyUrl,
      payload: refundNotification(refund),
      paymentId: refund.paymentId,
      subjectId: refund.refundId,
    });
  }
}
