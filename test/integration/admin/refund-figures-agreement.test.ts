// One definition of "refunded", on a day that has every kind of refund a shop sees: one the wallet
// confirmed (10,000 IQD), one waiting for a second operator's approval (40,000), one the wallet
// refused (15,000) and two in flight (processing 20,000; unknown 25,000). The order list, its
// `refunded` filter, the dashboard's money figure, the CSV export, the customer page and the mini
// program's order view must all say 10,000 refunded — and name the awaiting and in-flight amounts
// apart, never inside "refunded". Real PostgreSQL, Redis and the wallet sandbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCustomerDetail } from "@/lib/console/customer-detail";
import { getDashboard } from "@/lib/console/dashboard";
import { dayRange, listOrders } from "@/lib/console/orders/list-orders";
import { orderListQuery } from "@/lib/console/request-schemas";
import { getServiceContext } from "@/lib/platform/context/service-context";
import { baghdadDate } from "@/lib/platform/time/baghdad-day";
import { clearOfBaghdadMidnight } from "@/test/support/clock";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { waitUntil } from "@/test/support/wait";

let app: RouteHarness;
let finance: TestOperator;
let support: TestOperator;
let today: string;
const orders = {} as Record<"done" | "awaiting" | "failed" | "processing" | "unknown", string>;
const sessions = {} as Record<keyof typeof orders, string>;

/** Asks for a refund as `who`; the answer is 200 (done), 202 (waiting: approval or the wallet) or 422. */
async function refund(who: TestOperator, orderId: string, amount: string, expected: 200 | 202 | 422) {
  const answer = await app.call("POST", `/api/admin/orders/${orderId}/refunds`, {
    headers: { ...who.browser(app.url), "Idempotency-Key": crypto.randomUUID() },
    json: { amount, reason: "returned" },
  });
  expect(answer.status, await answer.clone().text()).toBe(expected);
}

beforeAll(async () => {
  await clearOfBaghdadMidnight(180_000);
  today = baghdadDate(new Date());
  app = await startRouteHarness();
  finance = await createTestOperator(app.db.prisma, "FINANCE");
  // SUPPORT refunds up to 25,000 IQD on their own: 40,000 waits for approval.
  support = await createTestOperator(app.db.prisma, "SUPPORT");
  for (const name of Object.keys({
    done: 0,
    awaiting: 0,
    failed: 0,
    processing: 0,
    unknown: 0,
  }) as (keyof typeof orders)[]) {
    // Four mugs each: 60,000 IQD.
    const paid = await app.paidOrder("CASHIER", "MUG", 4);
    orders[name] = paid.orderId;
    sessions[name] = paid.sessionToken;
  }
  await app.sandbox.settings({ refundDelaySeconds: 0 });
  await refund(finance, orders.done, "10000000", 200);
  await refund(support, orders.awaiting, "40000000", 202);
  await app.sandbox.setFault("refund", "REFUND_FAIL");
  await refund(finance, orders.failed, "15000000", 422);
  await app.sandbox.settings({ refundDelaySeconds: 3600 });
  await refund(finance, orders.processing, "20000000", 202);
  await app.sandbox.setFault("refund", "U");
  await refund(finance, orders.unknown, "25000000", 202);
  const statuses = await app.db.prisma.refund.findMany({ select: { orderId: true, status: true } });
  expect(Object.fromEntries(statuses.map((row) => [row.orderId, row.status]))).toEqual({
    [orders.done]: "SUCCESS",
    [orders.failed]: "FAIL",
    [orders.processing]: "PROCESSING",
    [orders.unknown]: "UNKNOWN",
  });
  expect(
    await app.db.prisma.refundRequest.count({ where: { orderId: orders.awaiting, status: "PENDING" } }),
  ).toBe(1);
}, 300_000);
afterAll(() => app?.close());

async function listed(query: Record<string, string>) {
  const page = await listOrders(
    app.db.prisma,
    orderListQuery.parse({ from: today, to: today, limit: "200", ...query }),
  );
  return page.orders;
}

