// The operator's actions on a subscription, each under an Idempotency-Key (../idempotent-action.ts)
// and each through the service the mini program and the billing engine use, with its audit entry
// written in the change's own transaction:
//   pause, resume, cancel (at the period's end, or now)   change-subscription.ts
//   retry (charge a dunned period now)                      retry-period-now.ts
// A period's refund is the refund of the order that paid it (./refund-period.ts).
import { recordAudit } from "@/lib/operators/audit/record-audit";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import {
  type Changer,
  cancelSubscription,
  pauseSubscription,
  resumeSubscription,
} from "@/lib/payments/subscriptions/change-subscription";
import type { ChargeOutcome } from "@/lib/payments/subscriptions/charge-period";
import { retryPeriodNow } from "@/lib/payments/subscriptions/retry-period-now";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import type { OrderStatus, Prisma } from "@/lib/platform/db";
import { type ActionAnswer, type ReplayableAnswer, runIdempotent } from "../idempotent-action";
import type { SubscriptionActionInput, SubscriptionActionKind } from "../request-schemas";
import { PLAN_NAMES, subscriptionSummary } from "./list-subscriptions";

export interface SubscriptionActionCall<N extends SubscriptionActionKind = SubscriptionActionKind> {
  operator: OperatorIdentity;
  subscriptionId: string;
  action: N;
  input: SubscriptionActionInput<N>;
  idempotencyKey: string;
}

type Summary = ReturnType<typeof subscriptionSummary>;

/** What a retry came to, in words an operator acts on. */
type RetryOutcome = "PAID" | "FAILED" | "IN_PROGRESS" | "NOT_CHARGED";

export type SubscriptionActionBody =
  | { action: "pause" | "resume" | "cancel"; subscription: Summary }
  | {
      action: "retry";
      outcome: RetryOutcome;
      period: number;
      order: { id: string; status: OrderStatus; resultCode: string | null } | null;
      subscription: Summary;
    };

async function summaryOf(db: Prisma.TransactionClient, subscriptionId: string): Promise<Summary> {
  const row = await db.subscription.findUniqueOrThrow({
    where: { id: subscriptionId },
    include: { plan: PLAN_NAMES, periods: { where: { status: { in: ["SCHEDULED", "CHARGING"] } } } },
  });
  return subscriptionSummary(row);
}

/** The operator as a changer: their actor name, and the audit entry written with the change. */
function operatorChanger(call: SubscriptionActionCall): Changer {
  return {
    actor: `operator:${call.operator.id}`,
    record: async (tx, before) =>
      recordAudit(tx, {
        operator: call.operator,
        action: `subscription.${call.action}`,
        subjectType: "SUBSCRIPTION",
        subjectId: call.subscriptionId,
        before: { status: before.status, cancelAtPeriodEnd: before.cancelAtPeriodEnd },
        after: { ...call.input, subscription: await summaryOf(tx, call.subscriptionId) },
        requestKey: call.idempotencyKey,
      }),
  };
}

/**
 * What the period came to, read after the charge step: a second click that found the first one's
 * charge at the wallet, or already paid, says what happened to the period, not that it sent nothing.
 */
function retryOutcome(
  period: { status: string },
  order: { status: OrderStatus } | null,
  outcome: ChargeOutcome,
): RetryOutcome {
  if (period.status === "PAID") return "PAID";
  if (period.status === "CHARGING" || outcome === "retry-now") return "IN_PROGRESS";
  if (order && (order.status === "FAILED" || order.status === "CLOSED")) return "FAILED";
  return "NOT_CHARGED";
}

async function retry(ctx: ServiceContext, call: SubscriptionActionCall<"retry">) {
  const { periodId, outcome } = await retryPeriodNow(
    ctx,
    call.subscriptionId,
    operatorChanger(call),
    call.input,
  );
  const period = await ctx.prisma.subscriptionPeriod.findUniqueOrThrow({ where: { id: periodId } });
  // The try this request made, or the one at the wallet: the newest order of the period.
  const order = await ctx.prisma.order.findFirst({
    where: {
      paymentRequestId: { startsWith: `sub_${call.subscriptionId.replaceAll("-", "")}_${period.number}_` },
    },
    orderBy: { createdAt: "desc" },
    select: { id: true, status: true, resultCode: true },
  });
  const answer = retryOutcome(period, order, outcome);
  return {
    status: answer === "IN_PROGRESS" ? 202 : 200,
    body: {
      action: "retry" as const,
      outcome: answer,
      period: period.number,
      order,
      subscription: await summaryOf(ctx.prisma, call.subscriptionId),
    },
  };
}

async function perform(
  ctx: ServiceContext,
  call: SubscriptionActionCall,
): Promise<ActionAnswer<SubscriptionActionBody>> {
  const changer = operatorChanger(call);
  switch (call.action) {
    case "pause":
      await pauseSubscription(ctx, call.subscriptionId, changer);
      break;
    case "resume":
      await resumeSubscription(ctx, call.subscriptionId, changer);
      break;
    case "cancel": {
      const { atPeriodEnd } = call.input as SubscriptionActionInput<"cancel">;
      await cancelSubscription(ctx, call.subscriptionId, changer, { atPeriodEnd, byOperator: true });
      break;
    }
    case "retry":
      return retry(ctx, call as SubscriptionActionCall<"retry">);
  }
  const action = call.action as "pause" | "resume" | "cancel";
  return { status: 200, body: { action, subscription: await summaryOf(ctx.prisma, call.subscriptionId) } };
}

/** Runs an action once per Idempotency-Key: a repeat answers the first answer instead of acting twice. */
export function runSubscriptionAction(
  ctx: ServiceContext,
  call: SubscriptionActionCall,
): Promise<ReplayableAnswer<SubscriptionActionBody>> {
  return runIdempotent(
    ctx,
    {
      operatorId: call.operator.id,
      idempotencyKey: call.idempotencyKey,
      action: `subscription.${call.action}:${call.subscriptionId}`,
      input: call.input,
    },
    () => perform(ctx, call),
  );
}
