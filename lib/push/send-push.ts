// Push messages to a customer (spec, sendPush). The requestId is stored before the call, so a retry
// after an unknown outcome never sends twice ("A repeated requestId does not send again").
import { v7 as uuidv7 } from "uuid";
import { getAccessToken } from "@/lib/customers/customer-tokens";
import type { PushMessage } from "@/lib/db";
import { ApiError } from "@/lib/http/api-error";
import type { ServiceContext } from "@/lib/services/context";

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
): Promise<PushMessage> {
  const id = uuidv7();
  const message = await ctx.prisma.pushMessage.create({
    data: {
      id,
      customerId,
      requestId: `push_${id.replaceAll("-", "")}`,
      templateCode: PUSH_TEMPLATE_CODE,
      title: input.title,
      content: input.content,
      url: input.url,
    },
  });
  return sendPush(ctx, message);
}

export async function sendPush(ctx: ServiceContext, message: PushMessage): Promise<PushMessage> {
  if (message.status === "SENT" || message.status === "FAILED") return message;
  const accessToken = await getAccessToken(ctx, message.customerId);
  const answer = await ctx.wallet.sendPush({
    accessToken,
    requestId: message.requestId,
    templateCode: message.templateCode,
    templates: [{ templateParameters: { Title: message.title, Content: message.content, Url: message.url } }],
  });
  const status = answer.status === "S" ? "SENT" : answer.status === "F" ? "FAILED" : "UNKNOWN";
  const updated = await ctx.prisma.pushMessage.update({
    where: { id: message.id },
    data: {
      status,
      attempts: { increment: 1 },
      resultCode: answer.resultCode,
      resultMessage: answer.resultMessage,
      messageId: answer.status === "S" ? (answer.data.messageId ?? null) : message.messageId,
    },
  });
  if (answer.status === "F" && answer.resultCode === "ACCESS_TOKEN_NOT_COVER_THE_SCOPE") {
    throw new ApiError(
      "SCOPE_NOT_GRANTED",
      "The customer has not granted NOTIFICATION_PUSH. Ask for it with my.getAuthCode({ scopes: ['NOTIFICATION_PUSH'] }).",
      { pushMessageId: message.id },
    );
  }
  if (answer.status === "F") {
    throw new ApiError("WALLET_REJECTED", `The wallet refused the push (${answer.resultCode}).`, {
      resultCode: answer.resultCode,
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
