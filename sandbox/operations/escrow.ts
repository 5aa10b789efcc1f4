// Escrow lifecycle (spec, "States and transitions", the escrow table): merchantAccept, cancel,
// void and confirm. Each runs under the payment's lock, so an operation that overlaps another one
// on the same payment is MUTEX_OPERATION_IN_PROCESSING.
import { cancelRequest, confirmRequest, merchantAcceptRequest, voidRequest } from "@/lib/wallet/operations";
import type { OperationContext } from "../context";
import { addTransaction, closeIfExpired, finishPayment } from "../domain/payments";
import { credit } from "../domain/users";
import { newId } from "../ids";
import { voidNotification } from "../notifications/payloads";
import type { Payment } from "../store/entities";
import { scopedKey } from "../store/store";
import { walletTime } from "../wire/fields";
import { findPayment, requireEscrow } from "./find-owned";
import { fail, failed, fingerprint, parseRequest, replayed, success } from "./results";
import type { OperationHandler, ResponseBody } from "./types";

/** The escrow payment an operation names, changed under that payment's lock. */
function onEscrowPayment(
  ctx: OperationContext,
  paymentId: string,
  work: (payment: Payment) => ResponseBody,
): Promise<ResponseBody> {
  const payment = findPayment(ctx, paymentId);
  requireEscrow(payment);
  return ctx.locks.run(payment.paymentId, ctx.settings().operationLatencyMs, () => {
    closeIfExpired(ctx, payment);
    return work(payment);
  });
}

function notPaid(payment: Payment): boolean {
  return payment.status === "PROCESSING" || payment.escrowStage === "AWAITING_PAYMENT";
}

export const merchantAccept: OperationHandler = {
  name: "merchantAccept",
  appliesOwnLatency: true,
  handle(ctx, body) {
    const request = parseRequest(merchantAcceptRequest, body);
    return onEscrowPayment(ctx, request.paymentId, (payment) => {
      if (payment.escrowStage === "ACCEPTED") {
        throw fail("ORDER_IS_MERCHANT_ACCEPTED", "the order was already accepted");
      }
      if (payment.status !== "SUCCESS" || payment.escrowStage !== "PAID") {
        throw fail(
          "ORDER_STATUS_INVALID",
          notPaid(payment) ? "the payment is not completed" : `the order is ${describeStage(payment)}`,
        );
      }
      const now = ctx.clock.nowMs();
      payment.escrowStage = "ACCEPTED";
      payment.acceptedAt = now;
      addTransaction(payment, "ACCEPT", "SUCCESS", payment.amount, now);
      ctx.store.save("payment", payment);
      return { result: success() };
    });
  },
};

export const cancel: OperationHandler = {
  name: "cancel",
  appliesOwnLatency: true,
  handle(ctx, body) {
    const request = parseRequest(cancelRequest, body);
    return onEscrowPayment(ctx, request.paymentId, (payment) => {
      const now = ctx.clock.nowMs();
      if (payment.cancelTime !== undefined) {
        // Cancelling twice is answered like the first time: the request carries no other id.
        return {
          result: success(),
          paymentId: payment.paymentId,
          cancelTime: walletTime(payment.cancelTime),
        };
      }
      if (payment.escrowStage === "CONFIRMED") {
        throw fail("ORDER_HAS_BEEN_CAPTURED", "the order is already confirmed; use refund");
      }
      if (payment.escrowStage === "VOIDED" || payment.voidedAmount > 0n) {
        throw fail("ORDER_HAS_BEEN_VOIDED", "the order is already voided");
      }
      if (payment.escrowStage === "ACCEPTED") {
        throw fail("CANCEL_WINDOW_EXCEED", "the merchant already accepted the order; use void");
      }
      if (payment.status === "PROCESSING") {
        // Nothing was paid yet: the order is withdrawn and the cashier can no longer be paid.
        payment.cancelTime = now;
        addTransaction(payment, "CANCEL", "SUCCESS", payment.amount, now);
        finishPayment(
          ctx,
          payment,
          "CANCELLED",
          failed("ORDER_IS_CLOSED", "the merchant cancelled the order"),
        );
        return {
          result: success(),
          paymentId: payment.paymentId,
          cancelTime: walletTime(now),
        };
      }
      if (payment.status !== "SUCCESS" || payment.escrowStage !== "PAID") {
        throw fail("ORDER_STATUS_INVALID", `the order is ${describeStage(payment)}`);
      }
      const windowEnd = (payment.paidAt ?? payment.createdAt) + ctx.settings().cancelWindowSeconds * 1000;
      if (now > windowEnd)
        throw fail("CANCEL_WINDOW_EXCEED", "the cancel window has passed; use void or refund");
      // The full amount returns to the customer immediately (spec, cancel).
      credit(ctx.store, payment.userId, payment.amount);
      payment.status = "CANCELLED";
      payment.escrowStage = "CANCELLED";
      payment.cancelTime = now;
      payment.finishedAt = now;
      addTransaction(payment, "CANCEL", "SUCCESS", payment.amount, now);
      ctx.store.save("payment", payment);
      return { result: success(), paymentId: payment.paymentId, cancelTime: walletTime(now) };
    });
  },
};

