// POST /v1/authorizations/applyToken: auth codes are single-use and expire; refresh tokens are
// single-use, and a reused one is USED_REFRESH_TOKEN while the tokens of the earlier successful
// refresh stay valid (spec, applyToken rule 5).
import { applyTokenRequest } from "@/lib/wallet/operations";
import { issueTokenSet } from "../domain/tokens";
import type { TokenSet } from "../store/entities";
import { walletTime } from "../wire/fields";
import { fail, parseRequest, success } from "./results";
import type { OperationHandler, ResponseBody } from "./types";

const GRANT_TYPES = ["AUTHORIZATION_CODE", "REFRESH_TOKEN"];

function tokenResponse(tokens: TokenSet): ResponseBody {
  return {
    result: success(),
    accessToken: tokens.accessToken,
    accessTokenExpiryTime: walletTime(tokens.accessTokenExpiresAt),
    refreshToken: tokens.refreshToken,
    refreshTokenExpiryTime: walletTime(tokens.refreshTokenExpiresAt),
    customerId: tokens.customerId,
  };
}

export const applyToken: OperationHandler = {
  name: "applyToken",
  handle(ctx, body) {
    // A grantType that is present but not one of the two is its own error, not PARAM_ILLEGAL.
    const grantType = (body as { grantType?: unknown }).grantType;
    if (typeof grantType === "string" && grantType !== "" && !GRANT_TYPES.includes(grantType)) {
      throw fail(
        "AUTH_CLIENT_UNSUPPORTED_GRANT_TYPE",
        "grantType must be AUTHORIZATION_CODE or REFRESH_TOKEN",
      );
    }
    const request = parseRequest(applyTokenRequest, body);
    const { store, clock, merchant } = ctx;
    const now = clock.nowMs();
    // A new token set for the user and scopes the code or the previous tokens carry.
    const issue = (grant: Pick<TokenSet, "userId" | "scopes" | "agreement">) =>
      tokenResponse(
        issueTokenSet(store, clock, ctx.settings(), {
          clientId: merchant.clientId,
          userId: grant.userId,
          scopes: grant.scopes,
          agreement: grant.agreement,
        }),
      );

    if (request.grantType === "AUTHORIZATION_CODE") {
      const code = store.get("authCode", request.authCode ?? "");
      if (!code || (code.clientId && code.clientId !== merchant.clientId)) {
        throw fail("INVALID_CODE", "the authorization code is invalid");
      }
      if (code.usedAt !== undefined) throw fail("USED_CODE", "the authorization code was already used");
      if (code.expiresAt <= now) throw fail("EXPIRED_CODE", "the authorization code expired");
      code.usedAt = now;
      code.usedByClientId = merchant.clientId;
      store.save("authCode", code);
      return issue(code);
    }

    const previous = store.tokensByRefresh.get(request.refreshToken ?? "");
    if (!previous || previous.clientId !== merchant.clientId) {
      throw fail("INVALID_REFRESH_TOKEN", "the refresh token is invalid");
    }
    if (previous.revokedAt !== undefined) {
      throw fail("INVALID_REFRESH_TOKEN", "the user revoked the agreement these tokens were issued for");
    }
    if (previous.refreshUsedAt !== undefined) {
      throw fail("USED_REFRESH_TOKEN", "the refresh token was already used; use the tokens of that refresh");
    }
    if (previous.refreshTokenExpiresAt <= now) {
      throw fail("EXPIRED_REFRESH_TOKEN", "the refresh token expired; the user must authorize again");
    }
    previous.refreshUsedAt = now;
    store.save("tokenSet", previous);
    return issue(previous);
  },
};
