// The mini program's endpoints (/api/mini/*): its session, the customer's profile, the catalog,
// orders, escrow receipt and payment agreements. The route files under app/api/mini validate with
// the schemas below; error messages of invalid input come from zod, so keep these schemas' messages.
import { z } from "zod";
import { AgreementStatus, OperationStatus, OrderFlow } from "@/lib/db";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKey } from "@/lib/http/idempotency-key";
import { orderParams } from "@/lib/orders/order-params";
import type { PublicOrderStatus } from "@/lib/orders/order-view";
import { userInfo } from "@/lib/wallet/operations";
import { type ApiArea, defineEndpoint } from "./endpoint";
import { cacheHeaders, fils, ifNoneMatchHeader, isoTime, money, rowId } from "./shared-schemas";

// ---------------------------------------------------------------- examples' values

const ORDER_ID = "0193a5d2-7c41-7b3e-9f20-5c8d1e6a4b70";
const OTHER_ORDER_ID = "0193a5d2-7c41-7b3e-9f20-5c8d1e6a4b71";
const CUSTOMER_ID = "0193a5c9-1f0e-7a62-8d4b-2e7f90c3a512";
const AGREEMENT_ID = "0193a5e0-44b1-7c09-a3d6-7b1f28e95c04";
const OPERATION_ID = "0193a5f1-0a2c-7e48-b5f7-93c4d61e2a88";
const CREATED_AT = "2026-11-22T09:30:00.000Z";
const SESSION_TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMTkzYTVjOS0xZjBlIn0.c2lnbmF0dXJl";

// ---------------------------------------------------------------- what the mini program sees

/** Every status orderView answers (a Record, so TypeScript refuses a missing or an extra one). */
const ORDER_STATUS_MEANINGS: Record<PublicOrderStatus, string> = {
  PROCESSING: "the wallet's answer is awaited or unknown; poll again",
  PENDING: "open redirectionUrl to pay at the wallet's cashier",
  PAID: "paid (escrow: held until the merchant accepts or cancels)",
  FAILED: "not paid; failure says why",
  CLOSED: "closed unpaid: expired, or cancelled at the cashier",
  ACCEPTED: "escrow: the merchant accepted it; confirm receipt once it arrives",
  CONFIRMED: "escrow: receipt confirmed, the funds went to the merchant",
  CANCELLED: "escrow: cancelled by the merchant; the held funds go back",
  VOIDED: "escrow: all of it voided back to the customer",
};

/** lib/orders/order-view.ts: what the mini program sees of an order. */
const orderView = z
  .object({
    orderId: rowId,
    flow: z.enum(OrderFlow),
    status: z.enum(Object.keys(ORDER_STATUS_MEANINGS) as [PublicOrderStatus, ...PublicOrderStatus[]]).meta({
      description: Object.entries(ORDER_STATUS_MEANINGS)
        .map(([status, meaning]) => `${status}: ${meaning}.`)
        .join(" "),
    }),
    amount: money,
    redirectionUrl: z.url().optional().meta({
      description: "Only while PENDING: the wallet's cashier page, opened with my.tradePay or a redirect.",
    }),
    failure: z
      .object({
        code: z.string().nullable().meta({ description: "The wallet's resultCode." }),
        message: z.string().optional().meta({ description: "What to tell the customer." }),
      })
      .optional()
      .meta({ description: "Only when FAILED." }),
    refunded: fils,
    voided: fils,
    items: z
      .array(
        z.object({
          sku: z.string(),
          name: z.string(),
          nameArabic: z.string().nullable().meta({
            description:
              "The product's Arabic name when the order was placed (null for orders placed before it was kept).",
          }),
          unitPrice: fils,
          quantity: z.number().int(),
        }),
      )
      .optional(),
    createdAt: isoTime,
    paidAt: isoTime.optional(),
  })
  .meta({ id: "Order" });
export type OrderViewJson = z.input<typeof orderView>;

const orderExampleBase = {
  orderId: ORDER_ID,
  flow: "CASHIER",
  amount: { currency: "IQD", value: "5000000" },
  refunded: "0",
  voided: "0",
  items: [
    { sku: "COFFEE", name: "Cardamom coffee", nameArabic: "قهوة بالهيل", unitPrice: "2500000", quantity: 2 },
  ],
  createdAt: CREATED_AT,
} satisfies Partial<OrderViewJson>;