/** The CSV export of the day (optionally filtered), as rows keyed by column name. */
async function exported(query = ""): Promise<Record<string, string>[]> {
  const answer = await app.call("GET", `/api/admin/orders/export?from=${today}&to=${today}${query}`, {
    headers: finance.script(),
  });
  expect(answer.status).toBe(200);
  const [header, ...lines] = (await answer.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  const columns = (header as string).split(",");
  // No cell of these rows holds a comma but the items', which come after every amount column.
  return lines.map((line) => Object.fromEntries(line.split(",").map((cell, i) => [columns[i], cell])));
}

const sumOf = (rows: Record<string, string>[], column: string) =>
  rows.reduce((total, row) => total + Number(row[column]), 0);

describe("refunded means what the wallet confirmed, everywhere", () => {
  it("the dashboard, the list's refunded filter, the money filter and the CSV all count 10,000", async () => {
    const dashboard = await getDashboard(
      getServiceContext(),
      async () => [],
      dayRange({ from: today, to: today }),
    );
    expect(dashboard.money.refunded).toEqual({ count: 1, amountFils: 10_000_000n });

    const refunded = await listed({ refunded: "true" });
    expect(refunded.map((order) => order.id)).toEqual([orders.done]);
    expect((await listed({ money: "refunded" })).map((order) => order.id)).toEqual([orders.done]);
    const notRefunded = (await listed({ refunded: "false" })).map((order) => order.id).sort();
    expect(notRefunded).toEqual([orders.awaiting, orders.failed, orders.processing, orders.unknown].sort());

    const csv = await exported();
    expect(csv).toHaveLength(5);
    expect(sumOf(csv, "refunded_iqd")).toBe(10_000);
    expect(sumOf(csv, "refunded_fils")).toBe(10_000_000);
    const filtered = await exported("&refunded=true");
    expect(filtered.map((row) => row.order_id)).toEqual([orders.done]);
    expect(sumOf(filtered, "refunded_iqd")).toBe(Number(dashboard.money.refunded.amountFils / 1000n));
  });

  it("names what awaits approval and what is in flight apart, in the list and the CSV", async () => {
    const rows = new Map((await listed({})).map((order) => [order.id, order]));
    const figures = (id: string) => {
      const row = rows.get(id);
      return [row?.confirmedRefundFils, row?.refundAwaitingApprovalFils, row?.refundInFlightFils];
    };
    expect(figures(orders.done)).toEqual([10_000_000n, 0n, 0n]);
    expect(figures(orders.awaiting)).toEqual([0n, 40_000_000n, 0n]);
    expect(figures(orders.failed)).toEqual([0n, 0n, 0n]);
    expect(figures(orders.processing)).toEqual([0n, 0n, 20_000_000n]);
    expect(figures(orders.unknown)).toEqual([0n, 0n, 25_000_000n]);

    const csv = new Map((await exported()).map((row) => [row.order_id, row]));
    const cells = (id: string) => {
      const row = csv.get(id);
      return [row?.refunded_iqd, row?.refund_awaiting_approval_iqd, row?.refund_in_flight_iqd];
    };
    expect(cells(orders.done)).toEqual(["10000", "0", "0"]);
    expect(cells(orders.awaiting)).toEqual(["0", "40000", "0"]);
    expect(cells(orders.failed)).toEqual(["0", "0", "0"]);
    expect(cells(orders.processing)).toEqual(["0", "0", "20000"]);
    expect(cells(orders.unknown)).toEqual(["0", "0", "25000"]);
  });

  it("the customer page and the mini program's order never call a pending refund refunded", async () => {
    for (const name of ["awaiting", "processing", "unknown", "failed"] as const) {
      const view = await app.call("GET", `/api/mini/orders/${orders[name]}`, {
        headers: { Authorization: `Bearer ${sessions[name]}` },
      });
      expect(((await view.json()) as { refunded: string }).refunded, name).toBe("0");
    }
    const done = await app.call("GET", `/api/mini/orders/${orders.done}`, {
      headers: { Authorization: `Bearer ${sessions.done}` },
    });
    expect(((await done.json()) as { refunded: string }).refunded).toBe("10000000");

    const ctx = getServiceContext();
    const totalsOf = async (id: string) => {
      const order = await app.db.prisma.order.findUniqueOrThrow({ where: { id } });
      return (await getCustomerDetail(ctx, order.customerId, { withPerson: false })).totals;
    };
    expect(await totalsOf(orders.awaiting)).toMatchObject({
      refundedFils: 0n,
      refundAwaitingApprovalFils: 40_000_000n,
      refundInFlightFils: 0n,
    });
    expect(await totalsOf(orders.unknown)).toMatchObject({
      refundedFils: 0n,
      refundInFlightFils: 25_000_000n,
    });
    expect(await totalsOf(orders.done)).toMatchObject({ refundedFils: 10_000_000n, refundInFlightFils: 0n });
  });

  it("refunds in flight become refunded only when the wallet confirms them", async () => {
    // The sandbox finishes both (the unknown answer hid a refund it had taken) and notifies us.
    await app.sandbox.advanceClock(3700);
    await waitUntil(
      async () => {
        await app.sandbox.tick();
        const rows = await app.db.prisma.order.findMany({
          where: { id: { in: [orders.processing, orders.unknown] } },
        });
        return rows.every((row) => row.confirmedRefundFils > 0n);
      },
      { timeoutMs: 20_000, what: "the refunds in flight to be confirmed" },
    );
    const refunded = (await listed({ refunded: "true" })).map((order) => order.id).sort();
    expect(refunded).toEqual([orders.done, orders.processing, orders.unknown].sort());
    const csv = await exported("&refunded=true");
    expect(sumOf(csv, "refunded_iqd")).toBe(55_000);
    expect(sumOf(csv, "refund_in_flight_iqd")).toBe(0);
    // The request still waits for approval: nothing of it is refunded.
    const awaiting = (await listed({})).find((order) => order.id === orders.awaiting);
    expect(awaiting).toMatchObject({ confirmedRefundFils: 0n, refundAwaitingApprovalFils: 40_000_000n });
  });
});
