// POST /v1/payments/refund and /v1/payments/inquiryRefund.
//
// A refund answers U/REFUND_IN_PROCESS and stays PROCESSING for `refundDelaySeconds` (sandbox
// clock), then becomes SUCCESS or FAIL. Refunds in total never exceed what the merchant captured.
// inquiryRefund enforces the spec's polling limit (one poll per 5 s per refund) with
// U/REQUEST_TRAFFIC_EXCEED_LIMIT.
import { inquiryRefundRequest, refundRequest } from "@/lib/wallet/operations";
import { addTransaction, capturedAmount } from "../domain/payments";
import { completeRefund } from "../domain/refunds";
import { newId } from "../ids";
import type { Refund } from "../store/entities";
import { refundFields, walletTime } from "../wire/fields";
import { findOwned, findPayment } from "./find-owned";
import {
  fail,
  failed,
  fingerprint,
  parseRequest,
  replayed,
  success,
  unknownResult,
  WalletFailure,
} from "./results";
import type { OperationHandler, ResponseBody } from "./types";

/** The code of a too-frequent inquiryRefund poll (the spec gives the limit, not the code). */
export const RATE_LIMIT_CODE = "REQUEST_TRAFFIC_EXCEED_LIMIT";

function refundAnswer(refund: Refund): ResponseBody {
  const fields = refundFields(refund);
  if (refund.status === "PROCESSING") {
    return {
      result: unknownResult("REFUND_IN_PROCESS", "the refund is processing; poll inquiryRefund"),
      ...fields,
    };
  }
  if (refund.status === "SUCCESS") {
    return { result: success(), ...fields, refundTime: walletTime(refund.refundTime ?? 0) };
  }
  return {
    result: failed("REFUND_FAILED", refund.failReason ?? "the refund failed"),
    ...fields,
    refundFailReason: refund.failReason,
  };
}

export const refund: OperationHandler = {
  name: "refund",
  appliesOwnLatency: true,
  handle(ctx, body) {
    const request = parseRequest(refundRequest, body);
    const print = fingerprint(request);
    // Checked again under the lock: an identical request may have finished in between.
    const replayOf = () =>
      replayed(
        ctx.store.findByRequestId("refund", ctx.merchant.clientId, request.refundRequestId),
        print,
        "refundRequestId",
        refundAnswer,
      );
    const earlier = replayOf();
    if (earlier) return earlier;
    const payment = findPayment(ctx, request.paymentId);
    return ctx.locks.run(payment.paymentId, ctx.settings().operationLatencyMs, () => {
      const again = replayOf();
      if (again) return again;
      const refundable =
        payment.status === "SUCCESS" && (payment.flow !== "ESCROW" || payment.escrowStage === "CONFIRMED");
      if (!refundable) {
        throw fail(
          "ORDER_STATUS_INVALID",
          payment.flow === "ESCROW" && payment.status === "SUCCESS"
            ? "an escrow payment is refunded after confirm; use cancel or void before"
            : "only a successful payment can be refunded",
        );
      }
      if (request.refundAmount.currency !== payment.currency) {
        throw fail("PARAM_ILLEGAL", "refundAmount.currency must be the payment currency");
      }
      const amount = BigInt(request.refundAmount.value);
      if (amount <= 0n) throw fail("PARAM_ILLEGAL", "refundAmount.value must be greater than zero");
      if (payment.refundedAmount + amount > capturedAmount(payment)) {
        throw new WalletFailure(
          failed("REFUND_AMOUNT_EXCEED", "refunds in total would exceed the captured amount"),
        );
      }
      const now = ctx.clock.nowMs();
      const transaction = addTransaction(payment, "REFUND", "PROCESSING", amount, now);
      payment.refundedAmount += amount;
      const created = ctx.store.save("refund", {
        refundId: newId("rfd_", 12),
        refundRequestId: request.refundRequestId,
        clientId: ctx.merchant.clientId,
        paymentId: payment.paymentId,
        amount,
        currency: payment.currency,
        refundReason: request.refundReason,
        refundNotifyUrl: request.refundNotifyUrl,
        extendInfo: request.extendInfo,
        fingerprint: print,
        status: "PROCESSING",
        willFail: ctx.fault === "REFUND_FAIL",
        createdAt: now,
        completesAt: now + ctx.settings().refundDelaySeconds * 1000,
        transactionId: transaction.transactionId,
      });
      ctx.store.save("payment", payment);
      if (ctx.settings().refundDelaySeconds === 0) completeRefund(ctx, created);
      return refundAnswer(created);
    });
  },
};

export const inquiryRefund: OperationHandler = {
  name: "inquiryRefund",
  handle(ctx, body) {
    const request = parseRequest(inquiryRefundRequest, body);
    const found = findOwned(ctx, "refund", { id: request.refundId, requestId: request.refundRequestId });
    if (!found) throw fail("REFUND_NOT_EXIST", "no such refund");
    const now = ctx.clock.nowMs();
    const interval = ctx.settings().refundPollIntervalSeconds * 1000;
    if (found.lastPolledAt !== undefined && now - found.lastPolledAt < interval) {
      throw new WalletFailure(
        unknownResult(RATE_LIMIT_CODE, `poll a refund at most once every ${interval / 1000} s`),
      );
    }
    found.lastPolledAt = now;
    ctx.store.save("refund", found);
    return {
      result: success(),
      ...refundFields(found),
      ...(found.refundReason ? { refundReason: found.refundReason } : {}),
      ...(found.refundTime !== undefined ? { refundTime: walletTime(found.refundTime) } : {}),
      refundStatus: found.status,
      ...(found.failReason ? { refundFailReason: found.failReason } : {}),
      ...(found.extendInfo ? { extendInfo: found.extendInfo } : {}),
    };
  },
};
