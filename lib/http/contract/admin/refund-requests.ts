// Refund requests: refunds — and escrow cancels and voids, which give money back too — above their
// requester's role limits, waiting for a second operator. An operator with refunds.approve approves
// one (which sends the refund or the escrow operation, once, under the request's own id) or rejects
// it; its requester may withdraw it; nobody approves their own.
import { z } from "zod";
import { refundDecision, refundRequestParams } from "@/lib/console/request-schemas";
import { defineEndpoint } from "../endpoint";
import { ADMIN_ID, MISSING_ID, OPERATOR_ID, ORDER_ID, refundExample } from "./examples";
import { escrowOperationRecord, refundRecord, refundRequestRecord } from "./records";

const REQUEST_ID = "0193a7c4-2d10-7a6e-8b31-4f5c9e0d2a88";

const waiting = {
  id: REQUEST_ID,
  orderId: ORDER_ID,
  kind: "REFUND",
  amountFils: "40000000",
  reason: "the whole order came back",
  status: "PENDING",
  requestedBy: `operator:${OPERATOR_ID}`,
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  refundId: null,
  createdAt: "2026-11-26T09:10:00.000Z",
  updatedAt: "2026-11-26T09:10:00.000Z",
} satisfies z.input<typeof refundRequestRecord>;

const approved = {
  ...waiting,
  status: "APPROVED",
  decidedBy: `operator:${ADMIN_ID}`,
  decidedAt: "2026-11-26T09:14:00.000Z",
  decisionNote: "box checked",
  refundId: REQUEST_ID,
  updatedAt: "2026-11-26T09:14:00.000Z",
} satisfies z.input<typeof refundRequestRecord>;

const pendingList = z.object({
  requests: z.array(
    refundRequestRecord.extend({
      order: z.object({
        id: z.string(),
        amountFils: z.string(),
        refundedFils: z.string(),
        paymentRequestId: z.string(),
        customerId: z.string().nullable(),
      }),
    }),
  ),
});
export type PendingRefundRequestsJson = z.input<typeof pendingList>;

const approvedAnswer = z.union([
  z.object({ request: refundRequestRecord, refund: refundRecord }).meta({ description: "A refund request." }),
  z
    .object({ request: refundRequestRecord, operation: escrowOperationRecord })
    .meta({ description: "A cancel or void request: the escrow operation, with the request's id." }),
]);
export type ApprovedRefundRequestJson = z.input<typeof approvedAnswer>;
export type RefundRequestJson = z.input<typeof refundRequestRecord>;

const decided = {
  status: 409,
  body: { error: { code: "CONFLICT", message: "This refund request was already approved." } },
} as const;

export const adminListRefundRequests = defineEndpoint({
  operationId: "adminListRefundRequests",
  method: "get",
  path: "/api/admin/refund-requests",
  summary: "Refund requests waiting for approval, oldest first",
  auth: { operator: "orders.read" },
  responses: { 200: { description: "The waiting requests.", body: pendingList } },
  examples: [
    {
      name: "one-waiting",
      summary: "A cashier asked to refund 40,000 IQD",
      request: {},
      response: {
        status: 200,
        body: {
          requests: [
            {
              ...waiting,
              order: {
                id: ORDER_ID,
                amountFils: "40000000",
                refundedFils: "40000000",
                paymentRequestId: "pay_0193a5d27c417b3e9f205c8d1e6a4b70",
                customerId: null,
              },
            },
          ],
        },
      },
    },
  ],
});

export const adminApproveRefundRequest = defineEndpoint({
  operationId: "adminApproveRefundRequest",
  method: "post",
  path: "/api/admin/refund-requests/{id}/approve",
  summary: "Approve another operator's refund request: the refund is sent to the wallet",
  description:
    "The refund takes the request's id, so its wallet request id is fixed by the request: approving " +
    "twice (or two operators at once) sends it once; the later approval is a 409.",
  auth: { operator: "refunds.approve" },
  params: refundRequestParams,
  body: refundDecision,
  responses: {
    200: { description: "Approved; the refund as it stands after sending.", body: approvedAnswer },
  },
  errors: ["NOT_FOUND", "CONFLICT", "FORBIDDEN"],
  examples: [
    {
      name: "approved",
      summary: "Approved and refunded",
      request: { params: { id: REQUEST_ID }, body: { note: "box checked" } },
      response: {
        status: 200,
        body: { request: approved, refund: { ...refundExample, id: REQUEST_ID, amountFils: "40000000" } },
      },
    },
    {
      name: "already-decided",
      summary: "Someone approved it first",
      request: { params: { id: REQUEST_ID }, body: {} },
      response: decided,
    },
    {
      name: "own-request",
      summary: "The requester tries to approve their own request",
      request: { params: { id: REQUEST_ID }, body: {} },
      response: {
        status: 403,
        body: {
          error: {
            code: "FORBIDDEN",
            message: "You asked for this refund: another operator must approve it.",
          },
        },
      },
    },
  ],
});

export const adminRejectRefundRequest = defineEndpoint({
  operationId: "adminRejectRefundRequest",
  method: "post",
  path: "/api/admin/refund-requests/{id}/reject",
  summary: "Reject a refund request (or withdraw your own): its amount is refundable again",
  description: "Rejecting needs refunds.approve; the requester may withdraw their own without it.",
  auth: { operator: "orders.read" },
  params: refundRequestParams,
  body: refundDecision,
  responses: { 200: { description: "Rejected.", body: refundRequestRecord } },
  errors: ["NOT_FOUND", "CONFLICT", "FORBIDDEN"],
  examples: [
    {
      name: "rejected",
      summary: "Rejected with a note",
      request: { params: { id: REQUEST_ID }, body: { note: "only one item came back" } },
      response: {
        status: 200,
        body: {
          ...waiting,
          status: "REJECTED",
          decidedBy: `operator:${ADMIN_ID}`,
          decidedAt: "2026-11-26T09:14:00.000Z",
          decisionNote: "only one item came back",
          updatedAt: "2026-11-26T09:14:00.000Z",
        },
      },
    },
    {
      name: "unknown",
      summary: "No such request",
      request: { params: { id: MISSING_ID }, body: {} },
      response: { status: 404, body: { error: { code: "NOT_FOUND", message: "No such refund request." } } },
    },
  ],
});
