// reconcile: settle what we do not know — payments (CREATED, UNKNOWN, PENDING without notification),
// refunds, escrow operations and pushes — by asking the wallet and retrying with the same request ids
// only. Backoff and the operator flag live with each item (lib/payments/reconcile/*); the scan claims due rows,
// and announces payments still unknown after PAYMENT_UNKNOWN_ALERT_MINUTES (payment.unknown).

import { resendPush } from "@/lib/customers/push/resend-push";
import { announceUnknownPayments } from "@/lib/payments/reconcile/announce-unknown-payments";
import {
  claimDueEscrowOperations,
  claimDueOrders,
  claimDuePushes,
  claimDueRefunds,
} from "@/lib/payments/reconcile/find-due-work";
import { reconcileEscrowOperation } from "@/lib/payments/reconcile/reconcile-escrow-operation";
import { reconcileOrder } from "@/lib/payments/reconcile/reconcile-order";
import { reconcileRefund } from "@/lib/payments/reconcile/reconcile-refund";
import { claimAll, defineJob, enqueueAll } from "@/lib/platform/queue/define-job";
import { scanLeaseMs } from "@/lib/platform/queue/settings";

export const processReconcile = defineJob({
  queue: "reconcile",
  handle(ctx, { kind, id }, settings) {
    switch (kind) {
      case "order":
        return reconcileOrder(ctx, id, { flagAfterMs: settings.flagAfterMs });
      case "refund":
        return reconcileRefund(ctx, id, settings);
      case "escrow-operation":
        return reconcileEscrowOperation(ctx, id, settings);
      case "push":
        return resendPush(ctx, id);
    }
  },
  async scan(ctx, settings) {
    const now = ctx.now();
    const window = { now, leaseUntil: new Date(now.getTime() + scanLeaseMs(settings)) };
    const claim = (find: (limit: number) => Promise<string[]>) =>
      claimAll(find, settings.scanBatch, settings.scanMaxItems);
    const orders = await claim((limit) => claimDueOrders(ctx, { ...window, limit }));
    const refunds = await claim((limit) =>
      claimDueRefunds(ctx, {
        ...window,
        limit,
        pollWindowStart: new Date(now.getTime() - settings.refundPollWindowMs),
      }),
    );
    const operations = await claim((limit) => claimDueEscrowOperations(ctx, { ...window, limit }));
    const pushes = await claim((limit) =>
      claimDuePushes(ctx, { ...window, limit, retryAfterMs: scanLeaseMs(settings) }),
    );
    await enqueueAll(ctx, "reconcile", [
      ...orders.map((id) => ({ kind: "order" as const, id })),
      ...refunds.map((id) => ({ kind: "refund" as const, id })),
      ...operations.map((id) => ({ kind: "escrow-operation" as const, id })),
    ]);
    await enqueueAll(
      ctx,
      "push",
      pushes.map((pushMessageId) => ({ pushMessageId })),
    );
    const unknownAnnounced = await announceUnknownPayments(ctx, {
      afterMs: settings.paymentUnknownAfterMs,
      limit: settings.scanBatch,
    });
    return {
      unknownAnnounced,
      orders: orders.length,
      refunds: refunds.length,
      escrowOperations: operations.length,
      pushes: pushes.length,
    };
  },
});
