// API keys for scripts: an ADMIN makes one with a name, a role and an expiry; the secret is in the
// answer once and never again (only its hash is kept); a key can be revoked at any time. Scripts
// send it as `Authorization: Bearer wmk_…` to any /api/admin endpoint its role reaches.
import { z } from "zod";
import { apiKeyParams } from "@/lib/console/request-schemas";
import { apiKeyInput } from "@/lib/operators/operator-inputs";
import { defineEndpoint } from "../endpoint";
import { ADMIN_ID, permissionMissing } from "./examples";
import { apiKeyRecord } from "./records";

const API_KEY_ID = "0193a6f0-3b2c-7d45-8e19-4a7c2f6d0b83";

const apiKeyList = z.object({ apiKeys: z.array(apiKeyRecord).meta({ description: "Newest first." }) });
export type ApiKeyListJson = z.input<typeof apiKeyList>;
export type ApiKeyJson = z.input<typeof apiKeyRecord>;

const createdApiKey = apiKeyRecord
  .extend({
    secret: z.string().meta({
      description:
        "The key itself: shown in this answer only. Store it in the script's secret store; it cannot be read again.",
      examples: ["wmk_Q2x9Tz0kVb7pLm3sRd8wYf1aXc5eHn6uJq4iKo2gTt"],
    }),
  })
  .meta({ id: "AdminCreatedApiKey" });
export type CreatedApiKeyJson = z.input<typeof createdApiKey>;

const apiKeyExample = {
  id: API_KEY_ID,
  name: "nightly CSV export",
  prefix: "wmk_Q2x9Tz0k",
  role: "VIEWER",
  operatorId: ADMIN_ID,
  createdBy: "admin@shop.example",
  expiresAt: "2027-02-20T10:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
  revokedReason: null,
  createdAt: "2026-11-22T10:00:00.000Z",
  state: "ACTIVE",
} satisfies ApiKeyJson;

export const adminListApiKeys = defineEndpoint({
  operationId: "adminListApiKeys",
  method: "get",
  path: "/api/admin/api-keys",
  summary: "Every API key, revoked and expired ones too, never a secret",
  auth: { operator: "integrations.manage" },
  responses: { 200: { description: "The keys.", body: apiKeyList } },
  examples: [
    {
      name: "keys",
      summary: "One key",
      request: {},
      response: { status: 200, body: { apiKeys: [apiKeyExample] } },
    },
    {
      name: "operator",
      summary: "Only admins manage keys",
      request: {},
      response: permissionMissing("integrations.manage", "Finance"),
    },
  ],
});

export const adminCreateApiKey = defineEndpoint({
  operationId: "adminCreateApiKey",
  method: "post",
  path: "/api/admin/api-keys",
  summary: "Make an API key for a script",
  description:
    "The answer carries the secret, once. The key acts for you with the role given (at most yours now, " +
    "permissions and refund limits alike, or 403 with `details.reason` GRANT_EXCEEDS_OWN; and at most " +
    "your current role whenever it is used); disabling you stops it. Audited. Send it as " +
    "`Authorization: Bearer <secret>`.",
  auth: { operator: "integrations.manage" },
  body: apiKeyInput,
  responses: {
    201: {
      description: "The key, with its secret.",
      body: createdApiKey,
      headers: z.object({ "Cache-Control": z.literal("no-store") }),
    },
  },
  examples: [
    {
      name: "export-key",
      summary: "A read-only key for a nightly export, for 90 days",
      request: { body: { name: "nightly CSV export", role: "VIEWER", expiresInDays: 90 } },
      response: {
        status: 201,
        body: { ...apiKeyExample, secret: "wmk_Q2x9Tz0kVb7pLm3sRd8wYf1aXc5eHn6uJq4iKo2gTt" },
      },
    },
    {
      name: "operator",
      summary: "Only admins make keys",
      request: { body: { name: "my own key", role: "FINANCE", expiresInDays: 30 } },
      response: permissionMissing("integrations.manage", "Finance"),
    },
  ],
});

export const adminRevokeApiKey = defineEndpoint({
  operationId: "adminRevokeApiKey",
  method: "delete",
  path: "/api/admin/api-keys/{id}",
  summary: "Revoke an API key",
  description:
    "It stops working at once; its record stays, with the time it was revoked. Revoking it again " +
    "changes nothing. Audited.",
  auth: { operator: "integrations.manage" },
  params: apiKeyParams,
  responses: { 200: { description: "The key, revoked.", body: apiKeyRecord } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "revoked",
      summary: "A key no longer needed",
      request: { params: { id: API_KEY_ID } },
      response: {
        status: 200,
        body: {
          ...apiKeyExample,
          revokedAt: "2026-11-23T09:00:00.000Z",
          revokedReason: "BY_OPERATOR",
          state: "REVOKED",
        },
      },
    },
    {
      name: "unknown",
      summary: "A key that does not exist",
      request: { params: { id: "0193a5ff-ffff-7fff-bfff-ffffffffffff" } },
      response: { status: 404, body: { error: { code: "NOT_FOUND", message: "No such API key." } } },
    },
  ],
});
