// POST /v1/payments/inquiryPayment by paymentId or paymentRequestId (our decision: paymentId wins).
import { inquiryPaymentRequest } from "@/lib/wallet/operations";
import { closeIfExpired } from "../domain/payments";
import type { Payment } from "../store/entities";
import { paymentFields, walletAmount, walletTime } from "../wire/fields";
import { findOwned } from "./find-owned";
import { fail, parseRequest, success } from "./results";
import type { OperationHandler } from "./types";

export const inquiryPayment: OperationHandler = {
  name: "inquiryPayment",
  handle(ctx, body) {
    const request = parseRequest(inquiryPaymentRequest, body);
    const payment = findOwned(ctx, "payment", { id: request.paymentId, requestId: request.paymentRequestId });
    if (!payment) throw fail("ORDER_NOT_EXIST", "no such payment");
    closeIfExpired(ctx, payment);
    return { result: success(), ...inquiryFields(payment) };
  },
};

/** The payment as inquiryPayment reports it: its status, result once final, and transactions. */
function inquiryFields(payment: Payment): Record<string, unknown> {
  return {
    ...paymentFields(payment),
    paymentStatus: payment.status,
    ...(payment.expiresAt !== undefined ? { paymentExpiryTime: walletTime(payment.expiresAt) } : {}),
    ...(payment.finalResult && payment.status !== "SUCCESS" ? { paymentResult: payment.finalResult } : {}),
    transactions: payment.transactions.map((t) => ({
      transactionId: t.transactionId,
      transactionType: t.transactionType,
      transactionStatus: t.transactionStatus,
      transactionAmount: walletAmount(t.transactionAmount, payment.currency),
      transactionTime: walletTime(t.transactionTime),
    })),
  };
}
