// POST /v1/authorizations/prepare (the contract-preparation operation, docs/wallet-interface.md): returns the
// authorizationUrl the mini program opens with my.call('walletSignContract').
import { prepareRequest } from "@/lib/wallet/operations";
import { AGREEMENT_SCOPE } from "../domain/scopes";
import { newSecret } from "../ids";
import { aliasOf } from "./field-aliases";
import { fail, parseRequest, success } from "./results";
import type { OperationHandler } from "./types";

export const prepare: OperationHandler = {
  name: "prepare",
  handle(ctx, body) {
    const request = parseRequest(prepareRequest, body);
    const scopes = (Array.isArray(request.scopes) ? request.scopes : request.scopes.split(","))
      .map((scope) => scope.trim())
      .filter(Boolean);
    if (!scopes.includes(AGREEMENT_SCOPE))
      throw fail("PARAM_ILLEGAL", `scopes must include ${AGREEMENT_SCOPE}`);
    let contract: { contractDesc?: unknown; language?: unknown } = {};
    if (request.extendInfo) {
      const parsed: unknown = JSON.parse(request.extendInfo);
      if (parsed && typeof parsed === "object") contract = parsed as typeof contract;
    }
    const now = ctx.clock.nowMs();
    const link = ctx.store.save("agreementLink", {
      token: newSecret("agr_", 18),
      clientId: ctx.merchant.clientId,
      scopes,
      contractDesc: typeof contract.contractDesc === "string" ? contract.contractDesc : undefined,
      language: typeof contract.language === "string" ? contract.language : undefined,
      createdAt: now,
      expiresAt: now + ctx.settings().agreementLinkTtlSeconds * 1000,
    });
    const authorizationUrl = `${ctx.baseUrl()}/agreement?token=${encodeURIComponent(link.token)}`;
    return { result: success(), authorizationUrl, ...aliasOf(ctx, "authUrl", authorizationUrl) };
  },
};
