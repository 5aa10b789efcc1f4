// Re-sending a push whose first send answered U or never answered, with its stored requestId (a
// repeated requestId "does not send again"): the push queue's work, and reconciliation's for pushes.

import type { ServiceContext } from "@/lib/platform/context/service-context";
import { isDomainError } from "@/lib/platform/errors/domain-errors";
import { requestIdFor } from "@/lib/platform/ids/request-ids";
import { failPush, PUSH_TEMPLATE_CODE, type PushInput, sendPush } from "./send-push";

class PushStillUnknownError extends Error {
  override readonly name = "PushStillUnknownError";
}

/** Re-sends a stored push; throws while the outcome stays unknown, so the job retries with backoff. */
export async function resendPush(ctx: ServiceContext, pushMessageId: string) {
  const message = await ctx.prisma.pushMessage.findUnique({ where: { id: pushMessageId } });
  if (!message || message.status === "SENT" || message.status === "FAILED") return "nothing-to-do";
  try {
    const sent = await sendPush(ctx, message, "worker:push");
    if (sent.status === "UNKNOWN")
      throw new PushStillUnknownError(`push ${message.id}: outcome still unknown`);
    return sent.status === "SENT" ? "sent" : "failed";
  } catch (error) {
    // F (scope missing, bad template, token refused) or a customer who must authorize again: final.
    // sendPush records wallet refusals itself; a refusal before the call (REAUTHORIZE) is recorded
    // here, so the scan does not pick the message up again. WALLET_UNAVAILABLE is retried.
    if (isDomainError(error) && error.code !== "WALLET_UNAVAILABLE") {
      await failPush(ctx, message, { code: error.code, message: error.message });
      return "failed";
    }
    throw error;
  }
}

/**
 * Sends a push at most once per `id`, however often it is called: the first call stores the message
 * (and with it the requestId the wallet deduplicates on), every call sends it unless it already went
 * or was refused. For code that may run again for the same cause, such as a hook retried after a crash:
 * derive `id` from the cause (the event's id). Throws while the wallet's answer stays unknown.
 */
export async function pushOnce(
  ctx: ServiceContext,
  id: string,
  customerId: string,
  input: PushInput,
): Promise<"sent" | "failed" | "nothing-to-do"> {
  await ctx.prisma.pushMessage.createMany({
    data: [
      {
        id,
        customerId,
        requestId: requestIdFor("push", id),
        templateCode: PUSH_TEMPLATE_CODE,
        title: input.title,
        content: input.content,
        url: input.url,
      },
    ],
    skipDuplicates: true,
  });
  return resendPush(ctx, id);
}
