// The CSV export reads orders with hand-written SQL (for speed) while the list uses Prisma: on the same
// seeded history, every filter and the search must select exactly the same orders in the same order,
// and the export's cells must be the list's values.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedOrders } from "@/bench/support/seed-orders";
import { exportOrdersCsv } from "@/lib/console/orders/export-orders";
import { listOrders } from "@/lib/console/orders/list-orders";
import { orderListQuery } from "@/lib/console/request-schemas";
import { baghdadDate } from "@/lib/platform/time/baghdad-day";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";

let db: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedOrders(db.url, 3_000, 150);
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

async function listed(text: string): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    const page = await listOrders(
      db.prisma,
      orderListQuery.parse({ ...Object.fromEntries(new URLSearchParams(text)), after, limit: "200" }),
    );
    ids.push(...page.orders.map((order) => order.id));
    after = page.nextCursor ?? undefined;
  } while (after);
  return ids;
}

async function exported(text: string): Promise<string[][]> {
  const stream = exportOrdersCsv(
    db.prisma,
    pool,
    orderListQuery.parse(Object.fromEntries(new URLSearchParams(text))),
    { withPeople: false },
  );
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  // UTF-8's byte order mark first, for Excel (Response.text() would drop it, as browsers do).
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = new TextDecoder().decode(bytes);
  return csv.trimEnd().split("\r\n").slice(1).map(parseCsvLine);
}

/** One CSV line (no line breaks inside cells here): quoted cells may hold commas and "". */
function parseCsvLine(line: string): string[] {
  const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? [];
  return cells
    .filter((cell, index) => cell !== "" || index < cells.length - 1)
    .map((cell) => cell.replace(/,$/, ""))
    .map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell));
}

/** A Baghdad date `days` before today: the seeded history is relative to now, and so are these. */
const daysAgo = (days: number) => baghdadDate(new Date(Date.now() - days * 86_400_000));

describe("the export selects what the list selects", () => {
  it.each([
    "",
    "status=PAID",
    "status=PAID&status=ACCEPTED",
    "flow=ESCROW",
    "attention=true",
    "attention=false&flow=AGREEMENT",
    "minAmount=5000000&maxAmount=9000000",
    `from=${daysAgo(180)}&to=${daysAgo(60)}`,
    "money=held",
    "refunded=true",
    "refunded=false&flow=CASHIER",
    "money=paid",
    `money=taken&from=${daysAgo(330)}`,
  ])("filter: %s", async (text) => {
    const ids = await listed(text);
    const rows = await exported(text);
    expect(rows.map((row) => row[0])).toEqual(ids);
    expect(ids.length).toBeGreaterThan(0);
  });

  it("the search: a paymentId, a customer, nothing", async () => {
    const order = await db.prisma.order.findFirstOrThrow({ where: { paymentId: { not: null } } });
    for (const q of [order.paymentId as string, order.customerId, "pay_nothing_like_it"]) {
      expect((await exported(`q=${q}`)).map((row) => row[0])).toEqual(await listed(`q=${q}`));
    }
  });

  it("cells carry the order's values: fils exact, IQD as numbers, products in both languages, Baghdad time", async () => {
    const [row] = await exported("limit=1");
    const order = await db.prisma.order.findUniqueOrThrow({
      where: { id: row?.[0] as string },
      include: { items: { orderBy: { id: "asc" } } },
    });
    expect(row?.[3]).toBe(order.status);
    expect(row?.[5]).toBe(order.amountFils.toString());
    expect(Number(row?.[6]) * 1000).toBe(Number(order.amountFils));
    // Refunded is what the wallet confirmed; awaiting approval and in flight follow, each in fils and IQD.
    expect(row?.[7]).toBe(order.confirmedRefundFils.toString());
    expect(Number(row?.[8]) * 1000).toBe(Number(order.confirmedRefundFils));
    expect(row?.[15]).toBe(order.items.map((item) => `${item.name} × ${item.quantity}`).join("; "));
    expect(row?.[16]).toBe(
      order.items.map((item) => `${item.nameArabic ?? item.name} × ${item.quantity}`).join("؛ "),
    );
    const baghdad = new Date(order.createdAt.getTime() + 3 * 3_600_000)
      .toISOString()
      .slice(0, 19)
      .replace("T", " ");
    expect(row?.[2]).toBe(baghdad);
  });
});
