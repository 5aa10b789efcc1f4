// Operators as an ADMIN manages them: roles, disabling, unlocking, new passwords. Nobody can disable
// or demote themselves, so the console always keeps an admin. Password hashes never leave the server.
import { z } from "zod";
import { operatorParams } from "@/lib/console/request-schemas";
import { operatorInput, operatorUpdate } from "@/lib/operators/operator-inputs";
import { defineEndpoint } from "../endpoint";
import { ADMIN_ID, OPERATOR_ID, operatorExample, permissionMissing } from "./examples";
import { operatorRecord } from "./records";

const operatorList = z.object({ operators: z.array(operatorRecord).meta({ description: "By e-mail." }) });
export type OperatorListJson = z.input<typeof operatorList>;
export type OperatorJson = z.input<typeof operatorRecord>;

export const adminListOperators = defineEndpoint({
  operationId: "adminListOperators",
  method: "get",
  path: "/api/admin/operators",
  summary: "Every operator, disabled ones too",
  auth: { operator: "operators.manage" },
  responses: { 200: { description: "The operators.", body: operatorList } },
  examples: [
    {
      name: "operators",
      summary: "One operator",
      request: {},
      response: { status: 200, body: { operators: [operatorExample] } },
    },
    {
      name: "viewer",
      summary: "Only admins manage operators",
      request: {},
      response: permissionMissing("operators.manage", "Viewer"),
    },
  ],
});

export const adminCreateOperator = defineEndpoint({
  operationId: "adminCreateOperator",
  method: "post",
  path: "/api/admin/operators",
  summary: "Add an operator with a role and a first password",
  description:
    "The e-mail is stored in lower case. A role holding a permission or a refund limit beyond the " +
    "caller's own is refused (403, `details.reason` GRANT_EXCEEDS_OWN). Audited.",
  auth: { operator: "operators.manage" },
  body: operatorInput,
  responses: { 201: { description: "The new operator.", body: operatorRecord } },
  // A SKU or e-mail already taken, by an existing record or a concurrent request.
  errors: ["CONFLICT"],
  examples: [
    {
      name: "new-viewer",
      summary: "A viewer for the accountant",
      request: {
        body: {
          email: "Sara.Accounts@Shop.Example",
          name: "Sara Kareem",
          role: "VIEWER",
          password: "long enough password",
        },
      },
      response: {
        status: 201,
        body: {
          ...operatorExample,
          id: "0193a612-7e05-7c41-9d28-b6a0f3e1c7d5",
          email: "sara.accounts@shop.example",
          name: "Sara Kareem",
          role: "VIEWER",
          lastLoginAt: null,
          createdAt: "2026-11-22T10:40:00.000Z",
          updatedAt: "2026-11-22T10:40:00.000Z",
        },
      },
    },
    {
      name: "email-taken",
      summary: "An e-mail another operator has",
      request: {
        body: {
          email: operatorExample.email,
          name: "Layla",
          role: "FINANCE",
          password: "long enough password",
        },
      },
      response: {
        status: 409,
        body: {
          error: {
            code: "CONFLICT",
            message: `An operator with e-mail ${operatorExample.email} exists already.`,
          },
        },
      },
    },
  ],
});

export const adminUpdateOperator = defineEndpoint({
  operationId: "adminUpdateOperator",
  method: "patch",
  path: "/api/admin/operators/{id}",
  summary: "Change an operator's role, disable or enable, unlock, or set a new password",
  description:
    "A disabled operator is refused on their next request, whatever their session says. Nobody can " +
    "disable themselves or give up their own ADMIN role (403). Nobody gives a role beyond their own, " +
    "nor changes anything of an operator whose role holds more than theirs (403, `details.reason` " +
    "GRANT_EXCEEDS_OWN). Audited.",
  auth: { operator: "operators.manage" },
  params: operatorParams,
  body: operatorUpdate,
  responses: { 200: { description: "The operator after the change.", body: operatorRecord } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "disable",
      summary: "An operator who left",
      request: { params: { id: OPERATOR_ID }, body: { disabled: true } },
      response: {
        status: 200,
        body: {
          ...operatorExample,
          disabledAt: "2026-11-22T10:45:00.000Z",
          updatedAt: "2026-11-22T10:45:00.000Z",
        },
      },
    },
    {
      name: "demote-self",
      summary: "An admin changing their own role",
      request: { params: { id: ADMIN_ID }, body: { role: "VIEWER" } },
      response: {
        status: 403,
        body: {
          error: {
            code: "FORBIDDEN",
            message: "You cannot disable yourself or change your own role; ask another admin.",
          },
        },
      },
    },
  ],
});
