// The console's orders: the list with its filters and search box, the same list as CSV, and one
// order's page (lines, customer, refunds, escrow operations, money, the actions that fit, timeline).
import { z } from "zod";
import type { OrderActionName } from "@/lib/console/orders/actions/order-action-names";
import { csvLine, ORDER_EXPORT_COLUMNS } from "@/lib/console/orders/export-orders";
import type { TimelineKind } from "@/lib/console/orders/order-timeline";
import { flagResolution, orderListQuery } from "@/lib/console/request-schemas";
import { orderParams } from "@/lib/payments/orders/order-params";
import { defineEndpoint } from "../endpoint";
import { fils, isoTime, rowId } from "../shared-schemas";
import {
  CREATED_AT,
  CUSTOMER_ID,
  customerExample,
  escrowOrderRow,
  ITEM_ID,
  MISSING_ID,
  NOTIFICATION_ID,
  ORDER_ID,
  PAID_AT,
  PAID_ORDER_CURSOR,
  PAYMENT_ID,
  PAYMENT_REQUEST_ID,
  paidOrderRecord,
  paidOrderRow,
  refundExample,
  signedOut,
} from "./examples";
import {
  customerSummary,
  deliveryRecord,
  escrowOperationRecord,
  nextCursor,
  orderItem,
  orderListRow,
  orderRecord,
  personRecord,
  refundRecord,
  refundRequestRecord,
} from "./records";

const PAID_EVENT_ID = "0193a5d2-8e10-7a44-b1c2-3d4e5f6a7b8c";

// ---------------------------------------------------------------- the list

const searchMatch = z
  .union([
    z.object({
      kind: z.literal("order"),
      orderId: rowId,
      by: z.enum(["paymentRequestId", "orderId", "paymentId"]),
    }),
    z.object({
      kind: z.literal("customer"),
      customerId: rowId,
      by: z.enum(["customerId", "walletCustomerId"]),
    }),
    z.object({
      kind: z.literal("orders"),
      orderIds: z.array(rowId),
      by: z
        .literal("shortId")
        .meta({ description: "The last eight characters of an order id, as lists show it." }),
    }),
    z.object({
      kind: z.literal("amount"),
      amountFils: fils,
      by: z.literal("amount").meta({ description: "An amount in dinars (24,000; ٢٤٠٠٠; 24000 IQD)." }),
    }),
    z.object({
      kind: z.literal("customers"),
      customerIds: z.array(rowId),
      by: z.enum(["phone", "customerName"]).meta({
        description:
          "Digits of a phone number (the visible end of a masked one), or part of a name. Only for " +
          "operators allowed to see personal data (customers.personal-data); for anyone else the " +
          "search never looks at names or phones.",
      }),
    }),
    z.object({ kind: z.literal("none") }),
  ])
  .meta({ description: "What the search box matched; only when `q` was given." });

/** An example row as the list gives it: with no refund awaiting approval or in flight. */
const listRow = <Row extends object>(row: Row) => ({
  ...row,
  refundAwaitingApprovalFils: "0",
  refundInFlightFils: "0",
});

const orderListPage = z.object({
  orders: z.array(orderListRow).meta({ description: "Newest first." }),
  nextCursor,
  match: searchMatch.optional(),
});
export type OrderListPageJson = z.input<typeof orderListPage>;

export const adminListOrders = defineEndpoint({
  operationId: "adminListOrders",
  method: "get",
  path: "/api/admin/orders",
  summary: "The order list: filters, the search box, keyset pages",
  description:
    "Newest first. Each filter narrows the list; `q` finds an order by paymentRequestId, the wallet's " +
    "paymentId or its id, or a customer's orders by their id or the wallet's customerId; an amount; " +
    "and, only for operators allowed to see personal data, a phone number or part of a name.",
  auth: { operator: "orders.read" },
  query: orderListQuery,
  responses: { 200: { description: "One page of orders.", body: orderListPage } },
  examples: [
    {
      name: "paid-today",
      summary: "Paid orders of one day, two per page",
      request: { query: { status: "PAID", from: "2026-11-22", to: "2026-11-22", limit: 2 } },
      response: {
        status: 200,
        body: { orders: [listRow(escrowOrderRow), listRow(paidOrderRow)], nextCursor: PAID_ORDER_CURSOR },
      },
    },
    {
      name: "search-payment-request-id",
      summary: "The search box finds an order by its paymentRequestId",
      request: { query: { q: PAYMENT_REQUEST_ID } },
      response: {
        status: 200,
        body: {
          orders: [listRow(paidOrderRow)],
          nextCursor: null,
          match: { kind: "order", orderId: ORDER_ID, by: "paymentRequestId" },
        },
      },
    },
    {
      name: "signed-out",
      summary: "No session, or the operator was disabled",
      request: {},
      response: signedOut,
    },
  ],
});

