// Two-step sign-in: an operator sets up an authenticator app (a TOTP secret shown as a QR code, put
// in force by typing one code back, which answers ten one-time recovery codes, once); an ADMIN
// resets an operator's second factor when a phone is lost, which ends that operator's sessions.
import { z } from "zod";
import { operatorParams, secondFactorCode } from "@/lib/console/request-schemas";
import { defineEndpoint } from "../endpoint";
import { OPERATOR_ID, permissionMissing, signedOut } from "./examples";

const noStore = z.object({ "Cache-Control": z.literal("no-store") });

const enrolment = z
  .object({
    secret: z.string().meta({ description: "The secret in base32, to type into an app that cannot scan." }),
    uri: z.string().meta({ description: "The otpauth:// address the QR code holds." }),
    qrSvg: z.string().meta({ description: "The QR code as an SVG image, drawn on the server." }),
  })
  .meta({ id: "AdminSecondFactorEnrolment" });
export type EnrolmentJson = z.input<typeof enrolment>;

const recoveryCodes = z
  .object({
    recoveryCodes: z
      .array(z.string())
      .meta({ description: "Ten one-time codes, shown in this answer only; each signs in once." }),
  })
  .meta({ id: "AdminRecoveryCodes" });
export type RecoveryCodesJson = z.input<typeof recoveryCodes>;

const reset = z.object({
  secondFactor: z.literal(false),
  sessionsEnded: z.number().int().nonnegative(),
  apiKeysRevoked: z
    .number()
    .int()
    .nonnegative()
    .meta({ description: "Their API keys, revoked with it (MAKER_SECOND_FACTOR_RESET)." }),
});
export type SecondFactorResetJson = z.input<typeof reset>;

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

export const adminStartSecondFactor = defineEndpoint({
  operationId: "adminStartSecondFactor",
  method: "post",
  path: "/api/admin/me/second-factor",
  summary: "Start setting up two-step sign-in",
  description:
    "A new secret for your authenticator app, not yet in force: scan the QR code (or type the secret), " +
    "then confirm with a code from the app. Starting again replaces a secret not yet confirmed.",
  auth: { operator: "own-account" },
  responses: { 200: { description: "The secret and its QR code.", body: enrolment, headers: noStore } },
  errors: ["CONFLICT"],
  examples: [
    {
      name: "started",
      summary: "A new secret",
      request: {},
      response: {
        status: 200,
        body: {
          secret: SECRET,
          uri: `otpauth://totp/Merchant%20console:noor%40shop.example?issuer=Merchant%20console&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`,
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 33 33">…</svg>',
        },
      },
    },
    { name: "signed-out", summary: "Without a session", request: {}, response: signedOut },
  ],
});

export const adminConfirmSecondFactor = defineEndpoint({
  operationId: "adminConfirmSecondFactor",
  method: "post",
  path: "/api/admin/me/second-factor/confirm",
  summary: "Put two-step sign-in in force with a code from the app",
  description:
    "From now on signing in asks for a code after the password. The answer holds ten recovery codes, " +
    "once: keep them where the phone is not. Audited.",
  auth: { operator: "own-account" },
  body: secondFactorCode,
  responses: {
    200: { description: "The recovery codes, once.", body: recoveryCodes, headers: noStore },
  },
  errors: ["VALIDATION_FAILED", "CONFLICT"],
  examples: [
    {
      name: "confirmed",
      summary: "The code the app shows",
      request: { body: { code: "492039" } },
      response: {
        status: 200,
        body: {
          recoveryCodes: [
            "k7m2p-x9qr4",
            "a3tvw-8bn2c",
            "hq5zd-m4k7e",
            "p2xw9-r6tja",
            "v8n3f-q2hkm",
            "c4jy7-w9pzt",
            "e6rb2-n8xvq",
            "m9kt4-d3wfh",
            "t2gq8-y5cnb",
            "w7hp3-j4rzs",
          ],
        },
      },
    },
    {
      name: "wrong-code",
      summary: "A code that is not the app's",
      request: { body: { code: "000000" } },
      response: {
        status: 400,
        body: {
          error: {
            code: "VALIDATION_FAILED",
            message: "That code is not right: type the six digits the app shows now.",
          },
        },
      },
    },
  ],
});

export const adminResetSecondFactor = defineEndpoint({
  operationId: "adminResetSecondFactor",
  method: "delete",
  path: "/api/admin/operators/{id}/second-factor",
  summary: "Turn an operator's two-step sign-in off (a lost phone)",
  description:
    "Their secret, recovery codes and passkeys are deleted, their sessions end and their API keys are " +
    "revoked (what the keys set up is turned off); they sign in with their password and can set it up " +
    "again. Audited.",
  auth: { operator: "operators.manage" },
  params: operatorParams,
  responses: { 200: { description: "Off.", body: reset } },
  errors: ["NOT_FOUND"],
  examples: [
    {
      name: "reset",
      summary: "A cashier lost their phone",
      request: { params: { id: OPERATOR_ID } },
      response: { status: 200, body: { secondFactor: false, sessionsEnded: 2, apiKeysRevoked: 1 } },
    },
    {
      name: "operator",
      summary: "Only admins reset",
      request: { params: { id: OPERATOR_ID } },
      response: permissionMissing("operators.manage", "Finance"),
    },
  ],
});
