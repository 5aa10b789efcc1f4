// Settles an escrow operation (merchantAccept, confirm, cancel, void) whose outcome we do not know (U,
// timeout, or a crash before the answer: CREATED), or that the wallet asked us to retry
// (MUTEX_OPERATION_IN_PROCESSING: "Wait and retry"). Only a wallet answer settles it:
// - confirm and void carry their own request ids "for safe retries", so they are simply sent again
//   with the same confirmRequestId / voidRequestId; confirm is first looked up, as there is one per
//   payment;
// - merchantAccept and cancel have no request id: inquiryPayment's transactions tell whether the
//   wallet did them, and only if it shows no trace of them are they sent again.

import { completeEscrowOperation, sendEscrowOperation } from "@/lib/payments/escrow/escrow-operations";
import { flagOrder } from "@/lib/payments/orders/flag-order";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { EscrowOperation } from "@/lib/platform/db";
import { isDomainError } from "@/lib/platform/errors/domain-errors";
import { withWalletCallScope } from "@/lib/platform/wallet-calls/call-scope";
import { backoffDelay } from "./backoff";
import type { ReconcileResult } from "./reconcile-order";

export interface EscrowReconcileSettings {
  flagAfterMs: number;
}

/** Wallet transaction types (docs/wallet-interface.md, inquiryPayment) of our operation types. */
const TRANSACTION_TYPE = { ACCEPT: "ACCEPT", CONFIRM: "CONFIRM", CANCEL: "CANCEL" } as const;

export async function reconcileEscrowOperation(
  ctx: ServiceContext,
  operationId: string,
  settings: EscrowReconcileSettings,
): Promise<ReconcileResult> {
  const operation = await ctx.prisma.escrowOperation.findUnique({
    where: { id: operationId },
    include: { order: true },
  });
  if (!operation || operation.status === "SUCCESS" || operation.status === "FAIL") return "nothing-to-do";
  if (!operation.order.paymentId) return "nothing-to-do";

  if (operation.status !== "RETRY" && operation.type !== "VOID") {
    const inquiry = await withWalletCallScope({ orderId: operation.orderId }, () =>
      ctx.wallet.inquiryPayment({ paymentId: operation.order.paymentId as string }),
    );
    if (inquiry.status !== "S") return scheduleNext(ctx, operation, settings, { countAttempt: true });
    const type = TRANSACTION_TYPE[operation.type as keyof typeof TRANSACTION_TYPE];
    const ours = (inquiry.data.transactions ?? []).filter(
      (transaction) => transaction.transactionType === type,
    );
    const done =
      ours.some((transaction) => transaction.transactionStatus === "SUCCESS") ||
      (operation.type === "CANCEL" && inquiry.data.paymentStatus === "CANCELLED");
    if (!done && ours.some((transaction) => transaction.transactionStatus === "PROCESSING")) {
      // The wallet is still doing it: sending it again could only be refused. Look again later.
      return scheduleNext(ctx, operation, settings, { countAttempt: true });
    }
    if (done) {
      await completeEscrowOperation(ctx, operation, {
        resultCode: "SUCCESS",
        resultMessage: `inquiryPayment shows the ${operation.type.toLowerCase()} done`,
      });
      return "settled";
    }
  }
  return resend(ctx, operation, settings);
}

async function resend(
  ctx: ServiceContext,
  operation: EscrowOperation,
  settings: EscrowReconcileSettings,
): Promise<ReconcileResult> {
  try {
    const result = await sendEscrowOperation(ctx, operation);
    if (result.state === "DONE") return "settled";
    // sendEscrowOperation counted the attempt.
    return scheduleNext(ctx, result.operation, settings, { countAttempt: false });
  } catch (error) {
    // The wallet refused it (F): recorded as FAIL by sendEscrowOperation; that is a final answer.
    if (isDomainError(error, "WALLET_REJECTED")) return "settled";
    throw error;
  }
}

async function scheduleNext(
  ctx: ServiceContext,
  operation: EscrowOperation,
  settings: EscrowReconcileSettings,
  { countAttempt }: { countAttempt: boolean },
): Promise<ReconcileResult> {
  const flag = ctx.now().getTime() - operation.createdAt.getTime() > settings.flagAfterMs;
  const attempts = operation.attempts + (countAttempt ? 1 : 0);
  await ctx.prisma.escrowOperation.update({
    where: { id: operation.id },
    data: {
      attempts,
      nextCheckAt: new Date(ctx.now().getTime() + backoffDelay(Math.max(0, attempts - 1))),
    },
  });
  if (flag) {
    await flagOrder(
      ctx.prisma,
      operation.orderId,
      {
        kind: "OPERATION_UNSETTLED",
        operation: operation.type.toLowerCase(),
        afterMs: settings.flagAfterMs,
      },
      {
        keepEarlierReason: true,
        actor: "worker:reconcile",
        deadline: { since: operation.createdAt, afterMs: settings.flagAfterMs, now: ctx.now() },
      },
    );
  }
  return flag ? "flagged" : "waiting";
}
