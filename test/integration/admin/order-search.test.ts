// The search box as a caller describes an order, on a seeded history (3,000 orders, 150 customers
// with names and masked phones, as the wallet gives them): a name typed without Arabic vowels or in
// another case, phone digits typed on an Arabic keyboard, an amount in any of its spellings, the
// short id a list shows, an id in capitals. The CSV export's SQL finds the same orders.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedOrders } from "@/bench/support/seed-orders";
import { exportOrdersCsv } from "@/lib/console/orders/export-orders";
import { listOrders } from "@/lib/console/orders/list-orders";
import { recognizeSearch } from "@/lib/console/orders/order-search";
import { orderListQuery } from "@/lib/console/request-schemas";
import type { Order } from "@/lib/platform/db";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";

let db: TestDatabase;
let pool: pg.Pool;
let zainab: Order;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedOrders(db.url, 3_000, 150);
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  // One customer as the wallet wrote her: a name with its vowel marks, a masked mobile number.
  zainab = await db.prisma.order.findFirstOrThrow({
    where: { status: "PAID" },
    orderBy: { createdAt: "desc" },
  });
  await db.prisma.customer.update({
    where: { id: zainab.customerId },
    data: {
      profile: {
        userName: { fullName: "زَيْنَب المُوسَوِيّ" },
        contactInfos: [{ contactType: "MOBILE_PHONE", contactNo: "+964****8719" }],
      },
    },
  });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const WITH_PEOPLE = { people: true };

async function found(q: string) {
  const page = await listOrders(db.prisma, orderListQuery.parse({ q, limit: "200" }), { withPeople: true });
  return page;
}

async function exportedIds(q: string): Promise<string[]> {
  const csv = await new Response(
    exportOrdersCsv(db.prisma, pool, orderListQuery.parse({ q }), { withPeople: true }),
  ).text();
  return csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .slice(1)
    .map((line) => line.split(",")[0] as string);
}

describe("the search box", () => {
  it.each([
    ["her name without vowel marks", "زينب الموسوي"],
    ["part of her name, with a different alef", "موسوي"],
    ["her phone's end typed on an Arabic keyboard", "٠٧٧٠ ١٢٣ ٨٧١٩"],
    ["her phone with the country code", "+964 770 123 8719"],
  ])("finds her orders by %s", async (_how, q) => {
    const page = await found(q);
    expect(page.match?.kind).toBe("customers");
    expect(page.orders.map((order) => order.id)).toContain(zainab.id);
    expect(page.orders.find((order) => order.id === zainab.id)?.person).toMatchObject({
      name: "زَيْنَب المُوسَوِيّ",
      phone: "+964****8719",
      initials: "زا",
    });
    expect(await exportedIds(q)).toEqual(page.orders.map((order) => order.id));
  });

  it("finds Latin names without regard to case or accents", async () => {
    await db.prisma.customer.update({
      where: { id: zainab.customerId },
      data: { profile: { userName: { fullName: "Zaïnab Al-Mousawi" } } },
    });
    try {
      for (const q of ["zainab", "ZAÏNAB al-mousawi", "mousawi"]) {
        expect(
          (await found(q)).orders.map((order) => order.id),
          q,
        ).toContain(zainab.id);
      }
    } finally {
      await db.prisma.customer.update({
        where: { id: zainab.customerId },
        data: {
          profile: {
            userName: { fullName: "زَيْنَب المُوسَوِيّ" },
            contactInfos: [{ contactType: "MOBILE_PHONE", contactNo: "+964****8719" }],
          },
        },
      });
    }
  });

  it.each(["12000", "12,000", "١٢٬٠٠٠", "12000 IQD", "١٢٠٠٠ د.ع"])(
    "finds orders of an amount: %s",
    async (q) => {
      const page = await found(q);
      expect(page.match).toEqual({ kind: "amount", amountFils: 12_000_000n, by: "amount" });
      expect(page.orders.length).toBeGreaterThan(0);
      expect(page.orders.every((order) => order.amountFils === 12_000_000n)).toBe(true);
      expect(await exportedIds(q)).toEqual(page.orders.map((order) => order.id));
    },
  );

  it("finds an order by the short id a list shows, with or without its ellipsis, in any case", async () => {
    const short = zainab.id.slice(-8);
    for (const q of [short, `…${short}`, short.toUpperCase()]) {
      const page = await found(q);
      expect(page.match).toMatchObject({ kind: "orders", by: "shortId" });
      expect(page.orders.map((order) => order.id)).toEqual([zainab.id]);
    }
  });

  it("finds ids in capitals, as a phone keyboard types them", async () => {
    expect(await recognizeSearch(db.prisma, zainab.id.toUpperCase(), WITH_PEOPLE)).toEqual({
      kind: "order",
      orderId: zainab.id,
      by: "orderId",
    });
    expect(
      await recognizeSearch(db.prisma, zainab.paymentRequestId.replace("pay_", "Pay_"), WITH_PEOPLE),
    ).toMatchObject({
      kind: "order",
      orderId: zainab.id,
    });
  });

  it("says nothing matches, and takes LIKE's own characters literally", async () => {
    expect(await recognizeSearch(db.prisma, "نص لا يطابق شيئا", WITH_PEOPLE)).toEqual({ kind: "none" });
    expect(await recognizeSearch(db.prisma, "%%", WITH_PEOPLE)).toEqual({ kind: "none" });
    expect(await recognizeSearch(db.prisma, "a_c", WITH_PEOPLE)).toEqual({ kind: "none" });
  });
});
