// Roles: named sets of permissions with refund limits and a second-factor requirement. Four are
// built in (VIEWER, SUPPORT, FINANCE, ADMIN; tuned, never removed; ADMIN always holds everything);
// an operator with operators.manage adds, changes and removes others.
import { z } from "zod";
import { roleInput, roleParams, roleUpdate, secondFactorPolicy } from "@/lib/operators/operator-inputs";
import { defineEndpoint } from "../endpoint";
import { permissionMissing } from "./examples";
import { roleRecord } from "./records";

const support = {
  key: "SUPPORT",
  name: "Support",
  builtIn: true,
  permissions: [
    "orders.read",
    "customers.personal-data",
    "orders.refund",
    "orders.reconcile",
    "notifications.reapply",
    "deliveries.resend",
  ],
  refundLimitFils: "25000000",
  dailyRefundLimitFils: "100000000",
  requireSecondFactor: false,
  createdAt: "2026-11-26T07:00:00.000Z",
  updatedAt: "2026-11-26T07:00:00.000Z",
} satisfies z.input<typeof roleRecord>;

const nightCashier = {
  ...support,
  key: "NIGHT_CASHIER",
  name: "Night cashier",
  builtIn: false,
  permissions: ["orders.read", "orders.refund"],
  refundLimitFils: "10000000",
  dailyRefundLimitFils: "30000000",
  requireSecondFactor: true,
} satisfies z.input<typeof roleRecord>;

const roleList = z.object({
  roles: z.array(roleRecord.extend({ operatorCount: z.number().int().nonnegative() })),
});
export type RoleListJson = z.input<typeof roleList>;
export type RoleJson = z.input<typeof roleRecord>;
const policyAnswer = z.object({ rolesChanged: z.number().int().nonnegative() });
export type SecondFactorPolicyJson = z.input<typeof policyAnswer>;

const forbidden = permissionMissing("operators.manage", "Finance");

export const adminListRoles = defineEndpoint({
  operationId: "adminListRoles",
  method: "get",
  path: "/api/admin/roles",
  summary: "Every role, built-in ones first, with how many operators hold it",
  auth: { operator: "operators.manage" },
  responses: { 200: { description: "The roles.", body: roleList } },
  examples: [
    {
      name: "roles",
      summary: "Support and a custom role",
      request: {},
      response: {
        status: 200,
        body: {
          roles: [
            { ...support, operatorCount: 3 },
            { ...nightCashier, operatorCount: 1 },
          ],
        },
      },
    },
    { name: "not-allowed", summary: "Finance does not manage roles", request: {}, response: forbidden },
  ],
});

export const adminCreateRole = defineEndpoint({
  operationId: "adminCreateRole",
  method: "post",
  path: "/api/admin/roles",
  summary: "Add a role; its key is made from its name",
  description:
    "Its permissions and refund limits stay within the caller's own (403, `details.reason` " +
    "GRANT_EXCEEDS_OWN); a role without limits refunds without limit.",
  auth: { operator: "operators.manage" },
  body: roleInput,
  responses: { 201: { description: "The new role.", body: roleRecord } },
  errors: ["CONFLICT"],
  examples: [
    {
      name: "night-cashier",
      summary: "Refunds up to 10,000 IQD each, 30,000 a day, with a second factor",
      request: {
        body: {
          name: "Night cashier",
          permissions: ["orders.read", "orders.refund"],
          refundLimitFils: "10000000",
          dailyRefundLimitFils: "30000000",
          requireSecondFactor: true,
        },
      },
      response: { status: 201, body: nightCashier },
    },
    {
      name: "name-taken",
      summary: "A role of that name exists",
      request: { body: { name: "Support", permissions: ["orders.read"] } },
      response: {
        status: 409,
        body: { error: { code: "CONFLICT", message: 'A role named "Support" exists already.' } },
      },
    },
  ],
});

export const adminUpdateRole = defineEndpoint({
  operationId: "adminUpdateRole",
  method: "patch",
  path: "/api/admin/roles/{key}",
  summary: "Change a role's name, permissions, refund limits or second-factor requirement",
  description:
    "Applies to its operators at their next request. The Admin role keeps every permission. A role " +
    "holding more than the caller's, or a change giving more, is refused (403, `details.reason` " +
    "GRANT_EXCEEDS_OWN).",
  auth: { operator: "operators.manage" },
  params: roleParams,
  body: roleUpdate,
  responses: { 200: { description: "The role, changed.", body: roleRecord } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "lower-limit",
      summary: "Support refunds up to 10,000 IQD on their own",
      request: { params: { key: "SUPPORT" }, body: { refundLimitFils: "10000000" } },
      response: { status: 200, body: { ...support, refundLimitFils: "10000000" } },
    },
    {
      name: "admin-narrowed",
      summary: "The Admin role always holds every permission",
      request: { params: { key: "ADMIN" }, body: { permissions: ["orders.read"] } },
      response: {
        status: 403,
        body: {
          error: {
            code: "FORBIDDEN",
            message:
              "The Admin role always holds every permission, so someone can always manage the console.",
          },
        },
      },
    },
  ],
});

export const adminDeleteRole = defineEndpoint({
  operationId: "adminDeleteRole",
  method: "delete",
  path: "/api/admin/roles/{key}",
  summary: "Remove a custom role nobody holds",
  auth: { operator: "operators.manage" },
  params: roleParams,
  responses: { 204: { description: "Removed." } },
  errors: ["NOT_FOUND", "CONFLICT"],
  examples: [
    {
      name: "removed",
      summary: "An unused role",
      request: { params: { key: "NIGHT_CASHIER" } },
      response: { status: 204 },
    },
    {
      name: "built-in",
      summary: "Built-in roles stay",
      request: { params: { key: "SUPPORT" } },
      response: {
        status: 403,
        body: {
          error: {
            code: "FORBIDDEN",
            message: "Built-in roles cannot be removed; change what they allow instead.",
          },
        },
      },
    },
  ],
});

export const adminSetSecondFactorPolicy = defineEndpoint({
  operationId: "adminSetSecondFactorPolicy",
  method: "post",
  path: "/api/admin/roles/second-factor",
  summary: "Require a second factor for every role at once (or for none)",
  description:
    "Operators without one are sent to enrol at their next page; their API calls answer 403 until then.",
  auth: { operator: "operators.manage" },
  body: secondFactorPolicy,
  responses: { 200: { description: "How many roles changed.", body: policyAnswer } },
  examples: [
    {
      name: "everyone",
      summary: "Everyone signs in with a second factor",
      request: { body: { requireSecondFactor: true } },
      response: { status: 200, body: { rolesChanged: 4 } },
    },
    {
      name: "not-allowed",
      summary: "Only those who manage operators",
      request: { body: { requireSecondFactor: true } },
      response: forbidden,
    },
  ],
});
