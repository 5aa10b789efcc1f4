// "Check with the wallet now": settle what is unsettled on the order (its payment, refunds in flight,
// escrow operations in flight) instead of waiting for the reconciliation scan. Offered while there is
// something to settle.

import { recordAudit } from "@/lib/operators/audit/record-audit";
import { IN_FLIGHT_STATUSES } from "@/lib/payments/escrow/escrow-operation-state";
import { reconcileEscrowOperation } from "@/lib/payments/reconcile/reconcile-escrow-operation";
import { reconcileOrder } from "@/lib/payments/reconcile/reconcile-order";
import { reconcileRefund } from "@/lib/payments/reconcile/reconcile-refund";
import { REFUND_IN_FLIGHT_STATUSES } from "@/lib/payments/refunds/refund-state";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";
import { DEFAULT_JOB_SETTINGS } from "@/lib/platform/queue/settings";
import { hasUnsettledWork, nextWalletCheckAt, waitsOnWallet } from "../unsettled-work";
import { auditOf, type OrderActionDefinition, orderSummary } from "./order-action";

export const reconcileAction: OrderActionDefinition<"reconcile"> = {
  name: "reconcile",
  permission: "orders.reconcile",
  offer: ({ order, operations, refunds }) =>
    hasUnsettledWork(order, { operations, refunds }) ? { action: "reconcile" } : null,

  async perform(ctx, call) {
    const { orderId } = call;
    const before = await ctx.prisma.order.findUnique({
      where: { id: orderId },
      include: { refunds: true, escrowOperations: true },
    });
    if (!before) throw new NotFoundError("No such order.");
    const settings = DEFAULT_JOB_SETTINGS;
    const results: Record<string, string> = {};
    results.order = await reconcileOrder(ctx, orderId, { flagAfterMs: settings.flagAfterMs });
    for (const refund of before.refunds.filter((item) => REFUND_IN_FLIGHT_STATUSES.includes(item.status))) {
      results[`refund:${refund.id}`] = await reconcileRefund(ctx, refund.id, settings);
    }
    for (const operation of before.escrowOperations.filter((item) =>
      IN_FLIGHT_STATUSES.includes(item.status),
    )) {
      results[`operation:${operation.id}`] = await reconcileEscrowOperation(ctx, operation.id, settings);
    }
    const after = await ctx.prisma.order.findUniqueOrThrow({
      where: { id: orderId },
      include: { refunds: true, escrowOperations: true },
    });
    await ctx.prisma.$transaction((tx) =>
      recordAudit(
        tx,
        auditOf(call, {
          action: "order.reconcile",
          subjectType: "ORDER",
          subjectId: orderId,
          before: orderSummary(before),
          after: { ...orderSummary(after), results },
        }),
      ),
    );
    const settled = after.status !== before.status;
    // Still in the wallet's hands: the operator is told so, and when the next automatic check is.
    const related = { operations: after.escrowOperations, refunds: after.refunds };
    const stillUnsettled = waitsOnWallet(after, related);
    const nextCheckAt = stillUnsettled ? nextWalletCheckAt(after, related) : null;
    return {
      status: 200,
      body: {
        action: "reconcile",
        state: "DONE",
        settled,
        stillUnsettled,
        nextCheckAt: nextCheckAt?.toISOString() ?? null,
        results,
        order: orderSummary(after),
      },
    };
  },
};
