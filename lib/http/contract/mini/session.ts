// The mini program's session (from the wallet's authCode) and the customer's profile.
import { z } from "zod";
import { userInfo } from "@/lib/wallet/operations";
import { defineEndpoint } from "../endpoint";
import { isoTime, rowId } from "../shared-schemas";
import { CUSTOMER_ID, SESSION_TOKEN } from "./examples";

const sessionBody = z.object({
  authCode: z.string().min(1).max(64),
  authSuccessScopes: z.array(z.string().max(64)).max(32).optional(),
});

const session = z.object({
  sessionToken: z.string().meta({ description: "Send as `Authorization: Bearer <sessionToken>`." }),
  expiresAt: isoTime,
  customer: z.object({ id: rowId, scopes: z.array(z.string()) }),
});
export type SessionJson = z.input<typeof session>;

export const startSession = defineEndpoint({
  operationId: "startSession",
  method: "post",
  path: "/api/mini/session",
  summary: "Start a session from my.getAuthCode's authCode",
  description:
    "Exchanges the single-use authCode at the wallet (applyToken) and answers our own session " +
    "token; the wallet's tokens never leave the server. Limited to 20 attempts a minute per address.",
  auth: "public",
  body: sessionBody,
  responses: { 201: { description: "A session for the customer (2 hours).", body: session } },
  errors: ["AUTH_CODE_REJECTED", "WALLET_REJECTED", "WALLET_UNAVAILABLE", "RATE_LIMITED"],
  examples: [
    {
      name: "new-session",
      summary: "A fresh authCode",
      request: { body: { authCode: "0000000001a2b3c4d5e6f7", authSuccessScopes: ["auth_base", "USER_ID"] } },
      response: {
        status: 201,
        body: {
          sessionToken: SESSION_TOKEN,
          expiresAt: "2026-11-22T11:30:00.000Z",
          customer: { id: CUSTOMER_ID, scopes: ["USER_ID", "auth_base"] },
        },
      },
    },
    {
      name: "used-auth-code",
      summary: "An authCode the wallet refuses: call my.getAuthCode again",
      request: { body: { authCode: "0000000001a2b3c4d5e6f7" } },
      response: {
        status: 401,
        body: {
          error: {
            code: "AUTH_CODE_REJECTED",
            message: "The wallet rejected the authorization code (USED_CODE). Call my.getAuthCode again.",
            details: { resultCode: "USED_CODE" },
          },
        },
      },
    },
  ],
});

const profile = z.object({
  userInfo: userInfo.meta({
    description: "The wallet's inquiryUserInfo answer, limited to the scopes the customer granted.",
  }),
});
export type ProfileJson = z.input<typeof profile>;

export const getProfile = defineEndpoint({
  operationId: "getProfile",
  method: "get",
  path: "/api/mini/me",
  summary: "The customer's wallet profile",
  auth: "customer",
  responses: { 200: { description: "What the wallet tells about the customer.", body: profile } },
  errors: ["WALLET_REJECTED", "WALLET_UNAVAILABLE"],
  examples: [
    {
      name: "profile",
      summary: "A customer who granted USER_ID and USER_NAME",
      request: {},
      response: {
        status: 200,
        body: { userInfo: { userId: "2188000000000001", userName: { fullName: "Zahra Ali" } } },
      },
    },
  ],
});
