// Alerts that reach a person (ADMIN): rules saying which events go to which e-mail address or chat
// webhook and how they are folded, and the latest messages with how their sending went.
// docs/events.md, "Alerts", has the event types, the folding and the chat formats.
import { z } from "zod";
import { alertRuleInput, alertRuleParams, alertRuleUpdate } from "@/lib/console/request-schemas";
import { defineEndpoint } from "../endpoint";
import { MISSING_ID, permissionMissing } from "./examples";
import { alertMessageRecord, alertRuleRecord } from "./records";

const RULE_ID = "0193a6f8-4a5b-7c6d-8e9f-0a1b2c3d4e5f";

export type AlertRuleJson = z.input<typeof alertRuleRecord>;
const ruleList = z.object({ rules: z.array(alertRuleRecord).meta({ description: "Newest first." }) });
export type AlertRuleListJson = z.input<typeof ruleList>;
const messageList = z.object({
  messages: z.array(alertMessageRecord).meta({ description: "The latest 50, newest first." }),
});
export type AlertMessageListJson = z.input<typeof messageList>;

const ruleExample = {
  id: RULE_ID,
  eventType: "payment.unknown",
  channel: "EMAIL",
  target: "ops@shop.example",
  chatFormat: null,
  foldSeconds: 60,
  enabled: true,
  disabledReason: null,
  createdBy: "admin@shop.example",
  createdByApiKeyId: null,
  createdAt: "2026-11-25T08:00:00.000Z",
  updatedAt: "2026-11-25T08:00:00.000Z",
} satisfies AlertRuleJson;

const notFound = {
  name: "unknown",
  summary: "A rule that does not exist",
  response: { status: 404, body: { error: { code: "NOT_FOUND" as const, message: "No such alert rule." } } },
};

export const adminListAlertRules = defineEndpoint({
  operationId: "adminListAlertRules",
  method: "get",
  path: "/api/admin/alerts/rules",
  summary: "Every alert rule",
  auth: { operator: "integrations.manage" },
  responses: { 200: { description: "The rules.", body: ruleList } },
  examples: [
    {
      name: "rules",
      summary: "One rule",
      request: {},
      response: { status: 200, body: { rules: [ruleExample] } },
    },
    {
      name: "operator",
      summary: "Only admins manage alerts",
      request: {},
      response: permissionMissing("integrations.manage", "Finance"),
    },
  ],
});

export const adminCreateAlertRule = defineEndpoint({
  operationId: "adminCreateAlertRule",
  method: "post",
  path: "/api/admin/alerts/rules",
  summary: "Add an alert rule",
  description: "Events of the type caught from now on reach the target, folded per `foldSeconds`. Audited.",
  auth: { operator: "integrations.manage" },
  body: alertRuleInput,
  responses: { 201: { description: "The rule.", body: alertRuleRecord } },
  examples: [
    {
      name: "unknown-payments",
      summary: "Payments still unknown, by e-mail, at most one message a minute",
      request: {
        body: { eventType: "payment.unknown", channel: "EMAIL", target: "ops@shop.example", foldSeconds: 60 },
      },
      response: { status: 201, body: ruleExample },
    },
    {
      name: "operator",
      summary: "Only admins add rules",
      request: { body: { eventType: "refund.failed", channel: "EMAIL", target: "me@shop.example" } },
      response: permissionMissing("integrations.manage", "Finance"),
    },
  ],
});

export const adminUpdateAlertRule = defineEndpoint({
  operationId: "adminUpdateAlertRule",
  method: "patch",
  path: "/api/admin/alerts/rules/{id}",
  summary: "Turn an alert rule off or on, or change its fold window",
  description: "Audited.",
  auth: { operator: "integrations.manage" },
  params: alertRuleParams,
  body: alertRuleUpdate,
  responses: { 200: { description: "The rule as it is now.", body: alertRuleRecord } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "off",
      summary: "Off for the night",
      request: { params: { id: RULE_ID }, body: { enabled: false } },
      response: {
        status: 200,
        body: { ...ruleExample, enabled: false, updatedAt: "2026-11-25T20:00:00.000Z" },
      },
    },
    { ...notFound, request: { params: { id: MISSING_ID }, body: { enabled: false } } },
  ],
});

export const adminDeleteAlertRule = defineEndpoint({
  operationId: "adminDeleteAlertRule",
  method: "delete",
  path: "/api/admin/alerts/rules/{id}",
  summary: "Delete an alert rule",
  description: "Its messages go with it. Audited.",
  auth: { operator: "integrations.manage" },
  params: alertRuleParams,
  responses: {
    200: { description: "Deleted.", body: z.object({ id: z.string(), deleted: z.literal(true) }) },
  },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "deleted",
      summary: "A rule no longer wanted",
      request: { params: { id: RULE_ID } },
      response: { status: 200, body: { id: RULE_ID, deleted: true } },
    },
    { ...notFound, request: { params: { id: MISSING_ID } } },
  ],
});

export const adminListAlertMessages = defineEndpoint({
  operationId: "adminListAlertMessages",
  method: "get",
  path: "/api/admin/alerts/messages",
  summary: "The latest alert messages and how their sending went",
  auth: { operator: "integrations.manage" },
  responses: { 200: { description: "The messages.", body: messageList } },
  examples: [
    {
      name: "storm",
      summary: "An outage folded into one message; a chat message whose webhook answers 404",
      request: {},
      response: {
        status: 200,
        body: {
          messages: [
            {
              id: "0193a6f9-5b6c-7d8e-9f0a-1b2c3d4e5f60",
              ruleId: RULE_ID,
              dedupeKey: null,
              subject: "Alert: 212 × payment.unknown",
              body: "212 event(s) from 2026-11-25T09:14:02.000Z:\n• Payment of 12,000 IQD …\n… and 202 more.",
              eventCount: 212,
              status: "SENT",
              attempts: 1,
              lastError: null,
              lastFailure: null,
              lastStatusCode: null,
              lastLatencyMs: 412,
              sentAt: "2026-11-25T09:15:03.000Z",
              createdAt: "2026-11-25T09:15:02.000Z",
              rule: { eventType: "payment.unknown", channel: "EMAIL", target: "ops@shop.example" },
            },
            {
              id: "0193a6fa-6c7d-7e8f-9a0b-1c2d3e4f5a6b",
              ruleId: "0193a6f8-4a5b-7c6d-8e9f-0a1b2c3d4e60",
              dedupeKey: null,
              subject: "Alert: Refund 0193a6fb of 5,000 IQD on order 0193a5d2 failed (PROCESS_FAIL).",
              body: "1 event(s) from 2026-11-25T09:20:00.000Z:\n• Refund … failed (PROCESS_FAIL).",
              eventCount: 1,
              status: "PENDING",
              attempts: 2,
              lastError: "HTTP 404: answered with an error status",
              lastFailure: "HTTP_STATUS",
              lastStatusCode: 404,
              lastLatencyMs: 96,
              sentAt: null,
              createdAt: "2026-11-25T09:21:00.000Z",
              rule: { eventType: "refund.failed", channel: "CHAT", target: "https://chat.example/hooks/ops" },
            },
          ],
        },
      },
    },
    {
      name: "operator",
      summary: "Only admins read alerts",
      request: {},
      response: permissionMissing("integrations.manage", "Finance"),
    },
  ],
});
