// A subscription read under its row lock, with its plan and product: the first statement of every
// transaction that decides about a subscription or its periods (billing, pause, resume, cancel), so
// they happen one after another, never interleaved.
import type { Prisma, Product, Subscription, SubscriptionPlan } from "@/lib/platform/db";

export type LockedSubscription = Subscription & { plan: SubscriptionPlan & { product: Product } };

export async function lockSubscription(
  tx: Prisma.TransactionClient,
  subscriptionId: string,
): Promise<LockedSubscription | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM subscriptions WHERE id = ${subscriptionId} FOR UPDATE`;
  if (rows.length === 0) return null;
  return tx.subscription.findUnique({
    where: { id: subscriptionId },
    include: { plan: { include: { product: true } } },
  });
}

/** The period and its subscription, the subscription locked first (the order every writer keeps). */
export async function lockPeriod(tx: Prisma.TransactionClient, periodId: string) {
  const head = await tx.subscriptionPeriod.findUnique({
    where: { id: periodId },
    select: { subscriptionId: true },
  });
  if (!head) return null;
  const subscription = await lockSubscription(tx, head.subscriptionId);
  const period = await tx.subscriptionPeriod.findUnique({ where: { id: periodId } });
  return subscription && period ? { subscription, period } : null;
}
