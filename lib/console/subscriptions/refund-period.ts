// A period's refund is the refund of the order that paid it, through the order's own refund action
// (../orders/actions/refund-action.ts): the same refundable figure, the same per-refund and daily
// limits of the operator's role, and above them the same refund request another operator approves.
// Its Idempotency-Key is claimed for that order, so the same dialog sent from the order's page and
// from the subscription's cannot refund twice.
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { NotFoundError, StateInvalidError } from "@/lib/platform/errors/domain-errors";
import { runOrderAction } from "../orders/actions/order-action-table";
import type { OrderActionInput } from "../request-schemas";

export async function refundPeriod(
  ctx: ServiceContext,
  call: {
    operator: OperatorIdentity;
    subscriptionId: string;
    period: number;
    input: OrderActionInput<"refund">;
    idempotencyKey: string;
  },
) {
  const period = await ctx.prisma.subscriptionPeriod.findUnique({
    where: { subscriptionId_number: { subscriptionId: call.subscriptionId, number: call.period } },
    select: { status: true, orderId: true },
  });
  if (!period) throw new NotFoundError(`This subscription has no period ${call.period}.`);
  if (period.status !== "PAID" || !period.orderId) {
    throw new StateInvalidError(`Period ${call.period} was not paid: there is nothing to refund.`, {
      period: call.period,
      status: period.status,
    });
  }
  return runOrderAction(ctx, {
    operator: call.operator,
    orderId: period.orderId,
    action: "refund",
    input: call.input,
    idempotencyKey: call.idempotencyKey,
  });
}