export const voidPayment: OperationHandler = {
  name: "void",
  appliesOwnLatency: true,
  handle(ctx, body) {
    const request = parseRequest(voidRequest, body);
    const print = fingerprint(request);
    const key = scopedKey(ctx.merchant.clientId, request.voidRequestId);
    // Checked again under the lock: an identical request may have finished in between.
    const replayOf = () =>
      replayed(ctx.store.get("void", key), print, "voidRequestId", (earlier) => ({
        result: success(),
        voidRequestId: earlier.voidRequestId,
        voidId: earlier.voidId,
      }));
    const earlier = replayOf();
    if (earlier) return earlier;
    return onEscrowPayment(ctx, request.paymentId, (payment) => {
      const again = replayOf();
      if (again) return again;
      if (payment.escrowStage !== "ACCEPTED") {
        throw fail(
          "ORDER_STATUS_INVALID",
          payment.escrowStage === "PAID"
            ? "the order is not accepted yet; use cancel"
            : `the order cannot be voided: it is ${describeStage(payment)}`,
        );
      }
      const remaining = payment.amount - payment.voidedAmount;
      if (request.voidAmount && request.voidAmount.currency !== payment.currency) {
        throw fail("PARAM_ILLEGAL", "voidAmount.currency must be the payment currency");
      }
      const amount = request.voidAmount ? BigInt(request.voidAmount.value) : remaining;
      if (amount <= 0n) throw fail("PARAM_ILLEGAL", "voidAmount.value must be greater than zero");
      if (amount > remaining) {
        throw fail("VOID_AMOUNT_EXCEEDS_AUTH_LIMIT", "the void amount exceeds the amount still held");
      }
      const now = ctx.clock.nowMs();
      payment.voidedAmount += amount;
      if (payment.voidedAmount === payment.amount) payment.escrowStage = "VOIDED";
      addTransaction(payment, "VOID", "SUCCESS", amount, now);
      credit(ctx.store, payment.userId, amount);
      const voided = ctx.store.save("void", {
        key,
        voidId: newId("void_", 10),
        voidRequestId: request.voidRequestId,
        clientId: ctx.merchant.clientId,
        paymentId: payment.paymentId,
        amount,
        currency: payment.currency,
        fingerprint: print,
        voidTime: now,
      });
      ctx.store.save("payment", payment);
      if (payment.voidNotifyUrl) {
        ctx.notifier.enqueue({
          kind: "void",
          clientId: payment.clientId,
          url: payment.voidNotifyUrl,
          payload: voidNotification(voided),
          paymentId: payment.paymentId,
          subjectId: voided.voidId,
        });
      }
      return { result: success(), voidRequestId: voided.voidRequestId, voidId: voided.voidId };
    });
  },
};

export const confirm: OperationHandler = {
  name: "confirm",
  appliesOwnLatency: true,
  handle(ctx, body) {
    const request = parseRequest(confirmRequest, body);
    const print = fingerprint(request);
    return onEscrowPayment(ctx, request.paymentId, (payment) => {
      if (payment.confirm) {
        if (
          payment.confirm.confirmRequestId === request.confirmRequestId &&
          payment.confirm.fingerprint === print
        ) {
          return confirmResponse(payment);
        }
        throw fail("ORDER_STATUS_INVALID", "the order is already confirmed");
      }
      if (payment.escrowStage !== "ACCEPTED") {
        throw fail(
          "ORDER_STATUS_INVALID",
          payment.escrowStage === "PAID" || notPaid(payment)
            ? "the merchant has not accepted the order yet"
            : `the order is ${describeStage(payment)}`,
        );
      }
      const now = ctx.clock.nowMs();
      payment.escrowStage = "CONFIRMED";
      payment.confirm = {
        confirmRequestId: request.confirmRequestId,
        confirmId: newId("cfm_", 10),
        confirmTime: now,
        fingerprint: print,
      };
      // Escrowed funds, less any partial void, are released to the merchant.
      addTransaction(payment, "CONFIRM", "SUCCESS", payment.amount - payment.voidedAmount, now);
      ctx.store.save("payment", payment);
      return confirmResponse(payment);
    });
  },
};

function confirmResponse(payment: Payment): ResponseBody {
  const confirmed = payment.confirm;
  return {
    result: success(),
    confirmId: confirmed?.confirmId,
    confirmTime: confirmed ? walletTime(confirmed.confirmTime) : undefined,
  };
}

function describeStage(payment: Payment): string {
  if (payment.status !== "SUCCESS") return payment.status.toLowerCase();
  return (payment.escrowStage ?? "paid").toLowerCase().replace("_", " ");
}
