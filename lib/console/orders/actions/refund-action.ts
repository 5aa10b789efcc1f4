// Refund part or all of what the wallet captured. Offered while something is refundable (captured −
// refunded − pending − awaiting approval, lib/console/orders/order-money.ts); the service reserves the
// amount under the order's lock, so two operators refunding at once cannot both pass. Above the
// operator's limits the refund waits for another operator's approval (lib/payments/refunds/refund-requests.ts).

import { refundOrAskApproval } from "@/lib/payments/refunds/refund-requests";
import type { Refund } from "@/lib/platform/db";
import { WalletRejectedError } from "@/lib/platform/errors/domain-errors";
import { auditedCreation, type OrderActionDefinition, orderSummary, walletOutcome } from "./order-action";
import type { WalletOutcomeName } from "./order-action-names";

const OUTCOME_OF_REFUND: Record<Refund["status"], WalletOutcomeName> = {
  CREATED: "UNKNOWN",
  UNKNOWN: "UNKNOWN",
  PROCESSING: "PROCESSING",
  SUCCESS: "SUCCESS",
  FAIL: "FAIL",
};

export const refundAction: OrderActionDefinition<"refund"> = {
  name: "refund",
  permission: "orders.refund",
  offer: ({ order, money }) =>
    order.paymentId && money.refundableFils > 0n ? { action: "refund", maxFils: money.refundableFils } : null,

  async perform(ctx, call) {
    const audit = auditedCreation(call);
    const outcome = await refundOrAskApproval(ctx, call.orderId, {
      amountFils: call.input.amount,
      reason: call.input.reason,
      operator: call.operator,
      audit: (tx, change, order) => audit.write(tx, { ...change, before: orderSummary(order) }),
    });
    if (outcome.kind === "request") {
      const order = await ctx.prisma.order.findUniqueOrThrow({ where: { id: call.orderId } });
      return {
        status: 202,
        body: {
          action: "refund",
          state: "AWAITING_APPROVAL",
          request: outcome.request,
          order: orderSummary(order),
        },
      };
    }
    const { refund } = outcome;
    const wallet = walletOutcome(OUTCOME_OF_REFUND[refund.status], refund.resultCode);
    await audit.complete(ctx, wallet.outcome, wallet.resultCode);
    if (refund.status === "FAIL") {
      throw new WalletRejectedError(
        `The wallet refused the refund (${refund.resultCode ?? "no code"}).`,
        refund.resultCode ?? "FAIL",
        { refundId: refund.id, failReason: refund.failReason },
      );
    }
    const order = await ctx.prisma.order.findUniqueOrThrow({ where: { id: call.orderId } });
    return {
      status: refund.status === "SUCCESS" ? 200 : 202,
      body: {
        action: "refund",
        state: refund.status === "SUCCESS" ? "DONE" : "IN_PROGRESS",
        wallet,
        refund,
        order: orderSummary(order),
      },
    };
  },
};
