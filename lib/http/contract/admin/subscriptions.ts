// The console's subscriptions (docs/subscriptions.md): the list with its search box and filters, its
// CSV, and one subscription with its periods, their charges (orders) and its timeline.
import { z } from "zod";
import { csvLine } from "@/lib/console/orders/export-orders";
import { subscriptionListQuery, subscriptionParams } from "@/lib/console/request-schemas";
import { SUBSCRIPTION_EXPORT_COLUMNS } from "@/lib/console/subscriptions/export-subscriptions";
import {
  BillingInterval,
  OrderStatus,
  SubscriptionPeriodStatus,
  SubscriptionStatus,
} from "@/lib/platform/db";
import { defineEndpoint } from "../endpoint";
import { fils, isoTime, rowId } from "../shared-schemas";
import { CUSTOMER_ID, MISSING_ID, ORDER_ID, permissionMissing, signedOut } from "./examples";
import { nextCursor, personRecord } from "./records";

export const SUBSCRIPTION_ID = "0193a5c9-8b10-7d21-9e3a-6c1f4b2d8e07";
const PLAN_ID = "0193a4e2-1a3b-7c4d-8e5f-6a7b8c9d0e1f";

const plan = z
  .object({
    id: rowId,
    sku: z.string(),
    name: z.string(),
    nameArabic: z.string(),
    intervalUnit: z.enum(BillingInterval),
    intervalCount: z.number().int().positive(),
  })
  .meta({ id: "AdminSubscriptionPlan" });

export const subscriptionRow = z
  .object({
    id: rowId,
    customerId: rowId,
    status: z.enum(SubscriptionStatus),
    plan,
    createdAt: isoTime,
    currentPeriod: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: "The period last paid (0: none yet)." }),
    accessUntil: isoTime.nullable().meta({ description: "The end of the period paid for." }),
    cancelAtPeriodEnd: z.boolean(),
    pausedAt: isoTime.nullable(),
    pastDueAt: isoTime.nullable(),
    cancelledAt: isoTime.nullable(),
    cancelReason: z.string().nullable(),
    nextCharge: z
      .object({ period: z.number().int().positive(), amountFils: fils, at: isoTime })
      .nullable()
      .meta({ description: "The open period's charge; null while paused, ending or cancelled." }),
    person: personRecord
      .optional()
      .meta({ description: "Name and masked phone; only for operators allowed to see personal data." }),
  })
  .meta({ id: "AdminSubscription" });

const match = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("subscriptions"),
      ids: z.array(rowId),
      by: z.enum(["subscriptionId", "shortId", "charge"]),
    }),
    z.object({
      kind: z.literal("customers"),
      customerIds: z.array(rowId),
      by: z.enum(["customerId", "walletCustomerId", "phone", "customerName"]),
    }),
    z.object({ kind: z.literal("plans"), planIds: z.array(rowId), by: z.literal("plan") }),
    z.object({ kind: z.literal("none") }),
  ])
  .meta({ description: "What the search box (q) was recognised as; absent without q." });

const subscriptionPage = z.object({
  subscriptions: z.array(subscriptionRow),
  nextCursor,
  plans: z.array(plan).meta({ description: "Every plan, for the plan filter." }),
  match: match.optional(),
});
export type SubscriptionPageJson = z.input<typeof subscriptionPage>;

export const exampleRow = {
  id: SUBSCRIPTION_ID,
  customerId: CUSTOMER_ID,
  status: "ACTIVE",
  plan: {
    id: PLAN_ID,
    sku: "COFFEE-CLUB",
    name: "Coffee club",
    nameArabic: "نادي القهوة",
    intervalUnit: "MONTH",
    intervalCount: 1,
  },
  createdAt: "2026-10-22T09:30:00.000Z",
  currentPeriod: 2,
  accessUntil: "2026-12-22T09:30:00.000Z",
  cancelAtPeriodEnd: false,
  pausedAt: null,
  pastDueAt: null,
  cancelledAt: null,
  cancelReason: null,
  nextCharge: { period: 3, amountFils: "20000000", at: "2026-12-22T09:30:00.000Z" },
} satisfies z.input<typeof subscriptionRow>;

