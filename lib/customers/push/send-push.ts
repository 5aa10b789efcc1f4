// Push messages to a customer (spec, sendPush). The requestId is stored before the call, so a retry
// after an unknown outcome never sends twice ("A repeated requestId does not send again").

import { getAccessToken } from "@/lib/customers/customer-tokens";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { PushMessage } from "@/lib/platform/db";
import { CustomerAuthorizationError, WalletRejectedError } from "@/lib/platform/errors/domain-errors";
import { newRowId, requestIdFor } from "@/lib/platform/ids/request-ids";
import { movePushMessage } from "./push-state";

/** Spec: MINI_APP_COMMON_PUSH is the value the error guidance expects. */
export const PUSH_TEMPLATE_CODE = "MINI_APP_COMMON_PUSH";

export interface PushInput {
  title: string;
  content: string;
  /** A deep link into the mini program: mini://platformapi/startapp?appId=...&page=... */
  url: string;
}

export async function createPush(
  ctx: ServiceContext,
  customerId: string,
  input: PushInput,
  actor = "system",
): Promise<PushMessage> {
  const id = newRowId();
  const message = await ctx.prisma.pushMessage.create({
    data: {
      id,
      customerId,
      requestId: requestIdFor("push", id),
      templateCode: PUSH_TEMPLATE_CODE,
      title: input.title,
      content: input.content,
      url: input.url,
    },
  });
  return sendPush(ctx, message, actor);
}

export async function sendPush(
  ctx: ServiceContext,
  message: PushMessage,
  actor = "system",
): Promise<PushMessage> {
  if (message.status === "SENT" || message.status === "FAILED") return message;
  const accessToken = await getAccessToken(ctx, message.customerId);
  const answer = await ctx.wallet.sendPush({
    accessToken,
    requestId: message.requestId,
    templateCode: message.templateCode,
    templates: [{ templateParameters: { Title: message.title, Content: message.content, Url: message.url } }],
  });
  await movePushMessage(ctx.prisma, message, {
    to: answer.status === "S" ? "SENT" : answer.status === "F" ? "FAILED" : "UNKNOWN",
    actor,
    data: {
      attempts: { increment: 1 },
      resultCode: answer.resultCode,
      resultMessage: answer.resultMessage,
      messageId: answer.status === "S" ? (answer.data.messageId ?? null) : message.messageId,
    },
    detail: { resultCode: answer.resultCode },
  });
  const updated = await ctx.prisma.pushMessage.findUniqueOrThrow({ where: { id: message.id } });
  if (answer.status === "F" && answer.resultCode === "ACCESS_TOKEN_NOT_COVER_THE_SCOPE") {
    throw new CustomerAuthorizationError(
      "SCOPE_NOT_GRANTED",
      "The customer has not granted NOTIFICATION_PUSH. Ask for it with my.getAuthCode({ scopes: ['NOTIFICATION_PUSH'] }).",
      { pushMessageId: message.id },
    );
  }
  if (answer.status === "F") {
    throw new WalletRejectedError(`The wallet refused the push (${answer.resultCode}).`, answer.resultCode, {
      pushMessageId: message.id,
    });
  }
  if (answer.status === "U") {
    // Retried by the push queue with the same requestId.
    try {
      await ctx.jobs.enqueue("push", { pushMessageId: message.id }, { delayMs: 10_000 });
    } catch (error) {
      ctx.logger.warn({ err: error, pushMessageId: message.id }, "could not enqueue push retry");
    }
  }
  return updated;
}

/**
 * Gives up on a message that can never be sent (the customer must authorize again, the scope is
 * missing, the wallet refused it): FAILED, so the scans stop picking it up.
 */
export async function failPush(
  ctx: ServiceContext,
  message: PushMessage,
  reason: { code: string; message: string },
) {
  await movePushMessage(ctx.prisma, message, {
    to: "FAILED",
    actor: "worker:push",
    data: { resultCode: reason.code, resultMessage: reason.message },
    detail: { resultCode: reason.code },
  });
}
