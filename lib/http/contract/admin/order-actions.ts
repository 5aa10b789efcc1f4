// The operator's actions on an order, one path each: POST /api/admin/orders/{id}/accept, cancel,
// void, refunds and reconcile. Each runs under an Idempotency-Key and answers what the wallet said:
// 200 when it confirmed, 202 while its answer is awaited or unknown (settled in the background).
import { z } from "zod";
import type { WalletOutcomeName } from "@/lib/console/orders/actions/order-action-names";
import { ORDER_ACTION_INPUT } from "@/lib/console/request-schemas";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKey } from "@/lib/http/idempotency-key";
import { orderParams } from "@/lib/payments/orders/order-params";
import { OrderFlow, OrderStatus } from "@/lib/platform/db";
import { type AnswerCode, defineEndpoint } from "../endpoint";
import { fils, rowId } from "../shared-schemas";
import {
  acceptOperationExample,
  ESCROW_ORDER_ID,
  escrowOrderRow,
  IDEMPOTENCY_KEY,
  ORDER_ID,
  permissionMissing,
  refundExample,
} from "./examples";
import { escrowOperationRecord, refundRecord, refundRequestRecord } from "./records";

const WALLET_OUTCOMES: Record<WalletOutcomeName, string> = {
  SUCCESS: "the wallet confirmed it",
  PROCESSING: "the wallet is processing it; it is checked until it finishes",
  UNKNOWN: "the wallet's answer was lost or unclear: being resolved, never guessed",
  RETRYING: "the wallet is busy with another operation on the payment; sent again shortly",
  FAIL: "the wallet refused it",
};

const walletOutcome = z.object({
  outcome: z.enum(Object.keys(WALLET_OUTCOMES) as [WalletOutcomeName, ...WalletOutcomeName[]]).meta({
    description: Object.entries(WALLET_OUTCOMES)
      .map(([outcome, meaning]) => `${outcome}: ${meaning}.`)
      .join(" "),
  }),
  resultCode: z.string().nullable().meta({ description: "The wallet's resultCode, once it answered." }),
  message: z.string().meta({ description: "What to tell the operator." }),
});

/** The order after the action. */
const orderSummary = z.object({
  id: rowId,
  status: z.enum(OrderStatus),
  flow: z.enum(OrderFlow),
  amountFils: fils,
  refundedFils: fils,
  voidedFils: fils,
  needsAttention: z.boolean(),
});

const state = z.enum(["DONE", "IN_PROGRESS"]).meta({ description: "DONE with 200, IN_PROGRESS with 202." });

function escrowAnswer(action: "accept" | "cancel" | "void") {
  return z.object({
    action: z.literal(action),
    state,
    wallet: walletOutcome,
    operation: escrowOperationRecord,
    order: orderSummary,
  });
}

const acceptAnswer = escrowAnswer("accept");
const cancelAnswer = escrowAnswer("cancel");
const voidAnswer = escrowAnswer("void");
export const refundAnswer = z.object({
  action: z.literal("refund"),
  state,
  wallet: walletOutcome,
  refund: refundRecord,
  order: orderSummary,
});
export const refundAwaitingApproval = z.object({
  action: z.literal("refund"),
  state: z.literal("AWAITING_APPROVAL").meta({
    description:
      "Above the operator's refund limits: nothing was sent; another operator approves or rejects it.",
  }),
  request: refundRequestRecord,
  order: orderSummary,
});
/** A cancel or void above the operator's refund limits: kept for another operator to approve. */
function escrowAwaitingApproval(action: "cancel" | "void") {
  return z.object({
    action: z.literal(action),
    state: z.literal("AWAITING_APPROVAL").meta({
      description:
        "Above the operator's refund limits (a cancel or void gives money back as a refund does): " +
        "nothing was sent; another operator approves or rejects the request.",
    }),
    request: refundRequestRecord,
    order: orderSummary,
  });
}
const cancelAwaitingApproval = escrowAwaitingApproval("cancel");
const voidAwaitingApproval = escrowAwaitingApproval("void");

/** 200 and 202 of a cancel or void: 202 is also the answer of a request kept for approval. */
function escrowReturnAnswers<S extends z.ZodType, W extends z.ZodType>(body: S, waiting: W, done: string) {
  return {
    200: { description: done, body, headers: replayedHeader },
    202: {
      description:
        "Sent and still being settled (state IN_PROGRESS), or, above the operator's refund limits, " +
        "kept as a request for another operator to approve (state AWAITING_APPROVAL).",
      body: z.union([body, waiting]),
      headers: replayedHeader,
    },
  };
}

