// refund-poll: inquiryRefund for a refund in process, every 5 s for at most a minute (spec, Limits),
// then reconciliation. Each poll is its own job and enqueues the next one under the next poll
// number, so a finished poll never blocks the next and a crashed one is simply retried (the 5 s
// spacing is enforced in the database, not by the job timing).

import { pollRefund } from "@/lib/payments/refunds/poll-refund";
import { defineJob } from "@/lib/platform/queue/define-job";

export const processRefundPoll = defineJob({
  queue: "refund-poll",
  async handle(ctx, { refundId, poll }, settings) {
    const result = await pollRefund(ctx, refundId, settings);
    if (result.state === "poll-again") {
      // If this enqueue fails the job fails and is retried: the retry polls (no earlier than allowed)
      // and enqueues again.
      await ctx.jobs.enqueue("refund-poll", { refundId, poll: poll + 1 }, { delayMs: result.delayMs });
    }
    return result;
  },
});
