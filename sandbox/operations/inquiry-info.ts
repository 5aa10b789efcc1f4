// POST /v1/users/inquiryUserInfo and /v1/merchants/inquiryMerchantInfo: attributes limited to the
// scopes the access token carries (the scope table in docs/wallet-interface.md).
import { inquiryMerchantInfoRequest, inquiryUserInfoRequest } from "@/lib/wallet/operations";
import type { OperationContext } from "../context";
import { merchantInfoFor, userInfoFor } from "../domain/scopes";
import { lookupAccessToken } from "../domain/tokens";
import type { TokenSet } from "../store/entities";
import { fail, parseRequest, success } from "./results";
import type { OperationHandler } from "./types";

function validToken(ctx: OperationContext, accessToken: string): TokenSet {
  const lookup = lookupAccessToken(ctx.store, ctx.clock, ctx.merchant.clientId, accessToken);
  if (lookup.state === "unknown") throw fail("INVALID_ACCESS_TOKEN", "the access token is invalid");
  if (lookup.state === "expired") throw fail("EXPIRED_ACCESS_TOKEN", "the access token expired; refresh it");
  return lookup.tokens;
}

export const inquiryUserInfo: OperationHandler = {
  name: "inquiryUserInfo",
  handle(ctx, body) {
    const request = parseRequest(inquiryUserInfoRequest, body);
    const tokens = validToken(ctx, request.accessToken);
    const user = ctx.store.get("user", tokens.userId);
    if (!user) throw fail("INVALID_ACCESS_TOKEN", "the user of this token no longer exists");
    return { result: success(), userInfo: userInfoFor(user, tokens.scopes) };
  },
};

export const inquiryMerchantInfo: OperationHandler = {
  name: "inquiryMerchantInfo",
  handle(ctx, body) {
    const request = parseRequest(inquiryMerchantInfoRequest, body);
    const tokens = validToken(ctx, request.accessToken);
    return { result: success(), merchantInfo: merchantInfoFor(ctx.merchant, tokens.scopes) };
  },
};
