// Work that becomes due as the sandbox clock moves: payments closing at their expiry, agreement
// charges deferred by PAYMENT_IN_PROCESS, refunds completing, notifications (re)sent. The timer
// loop runs it every 250 ms; `POST /sandbox/clock` runs it right after advancing and waits for it.
import type { SandboxContext } from "../context";
import { chargeAgreement, closeIfExpired } from "./payments";
import { completeRefund } from "./refunds";

export async function runDueWork(ctx: SandboxContext): Promise<void> {
  const now = ctx.clock.nowMs();
  for (const payment of [...ctx.store.processingPayments]) {
    if (payment.completesAt !== undefined) {
      if (payment.completesAt <= now) chargeAgreement(ctx, payment, true);
    } else {
      closeIfExpired(ctx, payment);
    }
  }
  for (const refund of [...ctx.store.processingRefunds]) {
    if (refund.completesAt <= now) completeRefund(ctx, refund);
  }
  await ctx.notifier.runDue();
}
