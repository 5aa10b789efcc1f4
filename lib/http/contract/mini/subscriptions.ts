// Subscriptions (docs/subscriptions.md): the plans on offer, subscribing (under an Idempotency-Key,
// with an agreement bound first), the customer's subscriptions, and pause, resume and cancel.
import { z } from "zod";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKey } from "@/lib/http/idempotency-key";
import { BillingInterval, SubscriptionStatus } from "@/lib/platform/db";
import { defineEndpoint } from "../endpoint";
import { isoTime, money, rowId } from "../shared-schemas";

const PLAN_ID = "0193a6b0-2d11-7a40-9c3e-1f6a7b8c9d01";
const SUBSCRIPTION_ID = "0193a6b4-5e22-7b51-8d4f-2a7b8c9d0e12";

const subscriptionParams = z.object({ id: z.uuid({ message: "must be a subscription id (a UUID)" }) });

const plan = z
  .object({
    planId: rowId,
    sku: z.string(),
    name: z.string(),
    nameArabic: z.string(),
    price: money.meta({ description: "Charged every period." }),
    priceText: z.string(),
    interval: z.object({
      unit: z.enum(BillingInterval),
      count: z.number().int().meta({ description: "Every `count` units: 2 with WEEK is every two weeks." }),
    }),
    freeFirstPeriod: z
      .boolean()
      .meta({ description: "The first period is free; the first charge is at its end." }),
    allowCancelNow: z
      .boolean()
      .meta({ description: "The customer may cancel at once, not only at the period's end." }),
  })
  .meta({ id: "Plan" });

const planList = z.object({ plans: z.array(plan) });
export type PlanListJson = z.input<typeof planList>;

const customerAction = z
  .enum(["SIGN_AGREEMENT", "CONTACT_WALLET", "TOP_UP"])
  .nullable()
  .meta({
    description:
      "What the customer can do: sign the agreement again (POST /api/mini/agreements), contact the wallet " +
      "about their account, or top up before the next try.",
  });

const subscriptionView = z
  .object({
    subscriptionId: rowId,
    status: z.enum(SubscriptionStatus),
    plan,
    accessUntil: isoTime.nullable().meta({ description: "The end of the last period paid for (or free)." }),
    cancelAtPeriodEnd: z.boolean(),
    pausedAt: isoTime.nullable(),
    cancelledAt: isoTime.nullable(),
    cancelReason: z.string().nullable().meta({
      description: "CUSTOMER, OPERATOR, PERIOD_END, UNPAID or FIRST_CHARGE_FAILED.",
    }),
    nextCharge: z
      .object({ at: isoTime, period: z.number().int(), amount: money, amountText: z.string() })
      .nullable()
      .meta({ description: "The next charge; null when none is coming (cancelled, ending, paused)." }),
    lastFailure: z.object({ resultCode: z.string(), action: customerAction }).nullable().meta({
      description: "The last charge of the coming period failed: why, and what the customer can do.",
    }),
    createdAt: isoTime,
  })
  .meta({ id: "Subscription" });
export type SubscriptionJson = z.input<typeof subscriptionView>;

const activeExample = {
  subscriptionId: SUBSCRIPTION_ID,
  status: "ACTIVE",
  plan: {
    planId: PLAN_ID,
    sku: "COFFEE-CLUB",
    name: "Coffee club",
    nameArabic: "نادي القهوة",
    price: { currency: "IQD", value: "20000000" },
    priceText: "20,000 IQD",
    interval: { unit: "MONTH", count: 1 },
    freeFirstPeriod: false,
    allowCancelNow: false,
  },
  accessUntil: "2026-12-22T09:30:00.000Z",
  cancelAtPeriodEnd: false,
  pausedAt: null,
  cancelledAt: null,
  cancelReason: null,
  nextCharge: {
    at: "2026-12-22T09:30:00.000Z",
    period: 2,
    amount: { currency: "IQD", value: "20000000" },
    amountText: "20,000 IQD",
  },
  lastFailure: null,
  createdAt: "2026-11-22T09:30:00.000Z",
} satisfies SubscriptionJson;

export const listPlans = defineEndpoint({
  operationId: "listPlans",
  method: "get",
  path: "/api/mini/subscriptions/plans",
  summary: "The plans on offer",
  description: "Active plans by SKU, with their period, price and whether the first period is free.",
  auth: "public",
  responses: { 200: { description: "The plans.", body: planList } },
  examples: [
    {
      name: "plans",
      summary: "One monthly plan",
      request: {},
      response: { status: 200, body: { plans: [activeExample.plan] } },
    },
  ],
});

const subscribeBody = z.object({
  planId: rowId,
  language: z
    .enum(["ar", "en"])
    .optional()
    .meta({ description: "The language of the pushes about it. Default ar." }),
});