const reconcileAnswer = z.object({
  action: z.literal("reconcile"),
  state: z.literal("DONE"),
  settled: z.boolean().meta({ description: "True when the order's status changed." }),
  stillUnsettled: z.boolean().meta({
    description:
      "True when the wallet still owes an answer on the order (its payment unknown, a refund or an " +
      "escrow operation in flight): checks go on automatically. An order awaiting its customer's " +
      "payment (PENDING) does not count.",
  }),
  nextCheckAt: z.iso.datetime().nullable().meta({
    description: "When the next automatic check with the wallet is due, while something is unsettled.",
  }),
  results: z.record(z.string(), z.string()).meta({
    description:
      "What reconciling found, per record (`order`, `refund:<id>`, `operation:<id>`): settled, " +
      "waiting, resent, nothing-to-do or flagged.",
  }),
  order: orderSummary,
});

/** Every action's answer, as the route checks it before sending (each path documents its own). */
export type OrderActionAnswerJson =
  | z.input<typeof acceptAnswer>
  | z.input<typeof cancelAnswer>
  | z.input<typeof voidAnswer>
  | z.input<typeof refundAnswer>
  | z.input<typeof refundAwaitingApproval>
  | z.input<typeof cancelAwaitingApproval>
  | z.input<typeof voidAwaitingApproval>
  | z.input<typeof reconcileAnswer>;

export const replayedHeader = z.object({
  "Idempotent-Replayed": z
    .literal("true")
    .optional()
    .meta({ description: "Present when this is the stored answer of an earlier request with the key." }),
});

export const actionHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKey.meta({
    description:
      "A new key per action (the console sends one per confirmation dialog), the same one to retry " +
      "it: a repeat answers the first request's answer instead of acting twice.",
  }),
});

/** What every action can answer whatever it is: the key's rules and the order's existence. */
export const ACTION_ERRORS = [
  "NOT_FOUND",
  "IDEMPOTENCY_KEY_REQUIRED",
  "IDEMPOTENCY_KEY_REUSED",
  "OPERATION_IN_PROGRESS",
] as const satisfies readonly AnswerCode[];

function answers<S extends z.ZodType>(body: S, done: string) {
  return {
    200: { description: done, body, headers: replayedHeader },
    202: {
      description: "Sent; the wallet's outcome is not known yet and is settled in the background.",
      body,
      headers: replayedHeader,
    },
  };
}

const withKey = { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY };

const orderAfterAccept = {
  id: ESCROW_ORDER_ID,
  status: "ACCEPTED",
  flow: "ESCROW",
  amountFils: escrowOrderRow.amountFils,
  refundedFils: "0",
  voidedFils: "0",
  needsAttention: false,
} as const;

export const adminAcceptOrder = defineEndpoint({
  operationId: "adminAcceptOrder",
  method: "post",
  path: "/api/admin/orders/{id}/accept",
  summary: "Escrow: accept the order (merchantAccept)",
  description: "The customer can confirm receipt afterwards, which releases the held money to the merchant.",
  auth: { operator: "escrow.act" },
  params: orderParams,
  headers: actionHeaders,
  body: ORDER_ACTION_INPUT.accept,
  responses: answers(acceptAnswer, "Accepted: the order is ACCEPTED."),
  errors: [...ACTION_ERRORS, "ORDER_STATUS_INVALID", "ORDER_UNSUPPORTED_OPERATION", "WALLET_REJECTED"],
  examples: [
    {
      name: "accepted",
      summary: "A paid escrow order, accepted",
      request: { params: { id: ESCROW_ORDER_ID }, headers: withKey, body: {} },
      response: {
        status: 200,
        body: {
          action: "accept",
          state: "DONE",
          wallet: { outcome: "SUCCESS", resultCode: "SUCCESS", message: "Done: the wallet confirmed it." },
          operation: acceptOperationExample,
          order: orderAfterAccept,
        },
      },
    },
    {
      name: "answer-lost",
      summary: "The wallet's answer was lost: unknown, being resolved",
      request: { params: { id: ESCROW_ORDER_ID }, headers: withKey, body: {} },
      response: {
        status: 202,
        body: {
          action: "accept",
          state: "IN_PROGRESS",
          wallet: {
            outcome: "UNKNOWN",
            resultCode: "UNKNOWN_EXCEPTION",
            message:
              "Unknown — being resolved: the wallet's answer was lost or unclear; it is checked until it is settled.",
          },
          operation: {
            ...acceptOperationExample,
            status: "UNKNOWN",
            resultCode: "UNKNOWN_EXCEPTION",
            resultMessage: "unknown exception",
            completedAt: null,
            nextCheckAt: "2026-11-22T10:12:31.000Z",
          },
          order: { ...orderAfterAccept, status: "PAID" },
        },
      },
    },
    {
      name: "accepted-already",
      summary: "The order was accepted before",
      request: { params: { id: ESCROW_ORDER_ID }, headers: withKey, body: {} },
      response: {
        status: 409,
        body: {
          error: {
            code: "ORDER_STATUS_INVALID",
            message: "MERCHANT_ACCEPTED is not allowed when the order is ACCEPTED",
          },
        },
      },
    },
  ],
});