// ---------------------------------------------------------------- CSV export

const exportHeader = csvLine(ORDER_EXPORT_COLUMNS);

// The header is letters, digits, commas and underscores: nothing a pattern would read as syntax.
const ordersCsv = z
  .string()
  .regex(new RegExp(`^\uFEFF?${exportHeader}`))
  .meta({
    description:
      "RFC 4180 CSV with CRLF line ends, UTF-8 with a byte order mark (so Excel shows Arabic): the " +
      "header line, then one line per order, newest first. Amounts in fils and as plain numbers in " +
      "IQD (24000.25); `refunded` is what the wallet confirmed back, refunds awaiting approval and in " +
      "flight have their own columns; the products in English and Arabic; times in UTC and in Baghdad. A cell " +
      "starting with = + - or @ is prefixed with ' so a spreadsheet never runs it as a formula.",
  });

const exportHeaders = z.object({
  "Content-Disposition": z
    .string()
    .regex(/^attachment; filename="orders-[\dT-]+\.csv"$/)
    .meta({ examples: ['attachment; filename="orders-2026-11-22T10-15-00.csv"'] }),
  "Cache-Control": z.literal("no-store"),
});

export const adminExportOrders = defineEndpoint({
  operationId: "adminExportOrders",
  method: "get",
  path: "/api/admin/orders/export",
  summary: "The filtered order list as CSV",
  description:
    "Takes the list's filters (its `after` and `limit` are ignored: every matching order is exported). " +
    "Streamed as it is read, so the first bytes arrive at once even for a million orders.",
  auth: { operator: "orders.export" },
  query: orderListQuery,
  responses: {
    200: {
      description: "The CSV file.",
      body: ordersCsv,
      mediaType: "text/csv",
      headers: exportHeaders,
    },
  },
  examples: [
    {
      name: "paid-orders",
      summary: "Every paid order",
      request: { query: { status: "PAID" } },
      response: {
        status: 200,
        body:
          exportHeader +
          csvLine([
            ORDER_ID,
            CREATED_AT,
            "2026-11-22 12:30:00",
            "PAID",
            "CASHIER",
            "12000000",
            "12,000 IQD",
            "0",
            "0",
            CUSTOMER_ID,
            PAYMENT_REQUEST_ID,
            PAYMENT_ID,
            PAID_AT,
            "",
            "",
          ]),
      },
    },
  ],
});

// ---------------------------------------------------------------- one order

const ACTION_MEANINGS: Record<OrderActionName, string> = {
  accept: "escrow: merchantAccept (POST …/accept)",
  cancel: "escrow: cancel before accepting (POST …/cancel)",
  void: "escrow: give back some or all of the held money (POST …/void)",
  refund: "refund captured money (POST …/refunds)",
  reconcile: "ask the wallet now about what is unsettled (POST …/reconcile)",
};

const availableAction = z.object({
  action: z.enum(Object.keys(ACTION_MEANINGS) as [OrderActionName, ...OrderActionName[]]).meta({
    description: Object.entries(ACTION_MEANINGS)
      .map(([action, meaning]) => `${action}: ${meaning}.`)
      .join(" "),
  }),
  maxFils: fils.optional().meta({ description: "For void and refund: the most that can be asked for." }),
});

