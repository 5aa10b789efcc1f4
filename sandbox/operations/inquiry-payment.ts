// POST /v1/payments/inquiryPayment by paymentId or paymentRequestId (DESIGN.md: paymentId wins).
import { inquiryPaymentRequest } from "@/lib/wallet/operations";
import { closeIfExpired, paymentView } from "../domain/payments";
import { scopedKey } from "../store/store";
import { fail, parseRequest, success } from "./results";
import type { OperationHandler } from "./types";

export const inquiryPayment: OperationHandler = {
  name: "inquiryPayment",
  handle(ctx, body) {
    const request = parseRequest(inquiryPaymentRequest, body);
    const { store, merchant } = ctx;
    const payment = request.paymentId
      ? store.get("payment", request.paymentId)
      : store.paymentsByRequestId.get(scopedKey(merchant.clientId, request.paymentRequestId ?? ""));
    if (!payment || payment.clientId !== merchant.clientId) throw fail("ORDER_NOT_EXIST", "no such payment");
    closeIfExpired(ctx, payment);
    return { result: success(), ...paymentView(payment) };
  },
};