const pendingOrderExample = {
  ...orderExampleBase,
  status: "PENDING",
  redirectionUrl: "https://wallet.example/cashier/pay/20261122000000001",
} satisfies OrderViewJson;

const paidOrderExample = {
  ...orderExampleBase,
  status: "PAID",
  paidAt: "2026-11-22T09:31:12.000Z",
} satisfies OrderViewJson;

// ---------------------------------------------------------------- session and profile

const sessionBody = z.object({
  authCode: z.string().min(1).max(64),
  authSuccessScopes: z.array(z.string().max(64)).max(32).optional(),
});

const session = z.object({
  sessionToken: z.string().meta({ description: "Send as `Authorization: Bearer <sessionToken>`." }),
  expiresAt: isoTime,
  customer: z.object({ id: rowId, scopes: z.array(z.string()) }),
});
export type SessionJson = z.input<typeof session>;

export const startSession = defineEndpoint({
  operationId: "startSession",
  method: "post",
  path: "/api/mini/session",
  summary: "Start a session from my.getAuthCode's authCode",
  description:
    "Exchanges the single-use authCode at the wallet (applyToken) and answers our own session " +
    "token; the wallet's tokens never leave the server. Limited to 20 attempts a minute per address.",
  auth: "public",
  body: sessionBody,
  responses: { 201: { description: "A session for the customer (2 hours).", body: session } },
  errors: ["AUTH_CODE_REJECTED", "WALLET_REJECTED", "WALLET_UNAVAILABLE", "RATE_LIMITED"],
  examples: [
    {
      name: "new-session",
      summary: "A fresh authCode",
      request: { body: { authCode: "0000000001a2b3c4d5e6f7", authSuccessScopes: ["auth_base", "USER_ID"] } },
      response: {
        status: 201,
        body: {
          sessionToken: SESSION_TOKEN,
          expiresAt: "2026-11-22T11:30:00.000Z",
          customer: { id: CUSTOMER_ID, scopes: ["USER_ID", "auth_base"] },
        },
      },
    },
    {
      name: "used-auth-code",
      summary: "An authCode the wallet refuses: call my.getAuthCode again",
      request: { body: { authCode: "0000000001a2b3c4d5e6f7" } },
      response: {
        status: 401,
        body: {
          error: {
            code: "AUTH_CODE_REJECTED",
            message: "The wallet rejected the authorization code (USED_CODE). Call my.getAuthCode again.",
            details: { resultCode: "USED_CODE" },
          },
        },
      },
    },
  ],
});

const profile = z.object({
  userInfo: userInfo.meta({
    description: "The wallet's inquiryUserInfo answer, limited to the scopes the customer granted.",
  }),
});
export type ProfileJson = z.input<typeof profile>;

export const getProfile = defineEndpoint({
  operationId: "getProfile",
  method: "get",
  path: "/api/mini/me",
  summary: "The customer's wallet profile",
  auth: "customer",
  responses: { 200: { description: "What the wallet tells about the customer.", body: profile } },
  errors: ["WALLET_REJECTED", "WALLET_UNAVAILABLE"],
  examples: [
    {
      name: "profile",
      summary: "A customer who granted USER_ID and USER_NAME",
      request: {},
      response: {
        status: 200,
        body: { userInfo: { userId: "2188000000000001", userName: { fullName: "Zahra Ali" } } },
      },
    },
  ],
});

// ---------------------------------------------------------------- catalog

const product = z
  .object({
    sku: z.string(),
    name: z.string(),
    nameArabic: z.string(),
    price: money,
    priceText: z.string().meta({ description: "The price as people read it.", examples: ["2,500 IQD"] }),
  })
  .meta({ id: "Product" });

const productList = z.object({ products: z.array(product) });
export type ProductListJson = z.input<typeof productList>;

