// The console's other records, newest first in keyset pages: refunds, customers, the wallet's
// notifications (and re-applying one), and the operators' audit log.
import { z } from "zod";
import {
  customerListQuery,
  notificationListQuery,
  notificationParams,
  refundListQuery,
} from "@/lib/console/request-schemas";
import { auditListQuery } from "@/lib/operators/operator-inputs";
import { OrderFlow } from "@/lib/platform/db";
import { defineEndpoint } from "../endpoint";
import { isoTime, rowId } from "../shared-schemas";
import {
  customerExample,
  MISSING_ID,
  NOTIFICATION_ID,
  notificationExample,
  OPERATOR_ID,
  ORDER_ID,
  PAYMENT_ID,
  permissionMissing,
  refundAuditEntry,
  refundExample,
} from "./examples";
import {
  auditEntryRecord,
  customerSummary,
  nextCursor,
  notificationRecord,
  notificationRejection,
  personRecord,
  refundRecord,
} from "./records";

// ---------------------------------------------------------------- refunds

const refundPage = z.object({
  refunds: z.array(
    refundRecord.extend({
      order: z.object({
        id: rowId,
        paymentId: z.string().nullable(),
        flow: z.enum(OrderFlow),
        customerId: rowId,
      }),
    }),
  ),
  nextCursor,
});
export type RefundPageJson = z.input<typeof refundPage>;

export const adminListRefunds = defineEndpoint({
  operationId: "adminListRefunds",
  method: "get",
  path: "/api/admin/refunds",
  summary: "Refunds, newest first",
  auth: { operator: "orders.read" },
  query: refundListQuery,
  responses: { 200: { description: "One page of refunds.", body: refundPage } },
  examples: [
    {
      name: "succeeded",
      summary: "Refunds the wallet confirmed",
      request: { query: { status: "SUCCESS", limit: 20 } },
      response: {
        status: 200,
        body: {
          refunds: [
            {
              ...refundExample,
              order: { id: ORDER_ID, paymentId: PAYMENT_ID, flow: "CASHIER", customerId: customerExample.id },
            },
          ],
          nextCursor: null,
        },
      },
    },
  ],
});

// ---------------------------------------------------------------- customers

const customerPage = z.object({
  customers: z.array(
    customerSummary.extend({
      createdAt: isoTime,
      token: z
        .object({
          accessTokenExpiresAt: isoTime,
          refreshTokenExpiresAt: isoTime.nullable(),
          refreshedAt: isoTime.nullable(),
          scopes: z.array(z.string()),
        })
        .nullable()
        .meta({ description: "When the wallet's tokens expire; never the tokens. null: none stored." }),
      _count: z.object({ orders: z.number().int().nonnegative() }),
      person: personRecord
        .optional()
        .meta({ description: "Name and masked phone; only for operators allowed to see personal data." }),
    }),
  ),
  nextCursor,
});
export type CustomerPageJson = z.input<typeof customerPage>;

export const adminListCustomers = defineEndpoint({
  operationId: "adminListCustomers",
  method: "get",
  path: "/api/admin/customers",
  summary: "Customers with their authorization state, newest first",
  description: "The scopes each granted, whether the wallet still accepts it, when its access expires.",
  auth: { operator: "orders.read" },
  query: customerListQuery,
  responses: { 200: { description: "One page of customers.", body: customerPage } },
  examples: [
    {
      name: "by-wallet-id",
      summary: "One customer, found by the wallet's customerId",
      request: { query: { q: customerExample.walletCustomerId } },
      response: {
        status: 200,
        body: {
          customers: [
            {
              ...customerExample,
              createdAt: "2026-11-20T18:02:44.000Z",
              token: {
                accessTokenExpiresAt: "2026-11-22T11:29:41.000Z",
                refreshTokenExpiresAt: "2026-12-22T09:29:41.000Z",
                refreshedAt: "2026-11-22T09:29:41.000Z",
                scopes: ["USER_ID", "auth_base"],
              },
              _count: { orders: 3 },
            },
          ],
          nextCursor: null,
        },
      },
    },
  ],
});

// ---------------------------------------------------------------- notifications