export const adminCancelOrder = defineEndpoint({
  operationId: "adminCancelOrder",
  method: "post",
  path: "/api/admin/orders/{id}/cancel",
  summary: "Escrow: cancel the order before accepting it",
  description:
    "The wallet gives the held money back to the customer. It counts against the operator's refund " +
    "limits (the order's amount) as a refund does; above them it waits as a request for another " +
    "operator's approval (202, AWAITING_APPROVAL).",
  auth: { operator: "escrow.act" },
  params: orderParams,
  headers: actionHeaders,
  body: ORDER_ACTION_INPUT.cancel,
  responses: escrowReturnAnswers(cancelAnswer, cancelAwaitingApproval, "Cancelled: the order is CANCELLED."),
  errors: [...ACTION_ERRORS, "ORDER_STATUS_INVALID", "ORDER_UNSUPPORTED_OPERATION", "WALLET_REJECTED"],
  examples: [
    {
      name: "cancelled",
      summary: "A paid escrow order, cancelled",
      request: { params: { id: ESCROW_ORDER_ID }, headers: withKey, body: {} },
      response: {
        status: 200,
        body: {
          action: "cancel",
          state: "DONE",
          wallet: { outcome: "SUCCESS", resultCode: "SUCCESS", message: "Done: the wallet confirmed it." },
          operation: {
            ...acceptOperationExample,
            type: "CANCEL",
            requestId: "cancel_0193a5f10a2c7e48b5f793c4d61e2a88",
          },
          order: { ...orderAfterAccept, status: "CANCELLED" },
        },
      },
    },
    {
      name: "viewer",
      summary: "A VIEWER may read orders, not act on them",
      request: { params: { id: ESCROW_ORDER_ID }, headers: withKey, body: {} },
      response: permissionMissing("orders.refund", "Viewer"),
    },
  ],
});

export const adminVoidOrder = defineEndpoint({
  operationId: "adminVoidOrder",
  method: "post",
  path: "/api/admin/orders/{id}/void",
  summary: "Escrow: give back some or all of an accepted order's held money",
  description:
    "A partial void keeps the order ACCEPTED; voiding what is left makes it VOIDED. The amount counts " +
    "against the operator's refund limits as a refund does; above them the void waits as a request " +
    "for another operator's approval (202, AWAITING_APPROVAL).",
  auth: { operator: "escrow.act" },
  params: orderParams,
  headers: actionHeaders,
  body: ORDER_ACTION_INPUT.void,
  responses: escrowReturnAnswers(voidAnswer, voidAwaitingApproval, "Voided."),
  errors: [
    ...ACTION_ERRORS,
    "ORDER_STATUS_INVALID",
    "ORDER_UNSUPPORTED_OPERATION",
    "AMOUNT_EXCEEDS_REMAINING",
    "WALLET_REJECTED",
  ],
  examples: [
    {
      name: "partial-void",
      summary: "5,000 IQD of an accepted order given back",
      request: { params: { id: ESCROW_ORDER_ID }, headers: withKey, body: { amount: "5000000" } },
      response: {
        status: 200,
        body: {
          action: "void",
          state: "DONE",
          wallet: { outcome: "SUCCESS", resultCode: "SUCCESS", message: "Done: the wallet confirmed it." },
          operation: {
            ...acceptOperationExample,
            type: "VOID",
            requestId: "void_0193a5f10a2c7e48b5f793c4d61e2a88",
            walletOperationId: "20261122111530800100166000000042",
            amountFils: "5000000",
          },
          order: { ...orderAfterAccept, voidedFils: "5000000" },
        },
      },
    },
    {
      name: "more-than-held",
      summary: "More than the wallet still holds",
      request: { params: { id: ESCROW_ORDER_ID }, headers: withKey, body: { amount: 9000001 } },
      response: {
        status: 422,
        body: {
          error: {
            code: "AMOUNT_EXCEEDS_REMAINING",
            message: "void of 9000001 fils exceeds the 9000000 fils still held",
          },
        },
      },
    },
  ],
});

