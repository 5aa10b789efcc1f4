// Payment state changes shared by the operations, the cashier page, the control API and the clock
// loop. Every change of `status` goes through `finishPayment`, which also emits the payment
// notification (spec, Events: "a payment reaches a final status").
import type { SandboxContext } from "../context";
import { newId } from "../ids";
import { paymentNotification } from "../notifications/payloads";
import { failed, success } from "../operations/results";
import type {
  Payment,
  PaymentStatus,
  Transaction,
  TransactionStatus,
  TransactionType,
  WalletResult,
} from "../store/entities";
import { accountRejection, debit, fundsRejection } from "./users";

export function addTransaction(
  payment: Payment,
  type: TransactionType,
  status: TransactionStatus,
  amount: bigint,
  at: number,
): Transaction {
  const transaction: Transaction = {
    transactionId: newId("txn_", 10),
    transactionType: type,
    transactionStatus: status,
    transactionAmount: amount,
    transactionTime: at,
  };
  payment.transactions.push(transaction);
  return transaction;
}

/** Moves a payment out of PROCESSING and notifies `paymentNotifyUrl`. */
export function finishPayment(
  ctx: SandboxContext,
  payment: Payment,
  status: Exclude<PaymentStatus, "PROCESSING">,
  result: WalletResult,
  notify = true,
): void {
  const now = ctx.clock.nowMs();
  payment.status = status;
  payment.finishedAt = now;
  payment.finalResult = result;
  payment.completesAt = undefined;
  if (status === "SUCCESS") {
    payment.paidAt = now;
    if (payment.flow === "ESCROW") payment.escrowStage = "PAID";
  }
  const pay = payment.transactions.find((t) => t.transactionType === "PAY");
  if (pay) {
    pay.transactionStatus = status === "SUCCESS" ? "SUCCESS" : "FAIL";
    pay.transactionTime = now;
  }
  ctx.store.save("payment", payment);
  if (notify && payment.paymentNotifyUrl) {
    ctx.notifier.enqueue({
      kind: "payment",
      clientId: payment.clientId,
      url: payment.paymentNotifyUrl,
      payload: paymentNotification(payment, result),
      paymentId: payment.paymentId,
      subjectId: payment.paymentId,
    });
  }
}

/** Closes a payment nobody paid before its paymentExpiryTime (spec: "closes automatically"). */
export function closeIfExpired(ctx: SandboxContext, payment: Payment): boolean {
  if (payment.status !== "PROCESSING" || payment.expiresAt === undefined) return false;
  if (payment.completesAt !== undefined) return false; // an agreement charge in process is not a cashier wait
  if (payment.expiresAt > ctx.clock.nowMs()) return false;
  finishPayment(
    ctx,
    payment,
    "CLOSED",
    failed("ORDER_IS_CLOSED", "the payment expired before the user paid"),
  );
  return true;
}

/**
 * Charges the agreement holder now: S with the debit, or F with the refusal. A synchronous F is
 * not notified (the `pay` answer already carries it and no payment was created); a deferred one
 * (PAYMENT_IN_PROCESS) is, because the merchant only ever saw U.
 */
export function chargeAgreement(ctx: SandboxContext, payment: Payment, deferred = false): WalletResult {
  const user = payment.userId ? ctx.store.get("user", payment.userId) : undefined;
  const now = ctx.clock.nowMs();
  const refusal = !user
    ? failed("USER_NOT_EXIST", "the user does not exist")
    : (accountRejection(user) ?? fundsRejection(user, payment.amount, ctx.settings(), now));
  if (refusal || !user) {
    const result = refusal ?? failed("USER_NOT_EXIST", "the user does not exist");
    finishPayment(ctx, payment, "FAIL", result, deferred);
    return result;
  }
  debit(ctx.store, user, payment.amount, now);
  const result = success();
  finishPayment(ctx, payment, "SUCCESS", result);
  return result;
}

export type CashierOutcome = { ok: true; payment: Payment } | { ok: false; code: string; message: string };

/**
 * An expired payment is ORDER_IS_CLOSED to the user, whether this click found it expired or the
 * sweep or an inquiry closed it a moment before.
 */
function refuseIfClosed(ctx: SandboxContext, payment: Payment): CashierOutcome | undefined {
  closeIfExpired(ctx, payment);
  if (payment.status !== "CLOSED") return undefined;
  return {
    ok: false,
    code: "ORDER_IS_CLOSED",
    message: payment.finalResult?.resultMessage ?? "the payment is closed",
  };
}

/** What the user's "Pay" button at the cashier does. Refusals leave the payment waiting. */
export function payAtCashier(ctx: SandboxContext, payment: Payment): CashierOutcome {
  const closed = refuseIfClosed(ctx, payment);
  if (closed) return closed;
  if (payment.status !== "PROCESSING") {
    return { ok: false, code: "ORDER_STATUS_INVALID", message: `the payment is already ${payment.status}` };
  }
  const user = payment.userId ? ctx.store.get("user", payment.userId) : undefined;
  if (!user) return { ok: false, code: "USER_NOT_EXIST", message: "the buyer does not exist" };
  const now = ctx.clock.nowMs();
  const refusal = accountRejection(user) ?? fundsRejection(user, payment.amount, ctx.settings(), now);
  if (refusal) return { ok: false, code: refusal.resultCode, message: refusal.resultMessage };
  debit(ctx.store, user, payment.amount, now);
  finishPayment(ctx, payment, "SUCCESS", success());
  return { ok: true, payment };
}

/** What the user's "Cancel" button at the cashier does. */
export function cancelAtCashier(ctx: SandboxContext, payment: Payment): CashierOutcome {
  const closed = refuseIfClosed(ctx, payment);
  if (closed) return closed;
  if (payment.status !== "PROCESSING") {
    return { ok: false, code: "ORDER_STATUS_INVALID", message: `the payment is already ${payment.status}` };
  }
  finishPayment(
    ctx,
    payment,
    "CANCELLED",
    failed("USER_CANCELLED", "the user cancelled the payment at the cashier"),
  );
  return { ok: true, payment };
}

/** Amount the merchant holds and may refund: the payment minus voids (escrow) once captured. */
export function capturedAmount(payment: Payment): bigint {
  return payment.amount - payment.voidedAmount;
}