export const adminListSubscriptions = defineEndpoint({
  operationId: "adminListSubscriptions",
  method: "get",
  path: "/api/admin/subscriptions",
  summary: "Subscriptions, newest first, by search, status and plan",
  auth: { operator: "orders.read" },
  query: subscriptionListQuery,
  responses: { 200: { description: "One page of subscriptions.", body: subscriptionPage } },
  examples: [
    {
      name: "active-by-plan",
      summary: "The active subscriptions of a plan found by its SKU",
      request: { query: { status: "ACTIVE", q: "COFFEE-CLUB", limit: 20 } },
      response: {
        status: 200,
        body: {
          subscriptions: [exampleRow],
          nextCursor: null,
          plans: [exampleRow.plan],
          match: { kind: "plans", planIds: [PLAN_ID], by: "plan" },
        },
      },
    },
    { name: "signed-out", summary: "Without a session", request: {}, response: signedOut },
  ],
});

const exportHeader = csvLine(SUBSCRIPTION_EXPORT_COLUMNS);

const subscriptionsCsv = z
  .string()
  .regex(new RegExp(`^\uFEFF?${exportHeader}`))
  .meta({
    description:
      "RFC 4180 CSV with CRLF line ends, UTF-8 with a byte order mark (so Excel shows Arabic): the " +
      "header line, then one line per subscription, newest first. The plan in English and Arabic, the " +
      "next charge in fils and as a plain IQD number, times in UTC (and the subscription's start in " +
      "Baghdad). A cell starting with = + - @ is prefixed with ' so no spreadsheet runs it.",
  });

export const adminExportSubscriptions = defineEndpoint({
  operationId: "adminExportSubscriptions",
  method: "get",
  path: "/api/admin/subscriptions/export",
  summary: "The filtered subscription list as CSV",
  description: "Takes the list's filters and search (its `after` and `limit` are ignored). Streamed.",
  auth: { operator: "orders.export" },
  query: subscriptionListQuery,
  responses: {
    200: {
      description: "The CSV file.",
      body: subscriptionsCsv,
      mediaType: "text/csv",
      headers: z.object({
        "Content-Disposition": z
          .string()
          .regex(/^attachment; filename="subscriptions-[\dT-]+\.csv"$/)
          .meta({ examples: ['attachment; filename="subscriptions-2026-11-22T10-15-00.csv"'] }),
        "Cache-Control": z.literal("no-store"),
      }),
    },
  },
  examples: [
    {
      name: "past-due",
      summary: "Every subscription past due",
      request: { query: { status: "PAST_DUE" } },
      response: {
        status: 200,
        body:
          `\uFEFF${exportHeader}` +
          csvLine([
            SUBSCRIPTION_ID,
            "2026-10-22T09:30:00.000Z",
            "2026-10-22 12:30:00",
            "PAST_DUE",
            "COFFEE-CLUB",
            "Coffee club",
            "نادي القهوة",
            "1 MONTH",
            CUSTOMER_ID,
            "2026-11-22T09:30:00.000Z",
            "2026-11-25T09:30:00.000Z",
            "20000000",
            "20000",
            "",
            "",
            "",
          ]),
      },
    },
    {
      name: "viewer-less",
      summary: "Support may not export",
      request: {},
      response: permissionMissing("orders.export", "Support"),
    },
  ],
});

const tryRecord = z.object({
  id: rowId,
  paymentRequestId: z.string().meta({ description: "sub_<subscription>_<period>_<try>" }),
  status: z.enum(OrderStatus),
  amountFils: fils,
  refundedFils: fils.meta({ description: "What the wallet confirmed back." }),
  resultCode: z.string().nullable(),
  createdAt: isoTime,
});

