// Signing in to the operator console with a passkey: the sign-in page starts a ceremony here (no
// session yet, so this is public and limited per address), the browser asks the device, and the
// answer goes to next-auth's credentials sign-in as `{ passkey, ceremony }` (lib/operators/sign-in/passkeys.ts).
import { z } from "zod";
import type { ApiArea } from "./endpoint";
import { defineEndpoint } from "./endpoint";

/** WebAuthn's own request options, passed to @simplewebauthn/browser's startAuthentication as they are. */
const webAuthnOptions = z.looseObject({ challenge: z.string() }).meta({
  description: "PublicKeyCredentialRequestOptionsJSON for @simplewebauthn/browser.",
});

const signInCeremony = z.object({
  ceremonyId: z.string().meta({ description: "Send it back with the answer (next-auth's `ceremony`)." }),
  options: webAuthnOptions,
});

export const startPasskeySignIn = defineEndpoint({
  operationId: "startPasskeySignIn",
  method: "post",
  path: "/api/sign-in/passkey",
  summary: "Start signing in with a passkey (the sign-in page)",
  description:
    "Any passkey of this site may answer; the page then signs in through next-auth with " +
    "`{ passkey: <the answer as JSON>, ceremony: <ceremonyId> }`. Limited per address.",
  auth: "public",
  responses: { 200: { description: "The ceremony.", body: signInCeremony } },
  errors: ["RATE_LIMITED"],
  examples: [
    {
      name: "ceremony",
      summary: "A ceremony for the sign-in page",
      request: {},
      response: {
        status: 200,
        body: {
          ceremonyId: "7b0c8f2e-4a51-4d8e-9a36-1f2c3d4e5f60",
          options: {
            challenge: "Yp0d6vQeT3mL9sBxK2rN5w",
            timeout: 60000,
            userVerification: "required",
            rpId: "shop.example",
          },
        },
      },
    },
  ],
});

export const consoleSignInApi: ApiArea = {
  tag: "Console sign-in",
  description: "What the operator console's sign-in page calls before there is a session.",
  endpoints: [startPasskeySignIn],
};
