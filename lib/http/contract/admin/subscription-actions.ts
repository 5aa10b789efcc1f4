// The operator's actions on a subscription (docs/subscriptions.md): pause, resume, cancel (at the
// period's end or now), charge a dunned period now, and refund a paid period. Each runs under an
// Idempotency-Key: a repeat answers the first answer, and acts once.
import { z } from "zod";
import {
  ORDER_ACTION_INPUT,
  SUBSCRIPTION_ACTION_INPUT,
  subscriptionParams,
  subscriptionPeriodParams,
} from "@/lib/console/request-schemas";
import { IDEMPOTENCY_KEY_HEADER } from "@/lib/http/idempotency-key";
import { OrderStatus } from "@/lib/platform/db";
import { type AnswerCode, defineEndpoint } from "../endpoint";
import { rowId } from "../shared-schemas";
import { IDEMPOTENCY_KEY, MISSING_ID, ORDER_ID, permissionMissing, refundExample } from "./examples";
import {
  ACTION_ERRORS,
  actionHeaders,
  refundAnswer,
  refundAwaitingApproval,
  replayedHeader,
} from "./order-actions";
import { exampleRow, SUBSCRIPTION_ID, subscriptionRow } from "./subscriptions";

const withKey = { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY };
const ERRORS = [...ACTION_ERRORS, "ORDER_STATUS_INVALID"] as const satisfies readonly AnswerCode[];

function changeAnswer<A extends "pause" | "resume" | "cancel">(action: A) {
  return z.object({ action: z.literal(action), subscription: subscriptionRow });
}

const pauseAnswer = changeAnswer("pause");
const resumeAnswer = changeAnswer("resume");
const cancelAnswer = changeAnswer("cancel");
const retryAnswer = z.object({
  action: z.literal("retry"),
  outcome: z.enum(["PAID", "FAILED", "IN_PROGRESS", "NOT_CHARGED"]).meta({
    description:
      "PAID: the wallet took the money, the period is paid. FAILED: refused again (resultCode), the next " +
      "try stays on the plan's schedule. IN_PROGRESS (202): the wallet's answer is awaited or unknown, " +
      "settled with the same paymentRequestId. NOT_CHARGED: nothing reached the wallet (no agreement).",
  }),
  period: z.number().int().positive(),
  order: z
    .object({ id: rowId, status: z.enum(OrderStatus), resultCode: z.string().nullable() })
    .nullable()
    .meta({ description: "The period's newest try." }),
  subscription: subscriptionRow,
});

export type SubscriptionActionAnswerJson =
  | z.input<typeof pauseAnswer>
  | z.input<typeof resumeAnswer>
  | z.input<typeof cancelAnswer>
  | z.input<typeof retryAnswer>;

const paused = {
  ...exampleRow,
  status: "PAUSED",
  pausedAt: "2026-11-25T08:00:00.000Z",
  nextCharge: null,
} as const;

export const adminPauseSubscription = defineEndpoint({
  operationId: "adminPauseSubscription",
  method: "post",
  path: "/api/admin/subscriptions/{id}/pause",
  summary: "Pause a subscription: nothing is charged until it is resumed",
  description:
    "ACTIVE or TRIALING only. The time left of the period paid for is given back at the resume. " +
    "Refused with OPERATION_IN_PROGRESS while a charge is at the wallet.",
  auth: { operator: "subscriptions.manage" },
  params: subscriptionParams,
  headers: actionHeaders,
  body: SUBSCRIPTION_ACTION_INPUT.pause,
  responses: { 200: { description: "Paused.", body: pauseAnswer, headers: replayedHeader } },
  errors: ERRORS,
  examples: [
    {
      name: "paused",
      summary: "Paused at the customer's request",
      request: { params: { id: SUBSCRIPTION_ID }, headers: withKey, body: {} },
      response: { status: 200, body: { action: "pause", subscription: paused } },
    },
    {
      name: "viewer",
      summary: "A viewer may not",
      request: { params: { id: SUBSCRIPTION_ID }, headers: withKey, body: {} },
      response: permissionMissing("subscriptions.manage", "Viewer"),
    },
  ],
});

export const adminResumeSubscription = defineEndpoint({
  operationId: "adminResumeSubscription",
  method: "post",
  path: "/api/admin/subscriptions/{id}/resume",
  summary: "Resume a paused subscription, or take back a cancellation at the period's end",
  auth: { operator: "subscriptions.manage" },
  params: subscriptionParams,
  headers: actionHeaders,
  body: SUBSCRIPTION_ACTION_INPUT.resume,
  responses: { 200: { description: "Resumed.", body: resumeAnswer, headers: replayedHeader } },
  errors: ERRORS,
  examples: [
    {
      name: "resumed",
      summary: "Resumed",
      request: { params: { id: SUBSCRIPTION_ID }, headers: withKey, body: {} },
      response: { status: 200, body: { action: "resume", subscription: exampleRow } },
    },
    {
      name: "not-paused",
      summary: "An active subscription that is not ending",
      request: { params: { id: SUBSCRIPTION_ID }, headers: withKey, body: {} },
      response: {
        status: 409,
        body: {
          error: { code: "ORDER_STATUS_INVALID", message: "An active subscription cannot be resumed." },
        },
      },
    },
  ],
});