export const listProducts = defineEndpoint({
  operationId: "listProducts",
  method: "get",
  path: "/api/mini/products",
  summary: "The catalog",
  description: "Active products by SKU. The same for everyone, so caches may keep it for a minute.",
  auth: "public",
  headers: ifNoneMatchHeader,
  responses: {
    200: { description: "The catalog.", body: productList, headers: cacheHeaders },
    304: { description: "The copy named by If-None-Match is still current.", headers: cacheHeaders },
  },
  examples: [
    {
      name: "catalog",
      summary: "The demo catalog's first products",
      request: {},
      response: {
        status: 200,
        body: {
          products: [
            {
              sku: "COFFEE",
              name: "Cardamom coffee",
              nameArabic: "قهوة بالهيل",
              price: { currency: "IQD", value: "2500000" },
              priceText: "2,500 IQD",
            },
            {
              sku: "TEA",
              name: "Iraqi tea",
              nameArabic: "شاي عراقي",
              price: { currency: "IQD", value: "1000000" },
              priceText: "1,000 IQD",
            },
          ],
        },
      },
    },
  ],
});

// ---------------------------------------------------------------- orders

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

// ---------------------------------------------------------------- agreements

const prepareAgreementBody = z.object({
  contractDescription: z.string().min(1).max(256).default("Recurring payments"),
  language: z.string().max(10).optional(),
});

const preparedAgreement = z.object({
  agreementId: rowId,
  authorizationUrl: z.url().meta({ description: "Open with my.call('walletSignContract')." }),
});
export type PreparedAgreementJson = z.input<typeof preparedAgreement>;

export const prepareAgreement = defineEndpoint({
  operationId: "prepareAgreement",
  method: "post",
  path: "/api/mini/agreements",
  summary: "Prepare a payment agreement for the customer to sign",
  description:
    "Open the authorizationUrl with my.call('walletSignContract'), then send the authCode it " +
    "returns to POST /api/mini/agreements/bind.",
  auth: "customer",
  body: prepareAgreementBody,
  responses: { 201: { description: "A prepared agreement.", body: preparedAgreement } },
  errors: ["WALLET_REJECTED", "WALLET_UNAVAILABLE"],
  examples: [
    {
      name: "weekly-coffee",
      summary: "An agreement for weekly coffee",
      request: { body: { contractDescription: "Weekly coffee", language: "en-US" } },
      response: {
        status: 201,
        body: {
          agreementId: AGREEMENT_ID,
          authorizationUrl: "https://wallet.example/agreements/authorize?token=2a9c",
        },
      },
    },
  ],
});

const bindAgreementBody = z.object({ authCode: z.string().min(1).max(64), agreementId: z.uuid().optional() });

const boundAgreement = z.object({
  agreementId: rowId,
  status: z.enum(AgreementStatus),
  expiresAt: isoTime.nullable().meta({ description: "When the wallet stops honouring it; null: no end." }),
});
export type BoundAgreementJson = z.input<typeof boundAgreement>;

export const bindAgreement = defineEndpoint({
  operationId: "bindAgreement",
  method: "post",
  path: "/api/mini/agreements/bind",
  summary: "Bind a signed agreement",
  description:
    "Exchanges the authCode from walletSignContract. The agreement then pays AGREEMENT orders " +
    "without the cashier; it replaces the customer's previous one.",
  auth: "customer",
  body: bindAgreementBody,
  responses: { 200: { description: "The active agreement.", body: boundAgreement } },
  errors: ["NOT_FOUND", "AUTH_CODE_REJECTED", "FORBIDDEN", "WALLET_UNAVAILABLE"],
  examples: [
    {
      name: "bound",
      summary: "The customer signed the prepared agreement",
      request: { body: { authCode: "0000000002b3c4d5e6f7a8", agreementId: AGREEMENT_ID } },
      response: {
        status: 200,
        body: { agreementId: AGREEMENT_ID, status: "ACTIVE", expiresAt: "2027-11-22T09:30:00.000Z" },
      },
    },
    {
      name: "nothing-prepared",
      summary: "No prepared agreement to bind",
      request: { body: { authCode: "0000000002b3c4d5e6f7a8" } },
      response: {
        status: 404,
        body: { error: { code: "NOT_FOUND", message: "No prepared agreement to bind; prepare one first." } },
      },
    },
  ],
});

export const miniProgramApi: ApiArea = {
  tag: "Mini program",
  description: "Called by the mini program in the wallet app, with the session from POST /api/mini/session.",
  endpoints: [
    startSession,
    getProfile,
    listProducts,
    createOrder,
    listOrders,
    getOrder,
    confirmReceipt,
    prepareAgreement,
    bindAgreement,
  ],
};
