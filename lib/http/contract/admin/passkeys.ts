// Passkeys: an operator adds one on "Your account" (two steps: the options for the browser, then the
// browser's answer), sees and removes theirs; the sign-in page starts a ceremony any passkey of this
// site may answer, and hands the answer to next-auth's sign-in.
import { z } from "zod";
import { passkeyInput, passkeyParams } from "@/lib/console/request-schemas";
import { defineEndpoint } from "../endpoint";
import { MISSING_ID, OPERATOR_ID } from "./examples";

const PASSKEY_ID = "0193a7d1-6f20-7b44-9c10-2e5d8a1f3b90";

const passkeyRecord = z
  .object({
    id: z.string(),
    operatorId: z.string(),
    credentialId: z.string().meta({ description: "The credential's id, as the browser reports it." }),
    counter: z
      .string()
      .meta({ description: "The authenticator's signature counter (0 when it keeps none)." }),
    transports: z.array(z.string()),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: "AdminPasskey" });
export type PasskeyJson = z.input<typeof passkeyRecord>;

const passkey = {
  id: PASSKEY_ID,
  operatorId: OPERATOR_ID,
  credentialId: "mJ1a2PhxQ0u8vWZsR3kT9g",
  counter: "0",
  transports: ["internal", "hybrid"],
  name: "Shop phone",
  createdAt: "2026-11-26T08:00:00.000Z",
  lastUsedAt: null,
} satisfies PasskeyJson;

/** WebAuthn's own options object, passed to @simplewebauthn/browser as it is. */
const webAuthnOptions = z.looseObject({ challenge: z.string() }).meta({
  description: "PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON for @simplewebauthn/browser.",
});

const passkeyList = z.object({ passkeys: z.array(passkeyRecord) });
export type PasskeyListJson = z.input<typeof passkeyList>;

const creationOptions = {
  challenge: "q3M9sXv1b0yJ5nR2cT8wKg",
  rp: { name: "Merchant console", id: "shop.example" },
  user: { id: "MDE5M2E0ZjA", name: "ali@shop.example", displayName: "علي حسن" },
  pubKeyCredParams: [{ alg: -8, type: "public-key" }],
  timeout: 60000,
  attestation: "none",
  excludeCredentials: [],
  authenticatorSelection: { residentKey: "required", userVerification: "required", requireResidentKey: true },
};

export const adminListPasskeys = defineEndpoint({
  operationId: "adminListPasskeys",
  method: "get",
  path: "/api/admin/me/passkeys",
  summary: "Your passkeys, newest first",
  auth: { operator: "own-account" },
  responses: { 200: { description: "Your passkeys (never a key).", body: passkeyList } },
  examples: [
    {
      name: "one",
      summary: "A phone",
      request: {},
      response: { status: 200, body: { passkeys: [passkey] } },
    },
  ],
});

export const adminStartPasskey = defineEndpoint({
  operationId: "adminStartPasskey",
  method: "post",
  path: "/api/admin/me/passkeys/options",
  summary: "Start adding a passkey: the options for the browser (valid five minutes)",
  auth: { operator: "own-account" },
  responses: { 200: { description: "Pass them to startRegistration().", body: webAuthnOptions } },
  errors: ["CONFLICT"],
  examples: [
    {
      name: "options",
      summary: "Options for a new passkey",
      request: {},
      response: { status: 200, body: creationOptions },
    },
  ],
});

export const adminAddPasskey = defineEndpoint({
  operationId: "adminAddPasskey",
  method: "post",
  path: "/api/admin/me/passkeys",
  summary: "Finish adding a passkey with the browser's answer",
  description:
    "The answer must fit the options this operator started last (the challenge is spent by this call), " +
    "come from PUBLIC_BASE_URL's origin and show the device checked its holder. Audited.",
  auth: { operator: "own-account" },
  body: passkeyInput,
  responses: { 201: { description: "The passkey.", body: passkeyRecord } },
  errors: ["CONFLICT"],
  examples: [
    {
      name: "added",
      summary: "A phone's passkey (the answer shortened here)",
      request: {
        body: {
          name: "Shop phone",
          response: {
            id: "mJ1a2PhxQ0u8vWZsR3kT9g",
            rawId: "mJ1a2PhxQ0u8vWZsR3kT9g",
            type: "public-key",
            response: {
              clientDataJSON: "eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0",
              attestationObject: "o2NmbXRkbm9uZQ",
            },
          },
        },
      },
      response: { status: 201, body: passkey },
    },
    {
      name: "not-started",
      summary: "An answer without a ceremony to answer",
      request: {
        body: {
          name: "Shop phone",
          response: { id: "mJ1a2PhxQ0u8vWZsR3kT9g", rawId: "mJ1a2PhxQ0u8vWZsR3kT9g", type: "public-key" },
        },
      },
      response: {
        status: 409,
        body: {
          error: {
            code: "CONFLICT",
            message: "Start adding a passkey again: that attempt expired or was used.",
          },
        },
      },
    },
  ],
});

export const adminRemovePasskey = defineEndpoint({
  operationId: "adminRemovePasskey",
  method: "delete",
  path: "/api/admin/me/passkeys/{id}",
  summary: "Remove one of your passkeys",
  auth: { operator: "own-account" },
  params: passkeyParams,
  responses: { 204: { description: "Removed." } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "removed",
      summary: "The old phone's passkey",
      request: { params: { id: PASSKEY_ID } },
      response: { status: 204 },
    },
    {
      name: "unknown",
      summary: "Not one of yours",
      request: { params: { id: MISSING_ID } },
      response: { status: 404, body: { error: { code: "NOT_FOUND", message: "No such passkey of yours." } } },
    },
  ],
});
