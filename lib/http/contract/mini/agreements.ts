// Payment agreements: prepare one for the customer to sign in the wallet, then bind it to pay silently.
import { z } from "zod";
import { AgreementStatus } from "@/lib/platform/db";
import { defineEndpoint } from "../endpoint";
import { isoTime, rowId } from "../shared-schemas";
import { AGREEMENT_ID } from "./examples";

const prepareAgreementBody = z.object({
  contractDescription: z.string().min(1).max(256).default("Recurring payments"),
  language: z.string().max(10).optional(),
});

const preparedAgreement = z.object({
  agreementId: rowId,
  authorizationUrl: z.url().meta({ description: "Open with my.call('walletSignContract')." }),
});
export type PreparedAgreementJson = z.input<typeof preparedAgreement>;

export const prepareAgreement = defineEndpoint({
  operationId: "prepareAgreement",
  method: "post",
  path: "/api/mini/agreements",
  summary: "Prepare a payment agreement for the customer to sign",
  description:
    "Open the authorizationUrl with my.call('walletSignContract'), then send the authCode it " +
    "returns to POST /api/mini/agreements/bind.",
  auth: "customer",
  body: prepareAgreementBody,
  responses: { 201: { description: "A prepared agreement.", body: preparedAgreement } },
  errors: ["WALLET_REJECTED", "WALLET_UNAVAILABLE"],
  examples: [
    {
      name: "weekly-coffee",
      summary: "An agreement for weekly coffee",
      request: { body: { contractDescription: "Weekly coffee", language: "en-US" } },
      response: {
        status: 201,
        body: {
          agreementId: AGREEMENT_ID,
          authorizationUrl: "https://wallet.example/agreements/authorize?token=2a9c",
        },
      },
    },
  ],
});

const bindAgreementBody = z.object({ authCode: z.string().min(1).max(64), agreementId: z.uuid().optional() });

const boundAgreement = z.object({
  agreementId: rowId,
  status: z.enum(AgreementStatus),
  expiresAt: isoTime.nullable().meta({ description: "When the wallet stops honouring it; null: no end." }),
});
export type BoundAgreementJson = z.input<typeof boundAgreement>;

export const bindAgreement = defineEndpoint({
  operationId: "bindAgreement",
  method: "post",
  path: "/api/mini/agreements/bind",
  summary: "Bind a signed agreement",
  description:
    "Exchanges the authCode from walletSignContract. The agreement then pays AGREEMENT orders " +
    "without the cashier; it replaces the customer's previous one.",
  auth: "customer",
  body: bindAgreementBody,
  responses: { 200: { description: "The active agreement.", body: boundAgreement } },
  errors: ["NOT_FOUND", "AUTH_CODE_REJECTED", "FORBIDDEN", "WALLET_UNAVAILABLE"],
  examples: [
    {
      name: "bound",
      summary: "The customer signed the prepared agreement",
      request: { body: { authCode: "0000000002b3c4d5e6f7a8", agreementId: AGREEMENT_ID } },
      response: {
        status: 200,
        body: { agreementId: AGREEMENT_ID, status: "ACTIVE", expiresAt: "2027-11-22T09:30:00.000Z" },
      },
    },
    {
      name: "nothing-prepared",
      summary: "No prepared agreement to bind",
      request: { body: { authCode: "0000000002b3c4d5e6f7a8" } },
      response: {
        status: 404,
        body: { error: { code: "NOT_FOUND", message: "No prepared agreement to bind; prepare one first." } },
      },
    },
  ],
});
