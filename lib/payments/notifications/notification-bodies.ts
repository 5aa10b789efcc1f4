// Bodies of the wallet's notifications (the wallet does not document them; our decision is in
// docs/wallet-interface.md, "Notifications"). Read tolerantly: unknown fields are kept, the ones we
// act on are checked.
import { z } from "zod";
import { amount, isoTime, result } from "@/lib/wallet/fields";
import { refundStatus } from "@/lib/wallet/operations";

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
  refundStatus,
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

// A Map, not an object literal: a path segment such as "constructor" or "__proto__" must not find
// anything.
const KIND_OF_PATH_SEGMENT = new Map<string, NotificationKindName>([
  ["payment", "PAYMENT"],
  ["void", "VOID"],
  ["refund", "REFUND"],
]);

/** The notification kind of the last segment of /api/wallet/notify/<kind>, if it is one. */
export function notificationKindOf(segment: string): NotificationKindName | undefined {
  return KIND_OF_PATH_SEGMENT.get(segment);
}

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

/** Anything else, or no answer within 5 s, makes the wallet retry (docs/wallet-interface.md). */
export const ACKNOWLEDGEMENT = {
  result: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
} as const;

/**
 * The intake's own refusals and their HTTP statuses, in the wallet's result format. Always F: the same
 * notification would be refused again. The route boundary's errors (lib/http) come on top of these.
 */
export const NOTIFICATION_REFUSALS = {
  /** Signature, Client-Id or Request-Time did not verify: nothing was changed. */
  INVALID_SIGNATURE: 401,
  /** Verified, but the body is not a notification of this kind. */
  PARAM_ILLEGAL: 400,
  /** Verified and well formed, but its ids or amounts contradict what we stored. */
  REJECTED: 422,
} as const;

export type NotificationRefusalCode = keyof typeof NOTIFICATION_REFUSALS;