export const subscribe = defineEndpoint({
  operationId: "subscribe",
  method: "post",
  path: "/api/mini/subscriptions",
  summary: "Subscribe to a plan",
  description:
    "Needs a bound agreement (POST /api/mini/agreements, then /bind). The first period is charged at " +
    "once, unless it is free: ACTIVE means paid, CANCELLED with cancelReason FIRST_CHARGE_FAILED and " +
    "lastFailure null means the wallet refused it (subscribe again after fixing it, with a new " +
    "Idempotency-Key). A repeat with the same Idempotency-Key answers the first subscription (200).",
  auth: "customer",
  headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
  body: subscribeBody,
  responses: {
    201: { description: "The new subscription.", body: subscriptionView },
    200: { description: "The subscription this Idempotency-Key made before.", body: subscriptionView },
  },
  errors: [
    "IDEMPOTENCY_KEY_REQUIRED",
    "IDEMPOTENCY_KEY_REUSED",
    "NOT_FOUND",
    "ORDER_STATUS_INVALID",
    "CONFLICT",
  ],
  examples: [
    {
      name: "subscribed",
      summary: "A monthly plan, its first period paid",
      request: {
        headers: { [IDEMPOTENCY_KEY_HEADER]: "subscribe-7d1e-1" },
        body: { planId: PLAN_ID, language: "ar" },
      },
      response: { status: 201, body: activeExample },
    },
    {
      name: "no-agreement",
      summary: "The customer has not bound an agreement yet",
      request: { headers: { [IDEMPOTENCY_KEY_HEADER]: "subscribe-7d1e-2" }, body: { planId: PLAN_ID } },
      response: {
        status: 409,
        body: {
          error: {
            code: "ORDER_STATUS_INVALID",
            message:
              "No active payment agreement. Prepare one with POST /api/mini/agreements and bind it first.",
          },
        },
      },
    },
  ],
});

const subscriptionList = z.object({
  subscriptions: z.array(subscriptionView).meta({ description: "Newest first." }),
});
export type SubscriptionListJson = z.input<typeof subscriptionList>;

export const listSubscriptions = defineEndpoint({
  operationId: "listSubscriptions",
  method: "get",
  path: "/api/mini/subscriptions",
  summary: "The customer's subscriptions, newest first",
  auth: "customer",
  responses: { 200: { description: "Their subscriptions (the latest 100).", body: subscriptionList } },
  examples: [
    {
      name: "one",
      summary: "One active subscription",
      request: {},
      response: { status: 200, body: { subscriptions: [activeExample] } },
    },
  ],
});

export const getSubscription = defineEndpoint({
  operationId: "getSubscription",
  method: "get",
  path: "/api/mini/subscriptions/{id}",
  summary: "One of the customer's subscriptions",
  auth: "customer",
  params: subscriptionParams,
  responses: { 200: { description: "The subscription.", body: subscriptionView } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "active",
      summary: "An active subscription",
      request: { params: { id: SUBSCRIPTION_ID } },
      response: { status: 200, body: activeExample },
    },
  ],
});

const CHANGE_ERRORS = ["NOT_FOUND", "ORDER_STATUS_INVALID", "OPERATION_IN_PROGRESS"] as const;

export const pauseSubscription = defineEndpoint({
  operationId: "pauseSubscription",
  method: "post",
  path: "/api/mini/subscriptions/{id}/pause",
  summary: "Pause a subscription",
  description:
    "Nothing is charged while paused. The time left of the period paid for is given back at the " +
    "resume. 409 OPERATION_IN_PROGRESS while a charge is at the wallet: try again in a minute.",
  auth: "customer",
  params: subscriptionParams,
  responses: { 200: { description: "The paused subscription.", body: subscriptionView } },
  errors: [...CHANGE_ERRORS],
  examples: [
    {
      name: "paused",
      summary: "Paused ten days into a month",
      request: { params: { id: SUBSCRIPTION_ID } },
      response: {
        status: 200,
        body: { ...activeExample, status: "PAUSED", pausedAt: "2026-12-02T09:30:00.000Z", nextCharge: null },
      },
    },
  ],
});

export const resumeSubscription = defineEndpoint({
  operationId: "resumeSubscription",
  method: "post",
  path: "/api/mini/subscriptions/{id}/resume",
  summary: "Resume a paused subscription, or take back a cancellation at the period's end",
  description: "Access runs until now + the time that was left when paused; the next charge is then.",
  auth: "customer",
  params: subscriptionParams,
  responses: { 200: { description: "The subscription, active again.", body: subscriptionView } },
  errors: [...CHANGE_ERRORS],
  examples: [
    {
      name: "resumed",
      summary: "Resumed",
      request: { params: { id: SUBSCRIPTION_ID } },
      response: { status: 200, body: activeExample },
    },
  ],
});

const cancelBody = z.object({
  atPeriodEnd: z.boolean().default(true).meta({
    description: "True (default): at the end of the period paid for. False: now, where the plan allows it.",
  }),
});

export const cancelSubscription = defineEndpoint({
  operationId: "cancelSubscription",
  method: "post",
  path: "/api/mini/subscriptions/{id}/cancel",
  summary: "Cancel a subscription",
  description:
    "At the period's end nothing more is charged and access lasts until accessUntil. Now: only where " +
    "the plan allows it (allowCancelNow); a paused or past-due subscription is cancelled now either way. " +
    "Nothing is refunded.",
  auth: "customer",
  params: subscriptionParams,
  body: cancelBody,
  responses: { 200: { description: "The subscription.", body: subscriptionView } },
  errors: [...CHANGE_ERRORS],
  examples: [
    {
      name: "at-period-end",
      summary: "Cancelled at the end of the period paid for",
      request: { params: { id: SUBSCRIPTION_ID }, body: { atPeriodEnd: true } },
      response: { status: 200, body: { ...activeExample, cancelAtPeriodEnd: true, nextCharge: null } },
    },
  ],
});