const periodRecord = z.object({
  id: rowId,
  number: z.number().int().positive(),
  status: z.enum(SubscriptionPeriodStatus),
  startsAt: isoTime,
  endsAt: isoTime,
  amountFils: fils,
  nextAttemptAt: isoTime.nullable(),
  attempts: z.number().int().nonnegative(),
  failedTries: z.number().int().nonnegative(),
  firstFailedAt: isoTime.nullable(),
  lastResultCode: z.string().nullable(),
  lastFailureKind: z.string().nullable().meta({ description: "RETRY, CUSTOMER or MERCHANT." }),
  paidAt: isoTime.nullable(),
  orderId: rowId.nullable().meta({ description: "The try in flight, or the one that paid." }),
  refundableFils: fils.nullable().meta({
    description:
      "For a paid period: what can still be refunded of its order (refunds in flight and awaiting " +
      "approval count as spent); null otherwise.",
  }),
  tries: z.array(tryRecord).meta({ description: "Every try's order, newest first." }),
});

const subscriptionDetail = z.object({
  subscription: subscriptionRow,
  periods: z.array(periodRecord).meta({ description: "Newest first (at most 60)." }),
  timeline: z.array(
    z.object({ id: rowId, type: z.string(), actor: z.string(), detail: z.unknown(), createdAt: isoTime }),
  ),
  actions: z.array(z.string()).meta({
    description:
      "What the caller may do now: pause, resume, cancel-at-period-end, cancel-now, retry-now (a period " +
      "being dunned), refund (a paid period with something refundable).",
  }),
});
export type SubscriptionDetailJson = z.input<typeof subscriptionDetail>;

export const adminGetSubscription = defineEndpoint({
  operationId: "adminGetSubscription",
  method: "get",
  path: "/api/admin/subscriptions/{id}",
  summary: "One subscription: its periods, their charges and its timeline",
  auth: { operator: "orders.read" },
  params: subscriptionParams,
  responses: { 200: { description: "The subscription.", body: subscriptionDetail } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "active",
      summary: "An active monthly subscription, two periods paid",
      request: { params: { id: SUBSCRIPTION_ID } },
      response: {
        status: 200,
        body: {
          subscription: exampleRow,
          periods: [
            {
              id: "0193a5ca-0000-7000-8000-000000000003",
              number: 3,
              status: "SCHEDULED",
              startsAt: "2026-12-22T09:30:00.000Z",
              endsAt: "2027-01-22T09:30:00.000Z",
              amountFils: "20000000",
              nextAttemptAt: "2026-12-22T09:30:00.000Z",
              attempts: 0,
              failedTries: 0,
              firstFailedAt: null,
              lastResultCode: null,
              lastFailureKind: null,
              paidAt: null,
              orderId: null,
              refundableFils: null,
              tries: [],
            },
            {
              id: "0193a5ca-0000-7000-8000-000000000002",
              number: 2,
              status: "PAID",
              startsAt: "2026-11-22T09:30:00.000Z",
              endsAt: "2026-12-22T09:30:00.000Z",
              amountFils: "20000000",
              nextAttemptAt: null,
              attempts: 1,
              failedTries: 0,
              firstFailedAt: null,
              lastResultCode: "SUCCESS",
              lastFailureKind: null,
              paidAt: "2026-11-22T09:31:02.000Z",
              orderId: ORDER_ID,
              refundableFils: "20000000",
              tries: [
                {
                  id: ORDER_ID,
                  paymentRequestId: "sub_0193a5c98b107d219e3a6c1f4b2d8e07_2_1",
                  status: "PAID",
                  amountFils: "20000000",
                  refundedFils: "0",
                  resultCode: "SUCCESS",
                  createdAt: "2026-11-22T09:31:00.000Z",
                },
              ],
            },
          ],
          timeline: [
            {
              id: "0193a5cb-0000-7000-8000-000000000001",
              type: "PERIOD_PAID",
              actor: "worker:subscriptions",
              detail: { period: 2, orderId: ORDER_ID, amountFils: "20000000" },
              createdAt: "2026-11-22T09:31:02.000Z",
            },
          ],
          actions: ["pause", "cancel-at-period-end", "cancel-now", "refund"],
        },
      },
    },
    {
      name: "unknown",
      summary: "No such subscription",
      request: { params: { id: MISSING_ID } },
      response: { status: 404, body: { error: { code: "NOT_FOUND", message: "No such subscription." } } },
    },
  ],
});
