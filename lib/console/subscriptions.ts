// The console's subscriptions: the list (by status and plan, newest first) and one subscription's
// page (its periods with each try's order, and its timeline). Read-only: the changes go through the
// same services the mini program uses (lib/payments/subscriptions/change-subscription.ts).
import type { z } from "zod";
import type { PrismaClient } from "@/lib/platform/db";
import { afterCursor, pageOf } from "@/lib/platform/db/keyset";
import type { subscriptionListQuery } from "./request-schemas";

const PLAN = {
  select: { id: true, sku: true, product: { select: { name: true, nameArabic: true, priceFils: true } } },
} as const;

export async function listConsoleSubscriptions(
  prisma: PrismaClient,
  query: z.output<typeof subscriptionListQuery>,
) {
  const rows = await prisma.subscription.findMany({
    where: {
      AND: [
        query.status ? { status: query.status } : {},
        query.planId ? { planId: query.planId } : {},
        afterCursor("createdAt", query.after),
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    include: {
      plan: PLAN,
      periods: { where: { status: { in: ["SCHEDULED", "CHARGING"] } }, take: 1 },
    },
  });
  const { rows: subscriptions, nextCursor } = pageOf(rows, query.limit, (row) => row.createdAt);
  const plans = await prisma.subscriptionPlan.findMany({ select: PLAN.select, orderBy: { sku: "asc" } });
  return { subscriptions, nextCursor, plans };
}

/** One subscription with its periods (newest first), each try's order, and its timeline. */
export async function getConsoleSubscription(prisma: PrismaClient, id: string) {
  const subscription = await prisma.subscription.findUnique({
    where: { id },
    include: { plan: PLAN, periods: { orderBy: { number: "desc" }, take: 60 } },
  });
  if (!subscription) return null;
  // Every try's order carries the derived request id `sub_<id>_<period>_<try>` as its key.
  const tries = await prisma.order.findMany({
    where: {
      customerId: subscription.customerId,
      idempotencyKey: { startsWith: `sub_${id.replaceAll("-", "")}_` },
    },
    select: {
      id: true,
      idempotencyKey: true,
      status: true,
      amountFils: true,
      resultCode: true,
      createdAt: true,
    },
    orderBy: { createdAt: "desc" },
    take: 200,
  });
  const timeline = await prisma.customerEvent.findMany({
    where: { subjectType: "SUBSCRIPTION", subjectId: id },
    orderBy: { createdAt: "desc" },
    take: 100,
  });
  const triesOf = (period: number) =>
    tries.filter((order) => order.idempotencyKey.split("_")[2] === String(period));
  return {
    subscription,
    periods: subscription.periods.map((period) => ({ ...period, tries: triesOf(period.number) })),
    timeline,
  };
}
