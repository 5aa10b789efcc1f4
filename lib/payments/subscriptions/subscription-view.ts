// A subscription as the mini program shows it: its plan, status, what the customer has access
// until, and the next charge (when and how much), or what the customer must do to fix a failed one.
import type { PrismaClient, Subscription, SubscriptionPeriod } from "@/lib/platform/db";
import { NotFoundError } from "@/lib/platform/errors/domain-errors";
import { formatIqd } from "@/lib/platform/money/format-iqd";
import { type PlanView, type PlanWithProduct, planView } from "./plans";

export type SubscriptionWithPlan = Subscription & {
  plan: PlanWithProduct;
  periods: SubscriptionPeriod[];
};

const WITH_PLAN = {
  plan: { include: { product: true } },
  // The open period (the next charge), if any: there is at most one.
  periods: { where: { status: { in: ["SCHEDULED", "CHARGING"] as ("SCHEDULED" | "CHARGING")[] } } },
} as const;

export async function findSubscription(
  prisma: PrismaClient,
  customerId: string,
  subscriptionId: string,
): Promise<SubscriptionWithPlan> {
  const subscription = await prisma.subscription.findFirst({
    where: { id: subscriptionId, customerId },
    include: WITH_PLAN,
  });
  if (!subscription) throw new NotFoundError("No such subscription.");
  return subscription;
}

export async function listCustomerSubscriptions(prisma: PrismaClient, customerId: string) {
  const rows = await prisma.subscription.findMany({
    where: { customerId },
    include: WITH_PLAN,
    orderBy: { createdAt: "desc" },
    take: 100,
  });
  return rows.map(subscriptionView);
}

/** What the customer must do: sign the agreement again, or sort their account out with the wallet. */
export type CustomerAction = "SIGN_AGREEMENT" | "CONTACT_WALLET" | "TOP_UP";

const ACTION_OF_CODE: Readonly<Record<string, CustomerAction>> = {
  AGREEMENT_MISSING: "SIGN_AGREEMENT",
  INVALID_ACCESS_TOKEN: "SIGN_AGREEMENT",
  INVALID_CODE: "SIGN_AGREEMENT",
  AUTH_CODE_ALREADY_USED: "SIGN_AGREEMENT",
  USER_BALANCE_NOT_ENOUGH: "TOP_UP",
  USER_AMOUNT_EXCEED_LIMIT: "TOP_UP",
};

export function customerActionOf(resultCode: string | null): CustomerAction | null {
  if (!resultCode) return null;
  return (
    ACTION_OF_CODE[resultCode] ??
    (["USER_STATUS_ABNORMAL", "USER_NOT_EXIST", "RISK_REJECT"].includes(resultCode) ? "CONTACT_WALLET" : null)
  );
}

export interface SubscriptionView {
  subscriptionId: string;
  status: Subscription["status"];
  plan: PlanView;
  /** The customer has access until then (the end of the last period paid for, or free). */
  accessUntil: string | null;
  cancelAtPeriodEnd: boolean;
  pausedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  /** The next charge; null when none is coming (cancelled, ending, or paused). */
  nextCharge: {
    at: string;
    period: number;
    amount: { currency: string; value: string };
    amountText: string;
  } | null;
  /** The last charge failed: its code, and what the customer can do about it. */
  lastFailure: { resultCode: string; action: CustomerAction | null } | null;
  createdAt: string;
}

export function subscriptionView(subscription: SubscriptionWithPlan): SubscriptionView {
  const open = subscription.periods.find(
    (period) => period.status === "SCHEDULED" || period.status === "CHARGING",
  );
  const charging = open && subscription.status !== "PAUSED" && !subscription.cancelAtPeriodEnd;
  return {
    subscriptionId: subscription.id,
    status: subscription.status,
    plan: planView(subscription.plan),
    accessUntil: subscription.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    pausedAt: subscription.pausedAt?.toISOString() ?? null,
    cancelledAt: subscription.cancelledAt?.toISOString() ?? null,
    cancelReason: subscription.cancelReason,
    nextCharge:
      charging && open && subscription.status !== "CANCELLED"
        ? {
            at: (open.nextAttemptAt ?? open.startsAt).toISOString(),
            period: open.number,
            amount: { currency: open.currency, value: open.amountFils.toString() },
            amountText: formatIqd(open.amountFils),
          }
        : null,
    lastFailure:
      open?.lastResultCode && open.failedTries > 0
        ? { resultCode: open.lastResultCode, action: customerActionOf(open.lastResultCode) }
        : null,
    createdAt: subscription.createdAt.toISOString(),
  };
}
