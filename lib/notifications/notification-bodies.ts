// Bodies of the wallet's notifications (DESIGN.md, "Notifications from the wallet"; the spec does not
// show them). Read tolerantly: unknown fields are kept, the ones we act on are checked.
import { z } from "zod";
import { amount, isoTime, result } from "@/lib/wallet/fields";

export const paymentNotification = z.looseObject({
  paymentId: z.string().min(1).max(64),
  paymentRequestId: z.string().min(1).max(64),
  paymentAmount: amount,
  paymentCreateTime: isoTime.optional(),
  paymentTime: isoTime.optional(),
  paymentStatus: z.string().min(1),
  paymentResult: result.optional(),
  extendInfo: z.string().optional(),
});

export const voidNotification = z.looseObject({
  paymentId: z.string().min(1).max(64),
  voidRequestId: z.string().min(1).max(64),
  voidId: z.string().optional(),
  voidAmount: amount.optional(),
  voidTime: isoTime.optional(),
  voidResult: result,
});

export const refundNotification = z.looseObject({
  paymentId: z.string().min(1).max(64),
  refundRequestId: z.string().min(1).max(64),
  refundId: z.string().optional(),
  refundAmount: amount,
  refundStatus: z.enum(["PROCESSING", "SUCCESS", "FAIL"]),
  refundTime: isoTime.optional(),
  refundFailReason: z.string().optional(),
  refundResult: result.optional(),
});

export const NOTIFICATION_BODIES = {
  PAYMENT: paymentNotification,
  VOID: voidNotification,
  REFUND: refundNotification,
} as const;

export type NotificationKindName = keyof typeof NOTIFICATION_BODIES;

/** Repeats of the same news share a key; different news about the same object does not. */
export function dedupeKeyOf(kind: NotificationKindName, body: Record<string, unknown>): string {
  switch (kind) {
    case "PAYMENT":
      return `payment:${body.paymentRequestId}:${body.paymentStatus}`;
    case "VOID":
      return `void:${body.voidRequestId}:${(body.voidResult as { resultStatus?: string } | undefined)?.resultStatus}`;
    case "REFUND":
      return `refund:${body.refundRequestId}:${body.refundStatus}`;
  }
}

/** DESIGN.md: anything else, or no answer within 5 s, makes the wallet retry. */
export const ACKNOWLEDGEMENT = {
  result: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
};
