// The console's subscription list: the search box, filters by status and plan, and keyset pages on
// (createdAt, id), newest first: each page is one range of subscriptions_created_at_id_idx (or its
// status and plan siblings), whatever its depth.
import type { z } from "zod";
import { type Person, personOf } from "@/lib/customers/person";
import type { Prisma, PrismaClient, Subscription, SubscriptionPeriod } from "@/lib/platform/db";
import { afterCursor, pageOf } from "@/lib/platform/db/keyset";
import type { SearchScope } from "../orders/order-search";
import type { subscriptionListQuery } from "../request-schemas";
import {
  recognizeSubscriptionSearch,
  type SubscriptionMatch,
  whereOfSubscriptionMatch,
} from "./subscription-search";

export type SubscriptionListQuery = z.output<typeof subscriptionListQuery>;

export const PLAN_NAMES = {
  select: {
    id: true,
    sku: true,
    intervalUnit: true,
    intervalCount: true,
    product: { select: { name: true, nameArabic: true, priceFils: true } },
  },
} as const;

/** The filters as a Prisma where, and what the search box matched (shown to the operator). */
export async function subscriptionFilter(
  prisma: PrismaClient,
  query: Omit<SubscriptionListQuery, "after" | "limit">,
  scope: SearchScope,
): Promise<{ where: Prisma.SubscriptionWhereInput; match: SubscriptionMatch | undefined }> {
  const and: Prisma.SubscriptionWhereInput[] = [];
  let match: SubscriptionMatch | undefined;
  if (query.q?.trim()) {
    match = await recognizeSubscriptionSearch(prisma, query.q, scope);
    and.push(whereOfSubscriptionMatch(match));
  }
  if (query.status) and.push({ status: query.status });
  if (query.planId) and.push({ planId: query.planId });
  return { where: { AND: and }, match };
}

export async function listConsoleSubscriptions(
  prisma: PrismaClient,
  query: SubscriptionListQuery,
  options: { withPeople?: boolean } = {},
) {
  const { where, match } = await subscriptionFilter(prisma, query, { people: options.withPeople ?? false });
  const rows = await prisma.subscription.findMany({
    where: { AND: [where, afterCursor("createdAt", query.after)] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    include: {
      plan: PLAN_NAMES,
      periods: { where: { status: { in: ["SCHEDULED", "CHARGING"] } }, take: 1 },
    },
  });
  const { rows: page, nextCursor } = pageOf(rows, query.limit, (row) => row.createdAt);
  const plans = await prisma.subscriptionPlan.findMany({
    select: PLAN_NAMES.select,
    orderBy: { sku: "asc" },
  });
  const people = options.withPeople
    ? await peopleOf(
        prisma,
        page.map((row) => row.customerId),
      )
    : undefined;
  const subscriptions = page.map((row) => ({
    ...subscriptionSummary(row),
    ...(people ? { person: people.get(row.customerId) } : {}),
  }));
  return { subscriptions, nextCursor, plans: plans.map(planSummary), match };
}

type PlanNames = Prisma.SubscriptionPlanGetPayload<typeof PLAN_NAMES>;

function planSummary(plan: PlanNames) {
  const { id, sku, intervalUnit, intervalCount, product } = plan;
  return { id, sku, name: product.name, nameArabic: product.nameArabic, intervalUnit, intervalCount };
}

type Listed = Subscription & { plan: PlanNames; periods: SubscriptionPeriod[] };

/**
 * A subscription as lists and its page show it. `nextCharge` is the open period's charge: none while
 * paused or ending at the period's end (nothing more is charged then).
 */
export function subscriptionSummary(row: Listed) {
  const open = row.status === "PAUSED" || row.cancelAtPeriodEnd ? undefined : row.periods.find(isOpen);
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    plan: planSummary(row.plan),
    createdAt: row.createdAt,
    currentPeriod: row.currentPeriod,
    accessUntil: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    pausedAt: row.pausedAt,
    pastDueAt: row.pastDueAt,
    cancelledAt: row.cancelledAt,
    cancelReason: row.cancelReason,
    nextCharge:
      open?.nextAttemptAt && row.status !== "CANCELLED"
        ? { period: open.number, amountFils: open.amountFils, at: open.nextAttemptAt }
        : null,
  };
}

const isOpen = (period: SubscriptionPeriod) => period.status === "SCHEDULED" || period.status === "CHARGING";

/** The customers of `customerIds` as people, by id (only for operators allowed personal data). */
export async function peopleOf(prisma: PrismaClient, customerIds: string[]): Promise<Map<string, Person>> {
  const customers = await prisma.customer.findMany({
    where: { id: { in: [...new Set(customerIds)] } },
    select: { id: true, profile: true },
  });
  return new Map(customers.map((customer) => [customer.id, personOf(customer.profile)]));
}
