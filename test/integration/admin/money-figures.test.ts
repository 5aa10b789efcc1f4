// The dashboard's money of a day, on a real database, Redis and the sandbox, for a day that has
// everything a shop's day can: a cashier payment refunded in part, an escrow payment cancelled and
// returned, one still held, one released by its customer. Each figure equals a reference written
// here in plain SQL from the wallet's own records (the notifications it sent and the operations and
// refunds it confirmed), and the order list's `money` filter lists exactly the orders behind it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDashboard } from "@/lib/console/dashboard";
import { moneyFigures } from "@/lib/console/money-figures";
import { dayRange, listOrders } from "@/lib/console/orders/list-orders";
import { orderListQuery } from "@/lib/console/request-schemas";
import { getServiceContext } from "@/lib/platform/context/service-context";
import { baghdadDate } from "@/lib/platform/time/baghdad-day";
import { clearOfBaghdadMidnight } from "@/test/support/clock";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";

let app: RouteHarness;
let finance: TestOperator;
const orders = {} as Record<"refundedInPart" | "cancelled" | "held" | "released", string>;
let today: string;

function act(orderId: string, action: string, json: unknown) {
  return app.call("POST", `/api/admin/orders/${orderId}/${action}`, {
    headers: { ...finance.browser(app.url), "Idempotency-Key": crypto.randomUUID() },
    json,
  });
}

beforeAll(async () => {
  // The whole file adds up one day: it must not start within two minutes of Baghdad's midnight.
  await clearOfBaghdadMidnight(120_000);
  today = baghdadDate(new Date());
  app = await startRouteHarness();
  await app.sandbox.settings({ refundDelaySeconds: 0 });
  finance = await createTestOperator(app.db.prisma, "FINANCE");
  // 12,000 paid at the cashier, 5,000 of it refunded.
  orders.refundedInPart = (await app.paidOrder("CASHIER", "DATES")).orderId;
  expect((await act(orders.refundedInPart, "refunds", { amount: "5000000", reason: "one box" })).status).toBe(
    200,
  );
  // 15,000 into escrow, cancelled: returned to the customer.
  orders.cancelled = (await app.paidOrder("ESCROW", "MUG")).orderId;
  expect((await act(orders.cancelled, "cancel", {})).status).toBe(200);
  // 6,000 into escrow, still held.
  orders.held = (await app.paidOrder("ESCROW", "KLEICHA")).orderId;
  // 2,500 into escrow, accepted, released by the customer.
  const released = await app.paidOrder("ESCROW", "COFFEE");
  orders.released = released.orderId;
  expect((await act(orders.released, "accept", {})).status).toBe(200);
  const confirmed = await app.call("POST", `/api/mini/orders/${released.orderId}/confirm-receipt`, {
    headers: { Authorization: `Bearer ${released.sessionToken}`, "Idempotency-Key": crypto.randomUUID() },
  });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
}, 300_000);
afterAll(() => app?.close());

/** The same figures from first principles: what the wallet reported and confirmed, in plain SQL. */
async function reference(from: Date, to: Date) {
  const [row] = await app.db.prisma.$queryRaw<Record<string, bigint>[]>`
    SELECT
      (SELECT coalesce(sum(amount_fils), 0) FROM orders
        WHERE flow IN ('CASHIER', 'AGREEMENT') AND status = 'PAID' AND paid_at >= ${from} AND paid_at < ${to})::bigint AS paid,
      (SELECT coalesce(sum(o.amount_fils), 0) FROM orders o
        WHERE o.status = 'CONFIRMED' AND EXISTS (SELECT 1 FROM escrow_operations e WHERE e.order_id = o.id
              AND e.type = 'CONFIRM' AND e.status = 'SUCCESS' AND e.completed_at >= ${from} AND e.completed_at < ${to}))::bigint AS released,
      (SELECT coalesce(sum(amount_fils), 0) FROM refunds
        WHERE status = 'SUCCESS' AND refunded_at >= ${from} AND refunded_at < ${to})::bigint AS refunded,
      (SELECT coalesce(sum(amount_fils), 0) FROM orders
        WHERE flow = 'ESCROW' AND paid_at >= ${from} AND paid_at < ${to})::bigint AS taken,
      (SELECT coalesce(sum(amount_fils), 0) FROM orders WHERE status = 'CANCELLED')::bigint AS returned,
      (SELECT coalesce(sum(amount_fils), 0) FROM orders WHERE flow = 'ESCROW' AND status IN ('PAID', 'ACCEPTED'))::bigint AS held`;
  return row as Record<string, bigint>;
}

