// Plans: products of the catalog sold by the period. A plan's price and its English and Arabic names
// are its product's (one place for an operator to change them); the plan adds the billing period, a
// free first period, and how failed charges are dunned. A price change applies from the next period
// that is created: a period keeps the amount it was created with.
import type { BillingInterval, PrismaClient, Product, SubscriptionPlan } from "@/lib/platform/db";
import { formatIqd } from "@/lib/platform/money/format-iqd";
import { DEFAULT_GRACE_HOURS, DEFAULT_RETRY_SCHEDULE_HOURS } from "./dunning";

export interface PlanInput {
  sku: string;
  name: string;
  nameArabic: string;
  /** IQD in fils: 1 IQD = 1,000 fils. */
  priceFils: bigint;
  intervalUnit: BillingInterval;
  intervalCount?: number;
  freeFirstPeriod?: boolean;
  retryScheduleHours?: readonly number[];
  graceHours?: number;
  allowCancelNow?: boolean;
}

export type PlanWithProduct = SubscriptionPlan & { product: Product };

function checkPlan(input: PlanInput): void {
  const count = input.intervalCount ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > 52)
    throw new RangeError("intervalCount must be 1 to 52");
  if (input.priceFils <= 0n) throw new RangeError("a plan's price must be above zero");
  const schedule = input.retryScheduleHours ?? DEFAULT_RETRY_SCHEDULE_HOURS;
  if (schedule.some((hours, index) => !Number.isInteger(hours) || hours <= (schedule[index - 1] ?? 0))) {
    throw new RangeError("retryScheduleHours must be whole hours, each later than the one before");
  }
}

/** Creates or updates a plan and its product (by SKU), in one transaction. */
export async function definePlan(prisma: PrismaClient, input: PlanInput): Promise<PlanWithProduct> {
  checkPlan(input);
  const product = {
    name: input.name,
    nameArabic: input.nameArabic,
    priceFils: input.priceFils,
    currency: "IQD",
  };
  const plan = {
    intervalUnit: input.intervalUnit,
    intervalCount: input.intervalCount ?? 1,
    freeFirstPeriod: input.freeFirstPeriod ?? false,
    retryScheduleHours: [...(input.retryScheduleHours ?? DEFAULT_RETRY_SCHEDULE_HOURS)],
    graceHours: input.graceHours ?? DEFAULT_GRACE_HOURS,
    allowCancelNow: input.allowCancelNow ?? false,
  };
  return prisma.$transaction(async (tx) => {
    await tx.product.upsert({
      where: { sku: input.sku },
      create: { sku: input.sku, ...product, active: true },
      update: product,
    });
    return tx.subscriptionPlan.upsert({
      where: { sku: input.sku },
      create: { sku: input.sku, ...plan },
      update: plan,
      include: { product: true },
    });
  });
}

/** A plan as the mini program shows it. */
export interface PlanView {
  planId: string;
  sku: string;
  name: string;
  nameArabic: string;
  price: { currency: string; value: string };
  priceText: string;
  interval: { unit: BillingInterval; count: number };
  freeFirstPeriod: boolean;
  allowCancelNow: boolean;
}

export function planView(plan: PlanWithProduct): PlanView {
  return {
    planId: plan.id,
    sku: plan.sku,
    name: plan.product.name,
    nameArabic: plan.product.nameArabic,
    price: { currency: plan.product.currency, value: plan.product.priceFils.toString() },
    priceText: formatIqd(plan.product.priceFils),
    interval: { unit: plan.intervalUnit, count: plan.intervalCount },
    freeFirstPeriod: plan.freeFirstPeriod,
    allowCancelNow: plan.allowCancelNow,
  };
}
/** Plans open to new subscribers: the plan and its product both active, by SKU. */
export async function listPlans(prisma: PrismaClient): Promise<PlanView[]> {
  const plans = await prisma.subscriptionPlan.findMany({
    where: { active: true, product: { active: true } },
    include: { product: true },
    orderBy: { sku: "asc" },
  });
  return plans.map(planView);
}
