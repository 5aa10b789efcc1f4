// Events for the merchant's systems: webhook endpoints (ADMIN: add, change, turn off, delete; the
// signing secret is in the answer once), their delivery logs, the dead letter of deliveries that
// gave up (hooks and webhooks), and re-sending one. Deliveries are signed per Standard Webhooks;
// docs/events.md has the event types, the retry schedule and a receiver's verification.
import { z } from "zod";
import {
  deliveryListQuery,
  deliveryParams,
  webhookEndpointInput,
  webhookEndpointParams,
  webhookEndpointUpdate,
} from "@/lib/console/request-schemas";
import { defineEndpoint } from "../endpoint";
import { MISSING_ID, ORDER_ID, permissionMissing } from "./examples";
import { deliveryRecord, nextCursor, webhookEndpointRecord } from "./records";

const ENDPOINT_ID = "0193a6f4-1c2d-7e3f-8a4b-5c6d7e8f9a0b";
const DELIVERY_ID = "0193a6f5-2d3e-7f40-9b5c-6d7e8f9a0b1c";
const EVENT_ID = "0193a5d2-8e10-7a44-b1c2-3d4e5f6a7b8c";
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

export type WebhookEndpointJson = z.input<typeof webhookEndpointRecord>;
export type DeliveryJson = z.input<typeof deliveryRecord>;

const endpointList = z.object({
  endpoints: z.array(webhookEndpointRecord).meta({ description: "Newest first." }),
});
export type WebhookEndpointListJson = z.input<typeof endpointList>;

const createdEndpoint = webhookEndpointRecord
  .extend({
    secret: z.string().meta({
      description:
        "The signing secret (Standard Webhooks `whsec_…`): shown in this answer only. The receiver verifies every request with it.",
      examples: [SECRET],
    }),
  })
  .meta({ id: "AdminCreatedWebhookEndpoint" });
export type CreatedWebhookEndpointJson = z.input<typeof createdEndpoint>;

const deliveryList = z.object({
  deliveries: z.array(deliveryRecord).meta({ description: "One page, newest first." }),
  nextCursor,
});
export type DeliveryListJson = z.input<typeof deliveryList>;

const endpointExample = {
  id: ENDPOINT_ID,
  url: "https://shop.example/hooks/wallet",
  description: "Fulfilment system",
  events: ["order.paid", "refund.succeeded"],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdBy: "admin@shop.example",
  createdByApiKeyId: null,
  createdAt: "2026-11-25T08:00:00.000Z",
  updatedAt: "2026-11-25T08:00:00.000Z",
} satisfies WebhookEndpointJson;

const body = `{"id":"${EVENT_ID}","type":"order.paid","version":1,"timestamp":"2026-11-22T09:31:12.000Z","orderId":"${ORDER_ID}","data":{"orderId":"${ORDER_ID}","status":"PAID","amountFils":"12000000"}}`;

const deliveryExample = {
  id: DELIVERY_ID,
  eventId: EVENT_ID,
  eventType: "order.paid",
  orderId: ORDER_ID,
  targetKind: "WEBHOOK",
  target: ENDPOINT_ID,
  targetName: "https://shop.example/hooks/wallet",
  status: "DELIVERED",
  attempts: 1,
  nextAttemptAt: null,
  lastError: null,
  lastFailure: null,
  deliveredAt: "2026-11-22T09:31:13.000Z",
  createdAt: "2026-11-22T09:31:12.500Z",
  lastAttempt: {
    attempt: 1,
    ok: true,
    statusCode: 200,
    latencyMs: 84,
    request: {
      url: "https://shop.example/hooks/wallet",
      headers: {
        "content-type": "application/json",
        "webhook-id": EVENT_ID,
        "webhook-timestamp": "1795340473",
        "webhook-signature": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
      },
      body,
    },
    failure: null,
    response: null,
    at: "2026-11-22T09:31:13.000Z",
  },
} satisfies DeliveryJson;

const notFound = <B>(what: string, body?: B) => ({
  name: "unknown",
  summary: `A ${what} that does not exist`,
  request: { params: { id: MISSING_ID }, ...(body === undefined ? {} : { body }) },
  response: { status: 404, body: { error: { code: "NOT_FOUND" as const, message: `No such ${what}.` } } },
});

export const adminListWebhookEndpoints = defineEndpoint({
  operationId: "adminListWebhookEndpoints",
  method: "get",
  path: "/api/admin/webhooks",
  summary: "Every webhook endpoint, never a secret",
  auth: { operator: "integrations.manage" },
  responses: { 200: { description: "The endpoints.", body: endpointList } },
  examples: [
    {
      name: "endpoints",
      summary: "One endpoint",
      request: {},
      response: { status: 200, body: { endpoints: [endpointExample] } },
    },
    {
      name: "operator",
      summary: "Only admins manage webhooks",
      request: {},
      response: permissionMissing("integrations.manage", "Finance"),
    },
  ],
});

export const adminCreateWebhookEndpoint = defineEndpoint({
  operationId: "adminCreateWebhookEndpoint",
  method: "post",
  path: "/api/admin/webhooks",
  summary: "Add a webhook endpoint",
  description:
    "Events committed from now on are POSTed to it, signed with the secret in this answer (shown once). " +
    "HTTPS only in production. Audited.",
  auth: { operator: "integrations.manage" },
  body: webhookEndpointInput,
  responses: {
    201: {
      description: "The endpoint, with its secret.",
      body: createdEndpoint,
      headers: z.object({ "Cache-Control": z.literal("no-store") }),
    },
  },
  examples: [
    {
      name: "fulfilment",
      summary: "Paid orders and refunds to a fulfilment system",
      request: {
        body: {
          url: "https://shop.example/hooks/wallet",
          description: "Fulfilment system",
          events: ["order.paid", "refund.succeeded"],
        },
      },
      response: { status: 201, body: { ...endpointExample, secret: SECRET } },
    },
  ],
});