const orderMoney = z
  .object({
    amountFils: fils,
    capturedFils: fils.meta({ description: "Paid to the merchant: the payment, less anything voided." }),
    refundedFils: fils.meta({ description: "Refunds the wallet confirmed." }),
    pendingRefundFils: fils.meta({ description: "Refunds still in flight: they may yet succeed." }),
    awaitingApprovalFils: fils.meta({
      description: "Refund requests waiting for a second operator's approval.",
    }),
    failedRefundFils: fils.meta({ description: "Refunds the wallet refused: the money never left." }),
    refundableFils: fils.meta({ description: "captured − refunded − pending − awaiting approval." }),
    voidedFils: fils,
    heldFils: fils.meta({ description: "Escrow money the wallet still holds for this order." }),
  })
  .meta({ description: "The order's money in fils, as an operator needs it before acting." });

const TIMELINE_KINDS: Record<TimelineKind, string> = {
  status: "a status change (detail: what caused it)",
  refund: "a refund's status change",
  escrow: "an escrow operation's status change",
  attention:
    "a flag: raised (and why, or why again), resolved with a note, or cleared because its cause went away",
  wallet: "a call to the wallet (detail: request and answer, redacted, with latency)",
  notification: "a notification about the order (detail: verification and the raw body)",
  audit: "an operator's action (detail: before, after, the wallet's result)",
  job: "a background job still to run for the order",
};

const timelineEntry = z.object({
  at: isoTime,
  kind: z.enum(Object.keys(TIMELINE_KINDS) as [TimelineKind, ...TimelineKind[]]).meta({
    description: Object.entries(TIMELINE_KINDS)
      .map(([kind, meaning]) => `${kind}: ${meaning}.`)
      .join(" "),
  }),
  title: z.string().meta({ description: "A stable code: the event type, wallet operation or action." }),
  actor: z.string().optional(),
  fromStatus: z.string().nullable().optional(),
  toStatus: z.string().nullable().optional(),
  detail: z.unknown().optional().meta({ description: "Per kind, see `kind`." }),
});

const orderDomainEvent = z.object({
  id: rowId.meta({ description: "The event's id: the idempotency key hooks and receivers use." }),
  type: z.string().meta({ examples: ["order.paid"] }),
  occurredAt: isoTime,
  dispatched: z
    .boolean()
    .meta({ description: "False for the second or so before the events worker picks it up." }),
  deliveries: z.array(deliveryRecord),
});

const orderDetail = z.object({
  order: orderRecord.extend({
    items: z.array(orderItem),
    customer: customerSummary,
    refunds: z.array(refundRecord).meta({ description: "Oldest first." }),
    escrowOperations: z.array(escrowOperationRecord).meta({ description: "Oldest first." }),
    refundRequests: z
      .array(refundRequestRecord)
      .meta({ description: "Refunds above their requester's limits, decided or waiting; oldest first." }),
  }),
  person: personRecord
    .optional()
    .meta({ description: "The customer as a person; only for operators allowed to see personal data." }),
  money: orderMoney,
  actions: z.array(availableAction).meta({
    description: "What fits the order's state and your role now (none for a VIEWER).",
  }),
  timeline: z.array(timelineEntry).meta({ description: "The order's whole story, oldest first." }),
  events: z.array(orderDomainEvent).meta({
    description:
      "The order's domain events (docs/events.md), oldest first, each with its deliveries to hooks and webhooks.",
  }),
});
export type OrderDetailJson = z.input<typeof orderDetail>;

