// The search box for an operator who may not see personal data (a VIEWER: orders.read and
// orders.export, no customers.personal-data), through the console's API on a seeded history. Such
// an operator must learn nothing about a customer's name or phone from a search: not from what it
// matched, nor from which orders or customers come back, their order or their count — or the box
// spells a name out letter by letter. So each question is asked twice, with one customer's profile
// set to the name and phone being typed and then to someone else's, and the answers must be the same
// byte for byte: the order list, the CSV export and the customers list. An operator who may see
// personal data (FINANCE) gets different answers, which shows the questions do reach the customer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedOrders } from "@/bench/support/seed-orders";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
let viewer: TestOperator;
let finance: TestOperator;
let customerIds: [string, string];

/** As the wallet gives them: Arabic with vowel marks and a masked number; Latin with a full one. */
const TYPED_PEOPLE = [
  {
    userName: { fullName: "زَيْنَب المُوسَوِيّ" },
    contactInfos: [{ contactType: "MOBILE_PHONE", contactNo: "+964****8719" }],
  },
  {
    userName: { fullName: "Zaïnab Al-Mousawi" },
    contactInfos: [{ contactType: "MOBILE_PHONE", contactNo: "+9647701238719" }],
  },
];
const SOMEONE_ELSE = [
  {
    userName: { fullName: "كريم الجبوري" },
    contactInfos: [{ contactType: "MOBILE_PHONE", contactNo: "+964****3350" }],
  },
  {
    userName: { fullName: "Karim Al-Jubouri" },
    contactInfos: [{ contactType: "MOBILE_PHONE", contactNo: "+9647809913350" }],
  },
];

beforeAll(async () => {
  app = await startRouteHarness();
  await seedOrders(app.db.url, 600, 40);
  [viewer, finance] = await Promise.all([
    createTestOperator(app.db.prisma, "VIEWER"),
    createTestOperator(app.db.prisma, "FINANCE"),
  ]);
  const withOrders = await app.db.prisma.customer.findMany({
    where: { orders: { some: {} } },
    orderBy: { id: "asc" },
    take: 2,
    select: { id: true },
  });
  customerIds = withOrders.map((customer) => customer.id) as [string, string];
}, 120_000);
afterAll(() => app?.close());

async function setProfiles(profiles: typeof TYPED_PEOPLE): Promise<void> {
  for (const [index, id] of customerIds.entries()) {
    await app.db.prisma.customer.update({ where: { id }, data: { profile: profiles[index] } });
  }
}

/** Everything a search tells `operator`: the order list, the CSV export and the customers list. */
async function answersTo(operator: TestOperator, q: string) {
  const query = `q=${encodeURIComponent(q)}`;
  const headers = operator.script();
  const [orders, exported, customers] = await Promise.all([
    app.call("GET", `/api/admin/orders?${query}&limit=200`, { headers }),
    app.call("GET", `/api/admin/orders/export?${query}`, { headers }),
    app.call("GET", `/api/admin/customers?${query}&limit=200`, { headers }),
  ]);
  expect([orders.status, exported.status, customers.status], q).toEqual([200, 200, 200]);
  return { orders: await orders.text(), exported: await exported.text(), customers: await customers.text() };
}

/** The answers with the customers named as typed, then as someone else. */
async function answersEitherWay(operator: TestOperator, q: string) {
  await setProfiles(TYPED_PEOPLE);
  const named = await answersTo(operator, q);
  await setProfiles(SOMEONE_ELSE);
  const other = await answersTo(operator, q);
  return { named, other };
}

const NAMES_AND_PHONES = [
  ["the full name with its vowel marks", "زَيْنَب المُوسَوِيّ"],
  ["the full name without them", "زينب الموسوي"],
  ["part of the name", "موسوي"],
  ["the first name only", "زينب"],
  ["a Latin name in mixed case, without its accent", "ZaiNAB al-MOUSAWI"],
  ["part of a Latin name", "mousa"],
  ["the phone with +964", "+964 770 123 8719"],
  ["the phone with 964 and no plus", "964 770 123 8719"],
  ["the phone without the country code", "0770 123 8719"],
  ["the phone in Arabic digits", "٠٧٧٠ ١٢٣ ٨٧١٩"],
  ["the phone with dashes and brackets", "(0770) 123-8719"],
  ["the phone's last four digits", "8719"],
  ["the phone's last seven digits", "123 8719"],
] as const;

describe("search without customers.personal-data", () => {
  it.each(NAMES_AND_PHONES)("by %s: nothing in the answers depends on the customer", async (_how, q) => {
    const { named, other } = await answersEitherWay(viewer, q);
    expect(named.orders, "order list").toBe(other.orders);
    expect(named.exported, "CSV export").toBe(other.exported);
    expect(named.customers, "customers list").toBe(other.customers);
    for (const customerId of customerIds) expect(named.customers).not.toContain(customerId);
    const page = JSON.parse(named.orders) as { match?: Record<string, unknown> };
    expect(page.match?.customerIds).toBeUndefined();
    expect(["phone", "customerName"]).not.toContain(page.match?.by);
  });

  it("the customers search cannot be narrowed letter by letter", async () => {
    for (const prefix of [
      "زي",
      "زين",
      "زينب",
      "زينب ال",
      "Za",
      "Zai",
      "Zaïn",
      "+9647",
      "+96477012",
      "0770123",
    ]) {
      const { named, other } = await answersEitherWay(viewer, prefix);
      expect(named.customers, prefix).toBe(other.customers);
      expect(JSON.parse(named.customers), prefix).toMatchObject({ customers: [] });
    }
  });

  it("ids, amounts and order fields are still found", async () => {
    const order = await app.db.prisma.order.findFirstOrThrow({
      where: { customerId: customerIds[0], paymentId: { not: null } },
    });
    const byField = [order.id, order.id.toUpperCase(), order.paymentRequestId, order.paymentId as string];
    for (const q of byField) {
      const page = JSON.parse((await answersTo(viewer, q)).orders) as { orders: { id: string }[] };
      expect(
        page.orders.map((row) => row.id),
        q,
      ).toEqual([order.id]);
    }
    const ofCustomer = JSON.parse((await answersTo(viewer, order.customerId)).orders) as {
      match: { kind: string };
      orders: { customerId: string }[];
    };
    expect(ofCustomer.match.kind).toBe("customer");
    expect(ofCustomer.orders.every((row) => row.customerId === order.customerId)).toBe(true);
    const iqd = (order.amountFils / 1000n).toString();
    const byAmount = JSON.parse((await answersTo(viewer, iqd)).orders) as { match: { kind: string } };
    expect(byAmount.match.kind).toBe("amount");
    const customers = JSON.parse((await answersTo(viewer, order.customerId)).customers) as {
      customers: { id: string }[];
    };
    expect(customers.customers.map((row) => row.id)).toEqual([order.customerId]);
  });
});

describe("search with customers.personal-data", () => {
  it.each(NAMES_AND_PHONES.filter(([, q]) => !/^\d{3,4}$/.test(q)))(
    "by %s finds the customer, so the questions above do reach them",
    async (_how, q) => {
      const { named, other } = await answersEitherWay(finance, q);
      expect(named.orders).not.toBe(other.orders);
      expect(named.exported).not.toBe(other.exported);
      expect(named.customers).not.toBe(other.customers);
      const page = JSON.parse(named.orders) as { match: { kind: string; customerIds: string[] } };
      expect(page.match.kind).toBe("customers");
      expect(page.match.customerIds.some((id) => customerIds.includes(id))).toBe(true);
    },
  );
});