export const adminUpdateWebhookEndpoint = defineEndpoint({
  operationId: "adminUpdateWebhookEndpoint",
  method: "patch",
  path: "/api/admin/webhooks/{id}",
  summary: "Change a webhook endpoint, or turn it off or on",
  description:
    "Only the fields given change. Turning it back on clears its failure record (`failingSince`, " +
    "`disabledReason`); deliveries that gave up meanwhile are re-sent one by one. Audited.",
  auth: { operator: "integrations.manage" },
  params: webhookEndpointParams,
  body: webhookEndpointUpdate,
  responses: { 200: { description: "The endpoint as it is now.", body: webhookEndpointRecord } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "off",
      summary: "Turned off during the receiver's maintenance",
      request: { params: { id: ENDPOINT_ID }, body: { enabled: false } },
      response: {
        status: 200,
        body: { ...endpointExample, enabled: false, updatedAt: "2026-11-25T09:00:00.000Z" },
      },
    },
    notFound("webhook endpoint", { enabled: false }),
  ],
});

export const adminDeleteWebhookEndpoint = defineEndpoint({
  operationId: "adminDeleteWebhookEndpoint",
  method: "delete",
  path: "/api/admin/webhooks/{id}",
  summary: "Delete a webhook endpoint",
  description:
    "Its pending deliveries end as dead, with the reason; its log stays readable on the orders. Audited.",
  auth: { operator: "integrations.manage" },
  params: webhookEndpointParams,
  responses: {
    200: { description: "Deleted.", body: z.object({ id: z.string(), deleted: z.literal(true) }) },
  },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "deleted",
      summary: "An endpoint no longer used",
      request: { params: { id: ENDPOINT_ID } },
      response: { status: 200, body: { id: ENDPOINT_ID, deleted: true } },
    },
    notFound("webhook endpoint"),
  ],
});

export const adminListEndpointDeliveries = defineEndpoint({
  operationId: "adminListEndpointDeliveries",
  method: "get",
  path: "/api/admin/webhooks/{id}/deliveries",
  summary: "A webhook endpoint's delivery log",
  description:
    "Each delivery with its latest attempt: the request as sent, the status, the latency and how it failed " +
    "(`failure`). The receiver's answer is never kept: a URL that reaches something internal must not " +
    "become a way to read it. Newest first, in keyset pages: pass `nextCursor` as `after` for the next one.",
  auth: { operator: "integrations.manage" },
  params: webhookEndpointParams,
  query: deliveryListQuery,
  responses: { 200: { description: "One page of deliveries.", body: deliveryList } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "log",
      summary: "One paid order delivered",
      request: { params: { id: ENDPOINT_ID } },
      response: { status: 200, body: { deliveries: [deliveryExample], nextCursor: null } },
    },
    notFound("webhook endpoint"),
  ],
});

export const adminListDeadDeliveries = defineEndpoint({
  operationId: "adminListDeadDeliveries",
  method: "get",
  path: "/api/admin/deliveries/dead",
  summary: "Deliveries that gave up (the dead letter)",
  description:
    "Hooks and webhooks whose last try failed, the latest to give up first, with the error; in keyset " +
    "pages: pass `nextCursor` as `after` for the next one. A re-sent delivery leaves the list.",
  auth: { operator: "orders.read" },
  query: deliveryListQuery,
  responses: { 200: { description: "One page of deliveries.", body: deliveryList } },
  examples: [
    {
      name: "dead",
      summary: "A kitchen ticket that could not be printed, and a webhook whose receiver kept failing",
      request: { query: { limit: 20 } },
      response: {
        status: 200,
        body: {
          deliveries: [
            {
              ...deliveryExample,
              targetKind: "HOOK",
              target: "kitchen-ticket",
              targetName: "kitchen-ticket",
              status: "DEAD",
              attempts: 21,
              deliveredAt: null,
              lastError: "the kitchen answered 503",
              lastAttempt: {
                ...deliveryExample.lastAttempt,
                attempt: 21,
                ok: false,
                statusCode: null,
                request: null,
                response: "the kitchen answered 503",
              },
            },
            {
              ...deliveryExample,
              status: "DEAD",
              attempts: 9,
              deliveredAt: null,
              lastError: "HTTP 503: answered with an error status",
              lastFailure: "HTTP_STATUS",
              lastAttempt: {
                ...deliveryExample.lastAttempt,
                attempt: 9,
                ok: false,
                statusCode: 503,
                latencyMs: 212,
                failure: "HTTP_STATUS",
              },
            },
          ],
          nextCursor: null,
        },
      },
    },
  ],
});

export const adminResendDelivery = defineEndpoint({
  operationId: "adminResendDelivery",
  method: "post",
  path: "/api/admin/deliveries/{id}/resend",
  summary: "Deliver an event to the same hook or endpoint again",
  description:
    "The same event, with the same id, goes out again within a second: a receiver that deduplicates on " +
    "`webhook-id` (a hook, on `event.id`) does nothing twice. Audited.",
  auth: { operator: "deliveries.resend" },
  params: deliveryParams,
  responses: { 200: { description: "The delivery, pending again.", body: deliveryRecord } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "resent",
      summary: "Re-sent after the receiver was fixed",
      request: { params: { id: DELIVERY_ID } },
      response: {
        status: 200,
        body: {
          ...deliveryExample,
          status: "PENDING",
          deliveredAt: null,
          nextAttemptAt: "2026-11-22T10:00:00.000Z",
        },
      },
    },
    notFound("delivery"),
  ],
});
