// Re-sending a push whose first send answered U or never answered, with its stored requestId (a
// repeated requestId "does not send again"): the push queue's work, and reconciliation's for pushes.

import type { ServiceContext } from "@/lib/context/service-context";
import { isDomainError } from "@/lib/errors/domain-errors";
import { failPush, sendPush } from "./send-push";

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
