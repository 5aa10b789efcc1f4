// The wallet's notifications (/api/wallet/notify/{kind}). The wallet signs each one like our requests
// to it (the security schemes say how); the intake (lib/payments/notifications/receive-notification.ts) reads
// the body as raw text and checks it against the same schemas as below, per kind.
import { z } from "zod";
import {
  ACKNOWLEDGEMENT,
  paymentNotification,
  refundNotification,
  voidNotification,
} from "@/lib/payments/notifications/notification-bodies";
import { type ApiArea, defineEndpoint } from "./endpoint";

const notifyParams = z.object({
  kind: z.string().meta({
    description: "payment, void or refund: the notify URL we gave the wallet. Anything else is a 404.",
    examples: ["payment"],
  }),
});

const notification = z.union([
  paymentNotification.meta({ id: "PaymentNotification", description: "The payment reached a final status." }),
  voidNotification.meta({ id: "VoidNotification", description: "A void happened." }),
  refundNotification.meta({ id: "RefundNotification", description: "A refund finished." }),
]);

const acknowledgement = z
  .object({
    result: z.object({
      resultCode: z.literal(ACKNOWLEDGEMENT.result.resultCode),
      resultStatus: z.literal(ACKNOWLEDGEMENT.result.resultStatus),
      resultMessage: z.string(),
    }),
  })
  .meta({ id: "WalletAcknowledgement" });

export const receiveWalletNotification = defineEndpoint({
  operationId: "receiveWalletNotification",
  method: "post",
  path: "/api/wallet/notify/{kind}",
  summary: "The wallet's payment, void and refund notifications",
  description:
    "Verified over the exact bytes received, stored once under a dedupe key, applied, then " +
    "acknowledged. Any other answer, or none within 5 s, makes the wallet deliver again: F answers " +
    "will be refused again, U answers may succeed later. Forged notifications change nothing; an " +
    "address that keeps sending them is refused for a while (429).",
  auth: "wallet",
  params: notifyParams,
  body: notification,
  responses: { 200: { description: "Acknowledged (also for a repeat).", body: acknowledgement } },
  errors: ["NOT_FOUND", "PARAM_ILLEGAL", "REJECTED"],
  examples: [
    {
      name: "payment-succeeded",
      summary: "A cashier payment succeeded",
      request: {
        params: { kind: "payment" },
        body: {
          paymentId: "20261122111212800100166000000001",
          paymentRequestId: "pay_0193a5d27c417b3e9f205c8d1e6a4b70",
          paymentAmount: { currency: "IQD", value: "5000000" },
          paymentCreateTime: "2026-11-22T09:30:01+03:00",
          paymentTime: "2026-11-22T09:31:12+03:00",
          paymentStatus: "SUCCESS",
          paymentResult: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
        },
      },
      response: { status: 200, body: ACKNOWLEDGEMENT },
    },
    {
      name: "forged",
      summary: "A signature that does not verify",
      request: {
        params: { kind: "refund" },
        body: {
          paymentId: "20261122111212800100166000000001",
          refundRequestId: "refund_0193a6000c2a7d11b0e4c6f3a1d2e3f4",
          refundAmount: { currency: "IQD", value: "1000000" },
          refundStatus: "SUCCESS",
        },
      },
      response: {
        status: 401,
        body: {
          result: {
            resultCode: "INVALID_SIGNATURE",
            resultStatus: "F",
            resultMessage: "signature verification failed",
          },
        },
      },
    },
  ],
});

export const walletNotifyApi: ApiArea = {
  tag: "Wallet notifications",
  description: "Called by the wallet's servers, never by the mini program.",
  endpoints: [receiveWalletNotification],
};
