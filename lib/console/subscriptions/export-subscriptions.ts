// CSV export of the filtered subscription list (the same filters and search as the list, names and
// phones only for an operator who may see personal data), streamed a keyset batch at a time. As the
// orders' export (../orders/export-orders.ts): a byte order mark first so Excel reads Arabic, amounts
// in fils and as plain IQD numbers, times in UTC and in Baghdad, every cell formula-safe.
import type { PrismaClient } from "@/lib/platform/db";
import { csvLine, filsToIqdNumber } from "../orders/export-orders";
import {
  PLAN_NAMES,
  type SubscriptionListQuery,
  subscriptionFilter,
  subscriptionSummary,
} from "./list-subscriptions";

const BATCH = 1_000;

/** The header line, in column order (documented in the API contract). */
export const SUBSCRIPTION_EXPORT_COLUMNS = [
  "subscription_id",
  "created_at_utc",
  "created_at_baghdad",
  "status",
  "plan_sku",
  "plan_name",
  "plan_name_ar",
  "interval",
  "customer_id",
  "access_until_utc",
  "next_charge_at_utc",
  "next_charge_fils",
  "next_charge_iqd",
  "cancel_at_period_end",
  "cancelled_at_utc",
  "cancel_reason",
];

const BAGHDAD_OFFSET_MS = 3 * 3_600_000;

const utc = (at: Date | null | undefined) => (at ? at.toISOString() : "");
const baghdad = (at: Date) =>
  new Date(at.getTime() + BAGHDAD_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");

async function batchAfter(prisma: PrismaClient, where: object, cursor: { at: Date; id: string } | undefined) {
  return prisma.subscription.findMany({
    // The list's keyset bound (lib/platform/db/keyset.ts), from the last row of the batch before.
    where: {
      AND: [
        where,
        cursor
          ? {
              createdAt: { lte: cursor.at },
              OR: [{ createdAt: { lt: cursor.at } }, { id: { lt: cursor.id } }],
            }
          : {},
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: BATCH,
    include: {
      plan: PLAN_NAMES,
      periods: { where: { status: { in: ["SCHEDULED", "CHARGING"] } }, take: 1 },
    },
  });
}

type Row = Awaited<ReturnType<typeof batchAfter>>[number];

function rowLine(row: Row): string {
  const summary = subscriptionSummary(row);
  const { plan, nextCharge } = summary;
  return csvLine([
    row.id,
    utc(row.createdAt),
    baghdad(row.createdAt),
    row.status,
    plan.sku,
    plan.name,
    plan.nameArabic,
    `${plan.intervalCount} ${plan.intervalUnit}`,
    row.customerId,
    utc(summary.accessUntil),
    utc(nextCharge?.at),
    nextCharge ? nextCharge.amountFils.toString() : "",
    nextCharge ? filsToIqdNumber(nextCharge.amountFils.toString()) : "",
    row.cancelAtPeriodEnd ? "yes" : "",
    utc(row.cancelledAt),
    row.cancelReason ?? "",
  ]);
}

export function exportSubscriptionsCsv(
  prisma: PrismaClient,
  query: Omit<SubscriptionListQuery, "after" | "limit">,
  options: { withPeople: boolean },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let where: object | undefined;
  let cursor: { at: Date; id: string } | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!where) {
        where = (await subscriptionFilter(prisma, query, { people: options.withPeople })).where;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(SUBSCRIPTION_EXPORT_COLUMNS)}`));
        return;
      }
      const rows = await batchAfter(prisma, where, cursor);
      if (rows.length > 0) controller.enqueue(encoder.encode(rows.map(rowLine).join("")));
      const last = rows.at(-1);
      if (rows.length < BATCH || !last) controller.close();
      else cursor = { at: last.createdAt, id: last.id };
    },
  });
}
