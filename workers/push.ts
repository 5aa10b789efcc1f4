// push: sendPush with the message's stored requestId (a repeated requestId "does not send again"), for
// messages whose first send answered U or never answered (lib/customers/push/resend-push.ts).
import { resendPush } from "@/lib/customers/push/resend-push";
import { defineJob } from "@/lib/platform/queue/define-job";

export const processPush = defineJob({
  queue: "push",
  handle: (ctx, { pushMessageId }) => resendPush(ctx, pushMessageId),
});