export const adminCancelSubscription = defineEndpoint({
  operationId: "adminCancelSubscription",
  method: "post",
  path: "/api/admin/subscriptions/{id}/cancel",
  summary: "Cancel a subscription at the end of the period paid for, or now",
  description:
    "At the period's end: the customer keeps access until then, nothing more is charged (resume takes " +
    "it back). Now: open periods are voided and the subscription ends (reason OPERATOR), whatever the " +
    "plan allows customers. Nothing is refunded automatically: refund a period for that.",
  auth: { operator: "subscriptions.manage" },
  params: subscriptionParams,
  headers: actionHeaders,
  body: SUBSCRIPTION_ACTION_INPUT.cancel,
  responses: {
    200: { description: "Cancelled, or set to end.", body: cancelAnswer, headers: replayedHeader },
  },
  errors: ERRORS,
  examples: [
    {
      name: "at-period-end",
      summary: "Ends when the period paid for ends",
      request: { params: { id: SUBSCRIPTION_ID }, headers: withKey, body: { atPeriodEnd: true } },
      response: {
        status: 200,
        body: {
          action: "cancel",
          subscription: { ...exampleRow, cancelAtPeriodEnd: true, nextCharge: null },
        },
      },
    },
    {
      name: "unknown",
      summary: "No such subscription",
      request: { params: { id: MISSING_ID }, headers: withKey, body: { atPeriodEnd: false } },
      response: { status: 404, body: { error: { code: "NOT_FOUND", message: "No such subscription." } } },
    },
  ],
});

export const adminRetrySubscriptionCharge = defineEndpoint({
  operationId: "adminRetrySubscriptionCharge",
  method: "post",
  path: "/api/admin/subscriptions/{id}/retry",
  summary: "Charge a period whose charge failed now, instead of at its next scheduled try",
  description:
    "Through the billing engine, with the next try's derived paymentRequestId " +
    "(sub_<subscription>_<period>_<try>): a period is never charged twice, however often this is sent " +
    "or whatever the scheduled scan does meanwhile. Refused (409) when the period is not being dunned, " +
    "its charge is at the wallet, or another try started since the operator looked (attemptsSeen).",
  auth: { operator: "subscriptions.retry" },
  params: subscriptionParams,
  headers: actionHeaders,
  body: SUBSCRIPTION_ACTION_INPUT.retry,
  responses: {
    200: { description: "Charged, or refused again.", body: retryAnswer, headers: replayedHeader },
    202: {
      description: "At the wallet; settled in the background.",
      body: retryAnswer,
      headers: replayedHeader,
    },
  },
  errors: ERRORS,
  examples: [
    {
      name: "paid",
      summary: "The customer topped up; period 3 charged now",
      request: { params: { id: SUBSCRIPTION_ID }, headers: withKey, body: { period: 3, attemptsSeen: 2 } },
      response: {
        status: 200,
        body: {
          action: "retry",
          outcome: "PAID",
          period: 3,
          order: { id: ORDER_ID, status: "PAID", resultCode: "SUCCESS" },
          subscription: { ...exampleRow, currentPeriod: 3 },
        },
      },
    },
    {
      name: "tried-since",
      summary: "Another try started since the operator looked",
      request: { params: { id: SUBSCRIPTION_ID }, headers: withKey, body: { period: 3, attemptsSeen: 1 } },
      response: {
        status: 409,
        body: {
          error: {
            code: "OPERATION_IN_PROGRESS",
            message: "Period 3 was tried again since (try 2, you saw 1): look at its outcome first.",
          },
        },
      },
    },
  ],
});

export const adminRefundSubscriptionPeriod = defineEndpoint({
  operationId: "adminRefundSubscriptionPeriod",
  method: "post",
  path: "/api/admin/subscriptions/{id}/periods/{number}/refunds",
  summary: "Refund some or all of a paid period",
  description:
    "The refund of the order that paid the period (POST /api/admin/orders/{id}/refunds): the same " +
    "limits, and above the operator's limits a refund request another operator approves (202, " +
    "AWAITING_APPROVAL). The subscription itself is not changed: cancel it for that.",
  auth: { operator: "orders.refund" },
  params: subscriptionPeriodParams,
  headers: actionHeaders,
  body: ORDER_ACTION_INPUT.refund,
  responses: {
    200: { description: "Refunded: the wallet confirmed it.", body: refundAnswer, headers: replayedHeader },
    202: {
      description:
        "Sent and still being settled (IN_PROGRESS), or kept as a refund request for another operator to " +
        "approve (AWAITING_APPROVAL).",
      body: z.union([refundAnswer, refundAwaitingApproval]),
      headers: replayedHeader,
    },
  },
  errors: [...ERRORS, "AMOUNT_EXCEEDS_REMAINING", "WALLET_REJECTED"],
  examples: [
    {
      name: "part-of-period",
      summary: "5,000 IQD of a period back",
      request: {
        params: { id: SUBSCRIPTION_ID, number: "2" },
        headers: withKey,
        body: { amount: "5000000", reason: "closed for a week" },
      },
      response: {
        status: 200,
        body: {
          action: "refund",
          state: "DONE",
          wallet: { outcome: "SUCCESS", resultCode: "SUCCESS", message: "Done: the wallet confirmed it." },
          refund: { ...refundExample, reason: "closed for a week" },
          order: {
            id: ORDER_ID,
            status: "PAID",
            flow: "AGREEMENT",
            amountFils: "20000000",
            refundedFils: "5000000",
            voidedFils: "0",
            needsAttention: false,
          },
        },
      },
    },
    {
      name: "not-paid",
      summary: "A period that was not paid",
      request: {
        params: { id: SUBSCRIPTION_ID, number: "3" },
        headers: withKey,
        body: { amount: "1000", reason: "goodwill" },
      },
      response: {
        status: 409,
        body: {
          error: {
            code: "ORDER_STATUS_INVALID",
            message: "Period 3 was not paid: there is nothing to refund.",
          },
        },
      },
    },
  ],
});
