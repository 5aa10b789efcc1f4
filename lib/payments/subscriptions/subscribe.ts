// Subscribing (POST /api/mini/subscriptions): once per Idempotency-Key, one live subscription per
// customer and plan. The customer must have signed an agreement (POST /api/mini/agreements, then
// /bind). The subscription, its first period and `subscription.created` are written together; then a
// plan with a free first period waits for its end, and any other plan's first period is charged at
// once, so the answer says whether the customer has access.
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { Prisma } from "@/lib/platform/db";
import {
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  StateInvalidError,
} from "@/lib/platform/errors/domain-errors";
import { newRowId } from "@/lib/platform/ids/request-ids";
import { periodBounds } from "./billing-period";
import { chargePeriod } from "./charge-period";
import { announceSubscription, recordSubscriptionStep, subscriptionEventData } from "./subscription-state";
import { findSubscription, type SubscriptionWithPlan } from "./subscription-view";

export interface SubscribeInput {
  planId: string;
  idempotencyKey: string;
  /** The language of the customer's pushes about this subscription. */
  language?: "ar" | "en" | undefined;
}

export async function subscribe(
  ctx: ServiceContext,
  customerId: string,
  input: SubscribeInput,
): Promise<{ subscription: SubscriptionWithPlan; created: boolean }> {
  const existing = await replay(ctx, customerId, input);
  if (existing) return { subscription: existing, created: false };
  const plan = await ctx.prisma.subscriptionPlan.findFirst({
    where: { id: input.planId, active: true, product: { active: true } },
    include: { product: true },
  });
  if (!plan) throw new NotFoundError("No such plan, or it takes no new subscribers.");
  const agreement = await ctx.prisma.agreement.findFirst({ where: { customerId, status: "ACTIVE" } });
  if (!agreement) {
    throw new StateInvalidError(
      "No active payment agreement. Prepare one with POST /api/mini/agreements and bind it first.",
    );
  }
  const id = newRowId();
  const now = ctx.now();
  const first = periodBounds(plan, now, 1);
  try {
    await ctx.prisma.$transaction(async (tx) => {
      const subscription = await tx.subscription.create({
        data: {
          id,
          customerId,
          planId: plan.id,
          agreementId: agreement.id,
          idempotencyKey: input.idempotencyKey,
          language: input.language ?? "ar",
          status: plan.freeFirstPeriod ? "TRIALING" : "PENDING",
          billingAnchor: now,
          ...(plan.freeFirstPeriod ? { currentPeriod: 1, currentPeriodEnd: first.endsAt } : {}),
        },
        include: { plan: { select: { sku: true } } },
      });
      const price = { amountFils: plan.product.priceFils, currency: plan.product.currency };
      await tx.subscriptionPeriod.create({
        data: plan.freeFirstPeriod
          ? {
              subscriptionId: id,
              number: 1,
              ...first,
              amountFils: 0n,
              currency: price.currency,
              status: "FREE",
            }
          : { subscriptionId: id, number: 1, ...first, ...price, nextAttemptAt: now },
      });
      if (plan.freeFirstPeriod) {
        const second = periodBounds(plan, now, 2);
        await tx.subscriptionPeriod.create({
          data: { subscriptionId: id, number: 2, ...second, ...price, nextAttemptAt: second.startsAt },
        });
      }
      const actor = `customer:${customerId}`;
      await recordSubscriptionStep(tx, subscription, {
        type: "SUBSCRIPTION_CREATED",
        actor,
        detail: { planId: plan.id },
      });
      await announceSubscription(tx, "subscription.created", subscriptionEventData(subscription, null));
    });
  } catch (error) {
    return { subscription: await afterConflict(ctx, customerId, input, error), created: false };
  }
  if (!plan.freeFirstPeriod) {
    const period = await ctx.prisma.subscriptionPeriod.findUniqueOrThrow({
      where: { subscriptionId_number: { subscriptionId: id, number: 1 } },
    });
    await chargePeriod(ctx, period.id, `customer:${customerId}`);
  }
  return { subscription: await findSubscription(ctx.prisma, customerId, id), created: true };
}

async function replay(ctx: ServiceContext, customerId: string, input: SubscribeInput) {
  const found = await ctx.prisma.subscription.findUnique({
    where: { customerId_idempotencyKey: { customerId, idempotencyKey: input.idempotencyKey } },
    select: { id: true, planId: true },
  });
  if (!found) return null;
  if (found.planId !== input.planId) {
    throw new BusinessRuleError(
      "IDEMPOTENCY_KEY_REUSED",
      "This Idempotency-Key was already used to subscribe to another plan. Use a new key.",
      { subscriptionId: found.id },
    );
  }
  return findSubscription(ctx.prisma, customerId, found.id);
}

/** A unique index refused the insert: the same key won meanwhile (replay), or a live one exists. */
async function afterConflict(ctx: ServiceContext, customerId: string, input: SubscribeInput, error: unknown) {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") throw error;
  const replayed = await replay(ctx, customerId, input);
  if (replayed) return replayed;
  throw new ConflictError("You already have a subscription to this plan.", { planId: input.planId });
}
