// One subscription's console page (and GET /api/admin/subscriptions/{id}): its periods with each
// try's order and what is still refundable of the one that paid, its timeline, and the actions the
// operator may take now. The actions themselves go through the billing engine's own services
// (./subscription-actions.ts).
import { can, type Permission } from "@/lib/operators/roles/permissions";
import type { Order, PrismaClient, SubscriptionPeriod } from "@/lib/platform/db";
import { orderMoney } from "../orders/order-money";
import { PLAN_NAMES, subscriptionSummary } from "./list-subscriptions";

export type SubscriptionActionName =
  | "pause"
  | "resume"
  | "cancel-at-period-end"
  | "cancel-now"
  | "retry-now"
  | "refund";

type Tries = Pick<
  Order,
  "id" | "paymentRequestId" | "status" | "amountFils" | "refundedFils" | "resultCode" | "createdAt"
>[];

/** Every try's order: each carries the derived request id `sub_<id>_<period>_<try>` as its key. */
function triesOf(prisma: PrismaClient, subscription: { id: string; customerId: string }) {
  return prisma.order.findMany({
    where: {
      customerId: subscription.customerId,
      idempotencyKey: { startsWith: `sub_${subscription.id.replaceAll("-", "")}_` },
    },
    select: {
      id: true,
      paymentRequestId: true,
      status: true,
      amountFils: true,
      refundedFils: true,
      resultCode: true,
      createdAt: true,
    },
    orderBy: { createdAt: "desc" },
    take: 200,
  });
}

/** What is still refundable of each paid period's order (refunds in flight and awaiting approval count). */
async function refundableOf(
  prisma: PrismaClient,
  periods: SubscriptionPeriod[],
): Promise<Map<string, bigint>> {
  const paidOrderIds = periods.flatMap((period) =>
    period.status === "PAID" && period.orderId ? [period.orderId] : [],
  );
  const orders = await prisma.order.findMany({
    where: { id: { in: paidOrderIds } },
    include: { refunds: true, refundRequests: true },
  });
  return new Map(
    orders.map((order) => [order.id, orderMoney(order, order.refunds, order.refundRequests).refundableFils]),
  );
}

export async function getConsoleSubscription(
  prisma: PrismaClient,
  id: string,
  holder: { permissions: readonly string[] },
) {
  const row = await prisma.subscription.findUnique({
    where: { id },
    include: { plan: PLAN_NAMES, periods: { orderBy: { number: "desc" }, take: 60 } },
  });
  if (!row) return null;
  const [tries, refundable, timeline] = await Promise.all([
    triesOf(prisma, row),
    refundableOf(prisma, row.periods),
    prisma.customerEvent.findMany({
      where: { subjectType: "SUBSCRIPTION", subjectId: id },
      orderBy: { createdAt: "desc" },
      take: 100,
      select: { id: true, type: true, actor: true, detail: true, createdAt: true },
    }),
  ]);
  const periods = row.periods.map((period) => periodRecord(period, tries, refundable));
  return {
    subscription: subscriptionSummary(row),
    periods,
    timeline,
    actions: availableSubscriptionActions(row, periods, holder),
  };
}

function periodRecord(period: SubscriptionPeriod, tries: Tries, refundable: Map<string, bigint>) {
  const {
    subscriptionId: _subscription,
    leaseUntil: _lease,
    currency: _currency,
    createdAt: _c,
    updatedAt: _u,
    ...rest
  } = period;
  return {
    ...rest,
    refundableFils:
      period.status === "PAID" && period.orderId ? (refundable.get(period.orderId) ?? 0n) : null,
    tries: tries.filter((order) => order.paymentRequestId.split("_")[2] === String(period.number)),
  };
}

/** A period being dunned: its charge failed, it waits for the next try (docs/subscriptions.md, Dunning). */
export function isDunning(period: Pick<SubscriptionPeriod, "status" | "firstFailedAt">): boolean {
  return period.status === "SCHEDULED" && period.firstFailedAt !== null;
}

const NEEDS: Record<SubscriptionActionName, Permission> = {
  pause: "subscriptions.manage",
  resume: "subscriptions.manage",
  "cancel-at-period-end": "subscriptions.manage",
  "cancel-now": "subscriptions.manage",
  "retry-now": "subscriptions.retry",
  refund: "orders.refund",
};

/**
 * What fits the subscription now and what the operator may do. The services decide again under the
 * subscription's lock; this only keeps the console from offering what would be refused.
 */
function availableSubscriptionActions(
  row: { status: string; cancelAtPeriodEnd: boolean },
  periods: ReturnType<typeof periodRecord>[],
  holder: { permissions: readonly string[] },
): SubscriptionActionName[] {
  const charging = periods.some((period) => period.status === "CHARGING");
  const running = row.status === "ACTIVE" || row.status === "TRIALING";
  const fits: Record<SubscriptionActionName, boolean> = {
    pause: running && !charging,
    resume: !charging && (row.status === "PAUSED" || (row.cancelAtPeriodEnd && row.status !== "CANCELLED")),
    "cancel-at-period-end": running && !row.cancelAtPeriodEnd && !charging,
    "cancel-now": row.status !== "CANCELLED" && !charging,
    "retry-now":
      ["ACTIVE", "TRIALING", "PAST_DUE"].includes(row.status) &&
      !row.cancelAtPeriodEnd &&
      periods.some(isDunning),
    refund: periods.some((period) => (period.refundableFils ?? 0n) > 0n),
  };
  return (Object.keys(NEEDS) as SubscriptionActionName[]).filter(
    (name) => fits[name] && can(holder, NEEDS[name]),
  );
}