export const adminGetOrder = defineEndpoint({
  operationId: "adminGetOrder",
  method: "get",
  path: "/api/admin/orders/{id}",
  summary: "One order, its money, the actions that fit, and its timeline",
  auth: { operator: "orders.read" },
  params: orderParams,
  responses: { 200: { description: "The order.", body: orderDetail } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "refunded-in-part",
      summary: "A paid cashier order with one refund, as an OPERATOR sees it",
      request: { params: { id: ORDER_ID } },
      response: {
        status: 200,
        body: {
          order: {
            ...paidOrderRecord,
            refundedFils: "5000000",
            confirmedRefundFils: "5000000",
            items: [
              {
                id: ITEM_ID,
                orderId: ORDER_ID,
                sku: "DATES",
                name: "Barhi dates, 1 kg",
                nameArabic: "تمر برحي ١ كغ",
                unitPriceFils: "12000000",
                quantity: 1,
              },
            ],
            customer: customerExample,
            refunds: [refundExample],
            escrowOperations: [],
            refundRequests: [],
          },
          money: {
            amountFils: "12000000",
            capturedFils: "12000000",
            refundedFils: "5000000",
            pendingRefundFils: "0",
            awaitingApprovalFils: "0",
            failedRefundFils: "0",
            refundableFils: "7000000",
            voidedFils: "0",
            heldFils: "0",
          },
          actions: [{ action: "refund", maxFils: "7000000" }],
          timeline: [
            {
              at: CREATED_AT,
              kind: "status",
              title: "CREATED",
              actor: "customer",
              fromStatus: null,
              toStatus: "CREATED",
              detail: null,
            },
            {
              at: "2026-11-22T09:30:00.412Z",
              kind: "wallet",
              title: "pay",
              detail: { path: "/v1/payments/pay", outcome: "A", resultCode: "ACCEPT", durationMs: 212 },
            },
            {
              at: "2026-11-22T09:31:13.000Z",
              kind: "notification",
              title: "PAYMENT",
              detail: { id: NOTIFICATION_ID, verified: true, status: "APPLIED" },
            },
            {
              at: "2026-11-22T10:05:02.000Z",
              kind: "audit",
              title: "order.refund",
              actor: "operator:layla@shop.example",
              detail: { after: { refund: { id: refundExample.id, amountFils: "5000000" } } },
            },
          ],
          events: [
            {
              id: PAID_EVENT_ID,
              type: "order.paid",
              occurredAt: "2026-11-22T09:31:13.000Z",
              dispatched: true,
              deliveries: [
                {
                  id: "0193a5d2-8e11-7b01-a2c3-4d5e6f7a8b9c",
                  eventId: PAID_EVENT_ID,
                  eventType: "order.paid",
                  orderId: ORDER_ID,
                  targetKind: "HOOK",
                  target: "kitchen-ticket",
                  targetName: "kitchen-ticket",
                  status: "DELIVERED",
                  attempts: 1,
                  nextAttemptAt: null,
                  lastError: null,
                  lastFailure: null,
                  deliveredAt: "2026-11-22T09:31:13.600Z",
                  createdAt: "2026-11-22T09:31:13.400Z",
                  lastAttempt: {
                    attempt: 1,
                    ok: true,
                    statusCode: null,
                    latencyMs: 180,
                    request: null,
                    failure: null,
                    response: null,
                    at: "2026-11-22T09:31:13.600Z",
                  },
                },
              ],
            },
          ],
        },
      },
    },
    {
      name: "no-such-order",
      summary: "An id no order has",
      request: { params: { id: MISSING_ID } },
      response: { status: 404, body: { error: { code: "NOT_FOUND", message: "No such order." } } },
    },
  ],
});

// ---------------------------------------------------------------- resolving a flag

export const adminResolveOrderFlag = defineEndpoint({
  operationId: "adminResolveOrderFlag",
  method: "post",
  path: "/api/admin/orders/{id}/resolve-flag",
  summary: "Clear an order's flag (and its refunds') with a note saying what was found and done",
  description:
    "For the attention list: an operator looked, did what was needed and says so. The note goes on " +
    "the order's timeline and in the audit log; a flag raised again later shows again.",
  auth: { operator: "orders.reconcile" },
  params: orderParams,
  body: flagResolution,
  responses: { 200: { description: "The order, no longer flagged.", body: orderRecord } },
  errors: ["NOT_FOUND", "CONFLICT"],
  examples: [
    {
      name: "resolved",
      summary: "A contradiction checked with the wallet's support",
      request: {
        params: { id: ORDER_ID },
        body: { note: "Checked with the wallet's support: paid, delivered." },
      },
      response: {
        status: 200,
        body: { ...paidOrderRecord, needsAttention: false, attentionReason: null, attentionFlag: null },
      },
    },
    {
      name: "not-flagged",
      summary: "Nothing to resolve",
      request: { params: { id: ORDER_ID }, body: { note: "again" } },
      response: {
        status: 409,
        body: { error: { code: "CONFLICT", message: "This order is not flagged (any more)." } },
      },
    },
  ],
});