const notificationPage = z.object({
  notifications: z.array(notificationRecord).meta({ description: "Verified notifications, newest first." }),
  nextCursor,
  rejections: z.array(notificationRejection).meta({
    description: "The latest 20 counts of notifications that failed verification (never stored one by one).",
  }),
});
export type NotificationPageJson = z.input<typeof notificationPage>;

export const adminListNotifications = defineEndpoint({
  operationId: "adminListNotifications",
  method: "get",
  path: "/api/admin/notifications",
  summary: "The wallet's notifications, and the refused attempts",
  auth: { operator: "orders.read" },
  query: notificationListQuery,
  responses: { 200: { description: "One page of notifications.", body: notificationPage } },
  examples: [
    {
      name: "of-one-order",
      summary: "The notifications about one order, and a forged attempt",
      request: { query: { orderId: ORDER_ID } },
      response: {
        status: 200,
        body: {
          notifications: [notificationExample],
          nextCursor: null,
          rejections: [
            {
              id: "17",
              bucket: "2026-11-22T09:00:00.000Z",
              sourceAddress: "203.0.113.50",
              kind: "REFUND",
              reason: "signature verification failed",
              count: 3,
              firstSeenAt: "2026-11-22T09:12:40.000Z",
              lastSeenAt: "2026-11-22T09:14:02.000Z",
              sampleBody: '{"refundStatus":"SUCCESS"}',
              sampleHeaders: { "client-id": "2020123456789" },
            },
          ],
        },
      },
    },
  ],
});

const reapplyResult = z
  .union([
    z.object({
      status: z.enum(["APPLIED", "IGNORED"]),
      orderId: z.string().optional(),
      note: z.string().optional(),
    }),
    z.object({ status: z.literal("REJECTED"), orderId: z.string().optional(), error: z.string() }),
    z.object({ status: z.literal("NOTHING_TO_DO") }),
  ])
  .meta({
    description:
      "APPLIED: it changed the order; IGNORED: nothing was left to do (it had been applied); " +
      "REJECTED: it cannot apply, see error; NOTHING_TO_DO: it was never verified.",
  });

const reapplied = z.object({ result: reapplyResult, notification: notificationRecord });
export type ReappliedJson = z.input<typeof reapplied>;

export const adminReapplyNotification = defineEndpoint({
  operationId: "adminReapplyNotification",
  method: "post",
  path: "/api/admin/notifications/{id}/reapply",
  summary: "Apply a stored notification again",
  description:
    "Applying is idempotent: this only completes what a crash left undone, or checks a rejected one " +
    "again. No body. Audited.",
  auth: { operator: "notifications.reapply" },
  params: notificationParams,
  responses: { 200: { description: "What applying it did, and the notification after.", body: reapplied } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "already-applied",
      summary: "A payment notification applied before: nothing changes",
      request: { params: { id: NOTIFICATION_ID } },
      response: {
        status: 200,
        body: {
          result: { status: "IGNORED", orderId: ORDER_ID, note: "order is PAID" },
          notification: { ...notificationExample, processedAt: "2026-11-22T10:20:00.000Z" },
        },
      },
    },
    {
      name: "unknown-notification",
      summary: "An id no notification has",
      request: { params: { id: MISSING_ID } },
      response: { status: 404, body: { error: { code: "NOT_FOUND", message: "No such notification." } } },
    },
  ],
});

// ---------------------------------------------------------------- audit log

const auditPage = z.object({ entries: z.array(auditEntryRecord), nextCursor });
export type AuditPageJson = z.input<typeof auditPage>;

export const adminListAuditEntries = defineEndpoint({
  operationId: "adminListAuditEntries",
  method: "get",
  path: "/api/admin/audit",
  summary: "The audit log: every operator action, newest first",
  auth: { operator: "audit.read" },
  query: auditListQuery,
  responses: { 200: { description: "One page of entries.", body: auditPage } },
  examples: [
    {
      name: "by-operator",
      summary: "What one operator did",
      request: { query: { operatorId: OPERATOR_ID } },
      response: { status: 200, body: { entries: [refundAuditEntry], nextCursor: null } },
    },
    {
      name: "operator-role",
      summary: "Support staff do not read the audit log",
      request: {},
      response: permissionMissing("audit.read", "Support"),
    },
  ],
});
