// A push to a subscriber about one period of their subscription: at most one per subscription, period
// and kind (a reminder, a failed charge, past due, cancelled), whoever asks how often. The push's id
// comes from the three, so the message row, and with it the requestId the wallet deduplicates on, is
// written once; the same transaction puts a SUBSCRIPTION_NOTICE line on the subscription's timeline.
// Sending is the push queue's (lib/customers/push): a row the send never reached is found by
// reconciliation's scan of unsettled pushes.
import { v5 as uuidv5 } from "uuid";
import { resendPush } from "@/lib/customers/push/resend-push";
import { PUSH_TEMPLATE_CODE } from "@/lib/customers/push/send-push";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { requestIdFor } from "@/lib/platform/ids/request-ids";
import { PUSH_URL_PREFIX } from "@/lib/wallet/operations";
import type { NoticeKind } from "./subscription-notices";
import { recordSubscriptionStep } from "./subscription-state";

/** Any fixed UUID: the namespace of the ids of subscription pushes. */
const NOTICE_ID_NAMESPACE = "2b8e4a61-93c7-4d0f-8a15-6c2f7e9d4b30";

export interface SubscriptionNotice {
  subscription: { id: string; customerId: string };
  period: number;
  kind: NoticeKind;
  title: string;
  content: string;
  /** The mini program's app id, which the wallet needs in the push's link. */
  appId: string;
  actor: string;
}

function noticePushId(subscriptionId: string, period: number, kind: NoticeKind): string {
  return uuidv5(`subscription-notice:${subscriptionId}:${period}:${kind}`, NOTICE_ID_NAMESPACE);
}

/** The link the push opens: the mini program on the subscription. */
function noticeUrl(appId: string, subscriptionId: string): string {
  const page = encodeURIComponent(`pages/subscriptions/detail?subscriptionId=${subscriptionId}`);
  return `${PUSH_URL_PREFIX}?appId=${encodeURIComponent(appId)}&page=${page}`;
}

/**
 * Writes the push and its timeline line, once: the id of the push, and whether this call wrote it
 * (false: it was written before, and maybe sent).
 */
export async function storeSubscriptionNotice(
  prisma: ServiceContext["prisma"],
  notice: SubscriptionNotice,
): Promise<{ pushMessageId: string; stored: boolean }> {
  const id = noticePushId(notice.subscription.id, notice.period, notice.kind);
  const stored = await prisma.$transaction(async (tx) => {
    const { count } = await tx.pushMessage.createMany({
      data: [
        {
          id,
          customerId: notice.subscription.customerId,
          requestId: requestIdFor("push", id),
          templateCode: PUSH_TEMPLATE_CODE,
          title: notice.title,
          content: notice.content,
          url: noticeUrl(notice.appId, notice.subscription.id),
        },
      ],
      skipDuplicates: true,
    });
    if (count === 0) return false;
    await recordSubscriptionStep(tx, notice.subscription, {
      type: "SUBSCRIPTION_NOTICE",
      actor: notice.actor,
      detail: { kind: notice.kind, period: notice.period, pushMessageId: id },
    });
    return true;
  });
  return { pushMessageId: id, stored };
}

/** Stores the notice (once) and sends it unless it went already; throws while the outcome is unknown. */
export async function sendSubscriptionNotice(ctx: ServiceContext, notice: SubscriptionNotice) {
  const { pushMessageId } = await storeSubscriptionNotice(ctx.prisma, notice);
  return resendPush(ctx, pushMessageId);
}
