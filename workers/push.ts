// push: sendPush with the message's stored requestId (a repeated requestId "does not send again"), for
// messages whose first send answered U or never answered.
import { isDomainError } from "@/lib/errors/domain-errors";
import { failPush, sendPush } from "@/lib/push/send-push";
import { defineJob } from "@/lib/queue/define-job";
import type { ServiceContext } from "@/lib/services/context";

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

export const processPush = defineJob({
  queue: "push",
  handle: (ctx, { pushMessageId }) => resendPush(ctx, pushMessageId),
});
