// What an operator types in the one search box, recognised in this order, the first that finds
// something winning (each is an index lookup, so a search stays instant at a million orders):
//   pay_…              our paymentRequestId, in any case
//   a UUID             an order id, or else a customer id (all their orders), in any case
//   a wallet id        a wallet paymentId, or else a wallet customerId (all that customer's orders)
//   …6da0a753          the short id the console shows (the id's last eight characters)
//   24,000 / ٢٤٠٠٠      an amount in dinars: that amount's orders
//   0770 123 4567      a phone number: customers whose number (or its visible end, when the wallet
//                      masks it) fits
//   علي حسن / ali      part of a customer's name, without regard to case, accents or Arabic vowels
// Phones and names are personal data: they are recognised only for an operator allowed to see it
// (`people`). For anyone else nothing a search answers — its match, its orders, their order and
// count — may depend on a name or a phone, or the box becomes a way to spell them out letter by
// letter; so those two recognizers are not even tried.
// Names and phones are matched in SQL (search_fold, customer_phone_key: the migration that added
// them), so what is typed is folded exactly as what is stored.
import type { PrismaClient } from "@/lib/platform/db";
import { isRowId } from "@/lib/platform/ids/request-ids";
import { parseIqd } from "@/lib/platform/money/parse-iqd";
import { toLatinDigits } from "@/lib/platform/validation/latin-digits";

export type SearchMatch =
  | { kind: "order"; orderId: string; by: "paymentRequestId" | "orderId" | "paymentId" }
  | { kind: "customer"; customerId: string; by: "customerId" | "walletCustomerId" }
  | { kind: "orders"; orderIds: string[]; by: "shortId" }
  | { kind: "amount"; amountFils: bigint; by: "amount" }
  | { kind: "customers"; customerIds: string[]; by: "phone" | "customerName" }
  | { kind: "none" };

/** Enough for any real caller; a query that fits more customers is too vague to list them all. */
const MAX_CUSTOMERS = 200;
const SHORT_ID = /^(?:…|\.{2,3})?([0-9a-f]{8})$/i;

type Recognizer = (prisma: PrismaClient, query: string) => Promise<SearchMatch | null>;

const byIds: Recognizer = async (prisma, query) => {
  const lower = query.toLowerCase();
  if (lower.startsWith("pay_")) {
    const order = await prisma.order.findUnique({ where: { paymentRequestId: lower }, select: { id: true } });
    if (order) return { kind: "order", orderId: order.id, by: "paymentRequestId" };
  }
  if (isRowId(query)) {
    const order = await prisma.order.findUnique({ where: { id: lower }, select: { id: true } });
    if (order) return { kind: "order", orderId: order.id, by: "orderId" };
    const customer = await prisma.customer.findUnique({ where: { id: lower }, select: { id: true } });
    return customer ? { kind: "customer", customerId: customer.id, by: "customerId" } : null;
  }
  const order = await prisma.order.findUnique({ where: { paymentId: query }, select: { id: true } });
  if (order) return { kind: "order", orderId: order.id, by: "paymentId" };
  const customer = await prisma.customer.findUnique({
    where: { walletCustomerId: query },
    select: { id: true },
  });
  return customer ? { kind: "customer", customerId: customer.id, by: "walletCustomerId" } : null;
};

const byShortId: Recognizer = async (prisma, query) => {
  const short = SHORT_ID.exec(query)?.[1]?.toLowerCase();
  if (!short) return null;
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT id FROM orders WHERE right(id, 8) = ${short} LIMIT 50`;
  return rows.length > 0 ? { kind: "orders", orderIds: rows.map((row) => row.id), by: "shortId" } : null;
};

const byAmount: Recognizer = async (prisma, query) => {
  const amountFils = parseIqd(query);
  if (amountFils === null || amountFils === 0n) return null;
  const any = await prisma.order.findFirst({ where: { amountFils }, select: { id: true } });
  return any ? { kind: "amount", amountFils, by: "amount" } : null;
};

const byPhone: Recognizer = async (prisma, query) => {
  const typed = toLatinDigits(query).replace(/[\s\-().]/g, "");
  if (!/^\+?\d{3,15}$/.test(typed)) return null;
  // A masked number keeps only its last three or four digits visible: those must fit the typed end.
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    WITH typed AS (SELECT phone_key(${typed}) AS digits)
    SELECT id FROM customers, typed
     WHERE customer_phone_key(profile) = ANY (ARRAY[typed.digits, right(typed.digits, 3), right(typed.digits, 4)])
     LIMIT ${MAX_CUSTOMERS}`;
  return rows.length > 0 ? { kind: "customers", customerIds: rows.map((row) => row.id), by: "phone" } : null;
};

const byName: Recognizer = async (prisma, query) => {
  if (!/\p{L}/u.test(query) || query.length < 2) return null;
  // LIKE's own characters in what was typed are taken literally.
  const pattern = query.replace(/[\\%_]/g, (char) => `\\${char}`);
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT id FROM customers
     WHERE customer_search_name(profile) LIKE '%' || search_fold(${pattern}) || '%'
     LIMIT ${MAX_CUSTOMERS}`;
  return rows.length > 0
    ? { kind: "customers", customerIds: rows.map((row) => row.id), by: "customerName" }
    : null;
};

const ORDER_FIELDS: Recognizer[] = [byIds, byShortId, byAmount];
const WITH_PEOPLE: Recognizer[] = [...ORDER_FIELDS, byPhone, byName];

/** Whether the search may look at customers' names and phones (customers.personal-data). */
export interface SearchScope {
  people: boolean;
}

/**
 * Customers by phone number or part of their name (the customers page's search box); null, without
 * a look, for an operator who may not see personal data.
 */
export async function customersMatching(
  prisma: PrismaClient,
  text: string,
  scope: SearchScope,
): Promise<{ customerIds: string[]; by: "phone" | "customerName" } | null> {
  if (!scope.people) return null;
  const query = text.trim().slice(0, 200);
  const match = (await byPhone(prisma, query)) ?? (await byName(prisma, query));
  return match?.kind === "customers" ? { customerIds: match.customerIds, by: match.by } : null;
}

export async function recognizeSearch(
  prisma: PrismaClient,
  text: string,
  scope: SearchScope,
): Promise<SearchMatch> {
  const query = text.trim().slice(0, 200);
  if (!query) return { kind: "none" };
  for (const recognize of scope.people ? WITH_PEOPLE : ORDER_FIELDS) {
    const match = await recognize(prisma, query);
    if (match) return match;
  }
  return { kind: "none" };
}
