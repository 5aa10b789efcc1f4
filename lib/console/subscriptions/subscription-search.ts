// The subscriptions list's search box, recognised in this order, the first that finds something
// winning (each an index lookup):
//   sub_…_2_1 / pay_…    a charge's paymentRequestId: that try's subscription
//   a UUID               a subscription id, a customer id (their subscriptions), or a try's order id
//   a wallet customerId  that customer's subscriptions
//   …6da0a753            the short id the list shows (the subscription id's last eight characters)
//   COFFEE-CLUB / قهوة   a plan, by its SKU or part of its product's name (English or Arabic)
//   0770 123 4567 / علي  a customer's phone or name: only for an operator who may see personal data
// As for orders (lib/console/orders/order-search.ts), names and phones are not even tried without
// `customers.personal-data`: nothing the box answers may then depend on them.
import type { Prisma, PrismaClient } from "@/lib/platform/db";
import { isRowId } from "@/lib/platform/ids/request-ids";
import { customersMatching, type SearchScope } from "../orders/order-search";

export type SubscriptionMatch =
  | { kind: "subscriptions"; ids: string[]; by: "subscriptionId" | "shortId" | "charge" }
  | {
      kind: "customers";
      customerIds: string[];
      by: "customerId" | "walletCustomerId" | "phone" | "customerName";
    }
  | { kind: "plans"; planIds: string[]; by: "plan" }
  | { kind: "none" };

type Recognizer = (prisma: PrismaClient, query: string) => Promise<SubscriptionMatch | null>;

const CHARGE_ID = /^sub_([0-9a-f]{32})_\d+_\d+$/i;
const SHORT_ID = /^(?:…|\.{2,3})?([0-9a-f]{8})$/i;

/** `sub_<32 hex>_…` back to the subscription's UUID. */
function subscriptionIdOfCharge(requestId: string): string | null {
  const hex = CHARGE_ID.exec(requestId)?.[1]?.toLowerCase();
  if (!hex) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const found = (ids: string[], by: "subscriptionId" | "shortId" | "charge"): SubscriptionMatch | null =>
  ids.length > 0 ? { kind: "subscriptions", ids, by } : null;

const byIds: Recognizer = async (prisma, query) => {
  const lower = query.toLowerCase();
  const fromCharge = subscriptionIdOfCharge(lower);
  if (fromCharge) {
    const row = await prisma.subscription.findUnique({ where: { id: fromCharge }, select: { id: true } });
    return found(row ? [row.id] : [], "charge");
  }
  if (isRowId(query)) {
    const row = await prisma.subscription.findUnique({ where: { id: lower }, select: { id: true } });
    if (row) return found([row.id], "subscriptionId");
    const customer = await prisma.customer.findUnique({ where: { id: lower }, select: { id: true } });
    if (customer) return { kind: "customers", customerIds: [customer.id], by: "customerId" };
    const order = await prisma.order.findUnique({ where: { id: lower }, select: { idempotencyKey: true } });
    const viaOrder = order ? subscriptionIdOfCharge(order.idempotencyKey) : null;
    return viaOrder ? found([viaOrder], "charge") : null;
  }
  const order = await prisma.order.findUnique({
    where: { paymentId: query },
    select: { idempotencyKey: true },
  });
  const viaOrder = order ? subscriptionIdOfCharge(order.idempotencyKey) : null;
  if (viaOrder) return found([viaOrder], "charge");
  const customer = await prisma.customer.findUnique({
    where: { walletCustomerId: query },
    select: { id: true },
  });
  return customer ? { kind: "customers", customerIds: [customer.id], by: "walletCustomerId" } : null;
};

const byShortId: Recognizer = async (prisma, query) => {
  const short = SHORT_ID.exec(query)?.[1]?.toLowerCase();
  if (!short) return null;
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT id FROM subscriptions WHERE right(id, 8) = ${short} LIMIT 50`;
  return found(
    rows.map((row) => row.id),
    "shortId",
  );
};

// Plans are few (a catalog, not customers): a plain scan of them is instant.
const byPlan: Recognizer = async (prisma, query) => {
  if (query.length < 2) return null;
  const plans = await prisma.subscriptionPlan.findMany({
    where: {
      OR: [
        { sku: { equals: query, mode: "insensitive" } },
        { product: { name: { contains: query, mode: "insensitive" } } },
        { product: { nameArabic: { contains: query } } },
      ],
    },
    select: { id: true },
  });
  return plans.length > 0 ? { kind: "plans", planIds: plans.map((plan) => plan.id), by: "plan" } : null;
};

const byPerson =
  (scope: SearchScope): Recognizer =>
  async (prisma, query) => {
    const match = await customersMatching(prisma, query, scope);
    return match ? { kind: "customers", customerIds: match.customerIds, by: match.by } : null;
  };

export async function recognizeSubscriptionSearch(
  prisma: PrismaClient,
  text: string,
  scope: SearchScope,
): Promise<SubscriptionMatch> {
  const query = text.trim().slice(0, 200);
  if (!query) return { kind: "none" };
  const recognizers = [byIds, byShortId, byPlan, ...(scope.people ? [byPerson(scope)] : [])];
  for (const recognize of recognizers) {
    const match = await recognize(prisma, query);
    if (match) return match;
  }
  return { kind: "none" };
}

/** The subscriptions a match stands for. */
export function whereOfSubscriptionMatch(match: SubscriptionMatch): Prisma.SubscriptionWhereInput {
  switch (match.kind) {
    case "subscriptions":
      return { id: { in: match.ids } };
    case "customers":
      return { customerId: { in: match.customerIds } };
    case "plans":
      return { planId: { in: match.planIds } };
    case "none":
      return { id: { in: [] } };
  }
}
