// POST /v1/messages/sendPush. A repeated requestId does not send again: the stored result of the
// message that was sent is returned. Only sent messages are stored, so a retry with the same
// requestId after fixing a token or template does send.
import { sendPushRequest } from "@/lib/wallet/operations";
import { lookupAccessToken } from "../domain/tokens";
import { newId } from "../ids";
import { scopedKey } from "../store/store";
import { fail, parseRequest, success, unknownResult, WalletFailure } from "./results";
import type { OperationHandler } from "./types";

const PUSH_TEMPLATE_CODE = "MINI_APP_COMMON_PUSH";

export const sendPush: OperationHandler = {
  name: "sendPush",
  handle(ctx, body) {
    const request = parseRequest(sendPushRequest, body);
    const { store, merchant } = ctx;
    const key = scopedKey(merchant.clientId, request.requestId);
    const sent = store.get("push", key);
    if (sent) return { result: success(), messageId: sent.messageId };
    const lookup = lookupAccessToken(store, ctx.clock, merchant.clientId, request.accessToken);
    if (lookup.state !== "valid") {
      throw fail(
        "INVALID_ACCESS_TOKEN",
        lookup.state === "expired" ? "the access token expired; refresh it" : "the access token is invalid",
      );
    }
    if (!lookup.tokens.scopes.includes("NOTIFICATION_PUSH")) {
      throw fail("ACCESS_TOKEN_NOT_COVER_THE_SCOPE", "the access token lacks the NOTIFICATION_PUSH scope");
    }
    // The spec's guidance for UNKNOWN_EXCEPTION: check that templateCode is MINI_APP_COMMON_PUSH.
    if (request.templateCode !== PUSH_TEMPLATE_CODE) {
      throw new WalletFailure(unknownResult("UNKNOWN_EXCEPTION", "unknown exception"));
    }
    const message = store.save("push", {
      key,
      clientId: merchant.clientId,
      requestId: request.requestId,
      messageId: newId("msg_", 12),
      userId: lookup.tokens.userId,
      templateCode: request.templateCode,
      templates: request.templates,
      sentAt: ctx.clock.nowMs(),
    });
    return { result: success(), messageId: message.messageId };
  },
};