export const adminRefundOrder = defineEndpoint({
  operationId: "adminRefundOrder",
  method: "post",
  path: "/api/admin/orders/{id}/refunds",
  summary: "Refund some or all of an order's captured money",
  description:
    "For cashier and agreement orders once PAID, escrow orders once CONFIRMED; never more than is " +
    "refundable (refunds still in flight and requests awaiting approval count as spent). Above the " +
    "operator's role limits (per refund, per Baghdad day) the refund waits as a refund request " +
    "(202, AWAITING_APPROVAL). A refusal by the wallet is 422 WALLET_REJECTED with its resultCode.",
  auth: { operator: "orders.refund" },
  params: orderParams,
  headers: actionHeaders,
  body: ORDER_ACTION_INPUT.refund,
  responses: {
    200: { description: "Refunded: the wallet confirmed it.", body: refundAnswer, headers: replayedHeader },
    202: {
      description:
        "Sent and still being settled (state IN_PROGRESS), or, above the operator's refund limits, " +
        "kept as a refund request for another operator to approve (state AWAITING_APPROVAL).",
      body: z.union([refundAnswer, refundAwaitingApproval]),
      headers: replayedHeader,
    },
  },
  errors: [...ACTION_ERRORS, "ORDER_STATUS_INVALID", "AMOUNT_EXCEEDS_REMAINING", "WALLET_REJECTED"],
  examples: [
    {
      name: "damaged-box",
      summary: "5,000 IQD back for a damaged box",
      request: {
        params: { id: ORDER_ID },
        headers: withKey,
        body: { amount: "5000000", reason: "one box damaged" },
      },
      response: {
        status: 200,
        body: {
          action: "refund",
          state: "DONE",
          wallet: { outcome: "SUCCESS", resultCode: "SUCCESS", message: "Done: the wallet confirmed it." },
          refund: refundExample,
          order: {
            id: ORDER_ID,
            status: "PAID",
            flow: "CASHIER",
            amountFils: "12000000",
            refundedFils: "5000000",
            voidedFils: "0",
            needsAttention: false,
          },
        },
      },
    },
    {
      name: "more-than-refundable",
      summary: "More than is left to refund",
      request: {
        params: { id: ORDER_ID },
        headers: { [IDEMPOTENCY_KEY_HEADER]: "dialog-5f0c2a9e-2" },
        body: { amount: "7000001", reason: "too much" },
      },
      response: {
        status: 422,
        body: {
          error: {
            code: "AMOUNT_EXCEEDS_REMAINING",
            message: "refund of 7000001 fils exceeds the 7000000 fils still refundable",
          },
        },
      },
    },
    {
      name: "key-reused",
      summary: "The same Idempotency-Key with another body",
      request: { params: { id: ORDER_ID }, headers: withKey, body: { amount: "1000000", reason: "other" } },
      response: {
        status: 422,
        body: {
          error: {
            code: "IDEMPOTENCY_KEY_REUSED",
            message:
              "This Idempotency-Key was already used for a different request. Use a new key for a new action.",
          },
        },
      },
    },
  ],
});

export const adminReconcileOrder = defineEndpoint({
  operationId: "adminReconcileOrder",
  method: "post",
  path: "/api/admin/orders/{id}/reconcile",
  summary: "Ask the wallet now about what is unsettled on the order",
  description:
    "Instead of waiting for the background scan: the order's payment if it is unknown, and its refunds " +
    "and escrow operations still in flight.",
  auth: { operator: "orders.reconcile" },
  params: orderParams,
  headers: actionHeaders,
  body: ORDER_ACTION_INPUT.reconcile,
  responses: { 200: { description: "Checked.", body: reconcileAnswer, headers: replayedHeader } },
  errors: ACTION_ERRORS,
  examples: [
    {
      name: "settled",
      summary: "The lost accept had gone through",
      request: { params: { id: ESCROW_ORDER_ID }, headers: withKey, body: {} },
      response: {
        status: 200,
        body: {
          action: "reconcile",
          state: "DONE",
          settled: true,
          stillUnsettled: false,
          nextCheckAt: null,
          results: { order: "nothing-to-do", [`operation:${acceptOperationExample.id}`]: "settled" },
          order: orderAfterAccept,
        },
      },
    },
    {
      name: "foreign-origin",
      summary: "A cookie-authenticated write from another site",
      request: { params: { id: ESCROW_ORDER_ID }, headers: withKey, body: {} },
      response: {
        status: 403,
        body: {
          error: {
            code: "CROSS_SITE_REQUEST",
            message:
              "This change must come from the operator console's own pages (Origin header missing or foreign).",
          },
        },
      },
    },
  ],
});
