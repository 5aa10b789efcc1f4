// The customer's orders: place one (under an Idempotency-Key), list them, read one, and confirm
// receipt of an escrow order.
import { z } from "zod";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKey } from "@/lib/http/idempotency-key";
import { orderParams } from "@/lib/payments/orders/order-params";
import { OperationStatus, OrderFlow } from "@/lib/platform/db";
import { defineEndpoint } from "../endpoint";
import { rowId } from "../shared-schemas";
import { OPERATION_ID, ORDER_ID, OTHER_ORDER_ID, paidOrderExample, pendingOrderExample } from "./examples";
import { orderView } from "./order-view";

const createOrderBody = z.object({
  flow: z.enum(OrderFlow).meta({
    description:
      "CASHIER: pay at the wallet's cashier; ESCROW: held until the customer confirms receipt; " +
      "AGREEMENT: paid at once with the customer's bound agreement.",
  }),
  items: z
    .array(z.object({ sku: z.string().min(1).max(64), quantity: z.number().int().min(1).max(99) }))
    .min(1)
    .max(50),
  note: z.string().max(500).optional(),
});

export const createOrder = defineEndpoint({
  operationId: "createOrder",
  method: "post",
  path: "/api/mini/orders",
  summary: "Place an order and start its payment",
  description:
    "Prices the items from the catalog and asks the wallet to pay. Send a new Idempotency-Key per " +
    "order and the same one when retrying it: a repeat answers the first order (200) instead of " +
    "placing another. A CASHIER or ESCROW order answers PENDING with the redirectionUrl to open.",
  auth: "customer",
  headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
  body: createOrderBody,
  responses: {
    201: { description: "The new order.", body: orderView },
    200: { description: "The order this Idempotency-Key placed before.", body: orderView },
  },
  errors: ["IDEMPOTENCY_KEY_REQUIRED", "IDEMPOTENCY_KEY_REUSED", "ORDER_STATUS_INVALID", "CONFLICT"],
  examples: [
    {
      name: "cashier-order",
      summary: "Two coffees, paid at the cashier",
      request: {
        headers: { [IDEMPOTENCY_KEY_HEADER]: "checkout-5f0c2a9e-1" },
        body: { flow: "CASHIER", items: [{ sku: "COFFEE", quantity: 2 }], note: "No sugar" },
      },
      response: { status: 201, body: pendingOrderExample },
    },
    {
      name: "unknown-product",
      summary: "An item the catalog does not sell",
      request: {
        headers: { [IDEMPOTENCY_KEY_HEADER]: "checkout-5f0c2a9e-2" },
        body: { flow: "CASHIER", items: [{ sku: "UNICORN", quantity: 1 }] },
      },
      response: {
        status: 400,
        body: {
          error: {
            code: "VALIDATION_FAILED",
            message: "Unknown or unavailable products: UNICORN.",
            details: { unknown: ["UNICORN"] },
          },
        },
      },
    },
  ],
});

const listOrdersQuery = z.object({
  before: z.uuid().optional().meta({ description: "nextBefore of the previous page." }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const orderList = z.object({
  orders: z.array(orderView).meta({ description: "Newest first." }),
  nextBefore: rowId.nullable().meta({ description: "Pass as `before` for the next page; null at the end." }),
});
export type OrderListJson = z.input<typeof orderList>;

export const listOrders = defineEndpoint({
  operationId: "listOrders",
  method: "get",
  path: "/api/mini/orders",
  summary: "The customer's orders, newest first",
  auth: "customer",
  query: listOrdersQuery,
  responses: { 200: { description: "One page of orders.", body: orderList } },
  examples: [
    {
      name: "first-page",
      summary: "The latest ten orders",
      request: { query: { limit: 10 } },
      response: { status: 200, body: { orders: [paidOrderExample], nextBefore: ORDER_ID } },
    },
  ],
});

export const getOrder = defineEndpoint({
  operationId: "getOrder",
  method: "get",
  path: "/api/mini/orders/{id}",
  summary: "One of the customer's orders",
  description: "Poll it after the cashier returns: the wallet's notification settles the status.",
  auth: "customer",
  params: orderParams,
  responses: { 200: { description: "The order.", body: orderView } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "paid-order",
      summary: "An order the customer paid",
      request: { params: { id: ORDER_ID } },
      response: {
        status: 200,
        body: paidOrderExample,
      },
    },
    {
      name: "someone-elses-order",
      summary: "An order of another customer is not found, like one that does not exist",
      request: { params: { id: OTHER_ORDER_ID } },
      response: { status: 404, body: { error: { code: "NOT_FOUND", message: "No such order." } } },
    },
  ],
});

const receiptAnswer = orderView
  .extend({
    operation: z.object({
      id: rowId,
      status: z.enum(OperationStatus).meta({ description: "UNKNOWN or RETRY: settled in the background." }),
    }),
  })
  .meta({ id: "OrderWithOperation" });
export type ReceiptAnswerJson = z.input<typeof receiptAnswer>;

export const confirmReceipt = defineEndpoint({
  operationId: "confirmReceipt",
  method: "post",
  path: "/api/mini/orders/{id}/confirm-receipt",
  summary: "Confirm an escrow order arrived",
  description:
    "The wallet releases the held funds to the merchant. Only after the merchant accepted the order " +
    "(status ACCEPTED): before that the answer is 409 ESCROW_NOT_ACCEPTED (tell the customer the shop " +
    "has not accepted yet, and read the order again later). 202 when the wallet's answer is not known " +
    "yet: poll the order. Confirming an order already CONFIRMED answers 200 with the confirm that went through.",
  auth: "customer",
  params: orderParams,
  responses: {
    200: { description: "Confirmed: the order is CONFIRMED.", body: receiptAnswer },
    202: { description: "Sent; the wallet's outcome is not known yet.", body: receiptAnswer },
  },
  errors: [
    "NOT_FOUND",
    "ESCROW_NOT_ACCEPTED",
    "ORDER_STATUS_INVALID",
    "OPERATION_IN_PROGRESS",
    "ORDER_UNSUPPORTED_OPERATION",
    "WALLET_REJECTED",
    "WALLET_UNAVAILABLE",
  ],
  examples: [
    {
      name: "confirmed",
      summary: "An accepted escrow order, confirmed",
      request: { params: { id: ORDER_ID } },
      response: {
        status: 200,
        body: {
          ...paidOrderExample,
          flow: "ESCROW",
          status: "CONFIRMED",
          operation: { id: OPERATION_ID, status: "SUCCESS" },
        },
      },
    },
    {
      name: "not-accepted-yet",
      summary: "The merchant has not accepted the order yet",
      request: { params: { id: ORDER_ID } },
      response: {
        status: 409,
        body: {
          error: {
            code: "ESCROW_NOT_ACCEPTED",
            message:
              "The shop has not accepted this order yet. Receipt can be confirmed once it has: read the order again later.",
            details: { status: "PAID" },
          },
        },
      },
    },
  ],
});