async function listed(money: string): Promise<string[]> {
  const page = await listOrders(
    app.db.prisma,
    orderListQuery.parse({ money, from: today, to: today, limit: "200" }),
  );
  return page.orders.map((order) => order.id).sort();
}

describe("the money of a day", () => {
  it("counts a cancelled escrow order and held escrow out of what the shop received, and today's refunds in", async () => {
    const range = dayRange({ from: today, to: today });
    const figures = await moneyFigures(getServiceContext(), range);
    const expected = await reference(range.from, range.to);
    expect(figures.paid.amountFils).toBe(expected.paid);
    expect(figures.released.amountFils).toBe(expected.released);
    expect(figures.refunded.amountFils).toBe(expected.refunded);
    expect(figures.taken.amountFils).toBe(expected.taken);
    expect(figures.returned.amountFils).toBe(expected.returned);
    expect(figures.held.amountFils).toBe(expected.held);
    // And in numbers a shop would check by hand.
    expect(figures.paid.amountFils).toBe(12_000_000n);
    expect(figures.released.amountFils).toBe(2_500_000n);
    expect(figures.refunded).toEqual({ count: 1, amountFils: 5_000_000n });
    expect(figures.net.amountFils).toBe(9_500_000n);
    expect(figures.taken.amountFils).toBe(23_500_000n);
    expect(figures.returned.amountFils).toBe(15_000_000n);
    expect(figures.held).toEqual({ count: 1, amountFils: 6_000_000n });

    const dashboard = await getDashboard(getServiceContext(), async () => [], range);
    expect(dashboard.money.net.amountFils).toBe(9_500_000n);
  });

  it("lists exactly the orders behind each figure", async () => {
    expect(await listed("paid")).toEqual([orders.refundedInPart]);
    expect(await listed("refunded")).toEqual([orders.refundedInPart]);
    expect(await listed("released")).toEqual([orders.released]);
    expect(await listed("returned")).toEqual([orders.cancelled]);
    expect(await listed("held")).toEqual([orders.held]);
    expect(await listed("taken")).toEqual([orders.cancelled, orders.held, orders.released].sort());
  });

  it("is empty for a day with nothing, and the API takes a range", async () => {
    const figures = await moneyFigures(
      getServiceContext(),
      dayRange({ from: "2020-01-01", to: "2020-01-31" }),
    );
    expect(figures.net.amountFils).toBe(0n);
    const answer = await app.call("GET", `/api/admin/dashboard?from=${today}&to=${today}`, {
      headers: finance.script(),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ money: { net: { amountFils: "9500000" } } });
  });

  it("does not list an escrow order as waiting to be accepted once its accept was sent", async () => {
    const waiting = (await app.paidOrder("ESCROW", "TEA")).orderId;
    const before = await getDashboard(getServiceContext(), async () => []);
    expect(before.attention.awaitingAccept.orders.map((order) => order.id)).toContain(waiting);
    // The accept went out and its answer was lost: reconciliation owns it now, not the operator.
    await app.db.prisma.escrowOperation.create({
      data: {
        orderId: waiting,
        type: "ACCEPT",
        requestId: `accept_${crypto.randomUUID()}`,
        status: "UNKNOWN",
        requestedBy: "operator:x",
      },
    });
    const after = await getDashboard(getServiceContext(), async () => []);
    expect(after.attention.awaitingAccept.orders.map((order) => order.id)).not.toContain(waiting);
    expect(after.attention.awaitingAccept.count).toBe(before.attention.awaitingAccept.count - 1);
  });
});
