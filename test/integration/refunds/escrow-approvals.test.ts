// Escrow cancel and void give held money back to the customer as a refund gives captured money back,
// so they are held to the same refund limits and the same four eyes — through the console's API, on
// a real database, Redis and the wallet sandbox. An escrow desk role refunds, cancels and voids up
// to 5,000 IQD each and 8,000 IQD a day on its own; above that a cancel or void waits as a request
// (kind CANCEL / VOID) that only another operator's approval sends, once; the requester cannot
// approve it; a rejection sends nothing; refunds, cancels and voids add up in one daily total.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearOfBaghdadMidnight } from "@/test/support/clock";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";

let app: RouteHarness;
let finance: TestOperator;

const DESK_ROLE = "ESCROW_DESK";

beforeAll(async () => {
  app = await startRouteHarness();
  await app.sandbox.settings({ refundDelaySeconds: 0 });
  await app.db.prisma.role.create({
    data: {
      key: DESK_ROLE,
      name: "Escrow desk",
      permissions: ["orders.read", "orders.refund", "escrow.act", "refunds.approve"],
      refundLimitFils: 5_000_000n,
      dailyRefundLimitFils: 8_000_000n,
    },
  });
  finance = await createTestOperator(app.db.prisma, "FINANCE");
});
afterAll(() => app?.close());
restoreSandboxAfterEach(() => app?.sandbox);

/** A desk operator of their own per test: the daily limit counts per operator. */
const newDesk = () => createTestOperator(app.db.prisma, DESK_ROLE);

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

function act(
  who: TestOperator,
  orderId: string,
  action: "accept" | "cancel" | "void" | "refunds",
  body = {},
) {
  return app.call("POST", `/api/admin/orders/${orderId}/${action}`, {
    headers: { ...who.browser(app.url), "Idempotency-Key": crypto.randomUUID() },
    json: body,
  });
}

function decide(who: TestOperator, requestId: string, decision: "approve" | "reject") {
  return app.call("POST", `/api/admin/refund-requests/${requestId}/${decision}`, {
    headers: who.browser(app.url),
    json: {},
  });
}

/** The wallet calls of an operation made for an order (every send, retries included). */
function walletCalls(orderId: string, operation: "cancel" | "void" | "refund"): Promise<number> {
  return app.db.prisma.walletCall.count({ where: { orderId, operation } });
}

async function orderStatus(orderId: string) {
  return app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
}

/** An escrow order of `sku`, paid, and accepted by the finance operator (void needs it accepted). */
async function acceptedEscrow(sku: string): Promise<string> {
  const { orderId } = await app.paidOrder("ESCROW", sku);
  expect((await act(finance, orderId, "accept")).status).toBe(200);
  return orderId;
}

interface Waiting {
  action: string;
  state: string;
  request: { id: string; kind: string; amountFils: string; status: string };
}

describe("escrow cancel", () => {
  it("within the operator's limits is sent at once", async () => {
    const desk = await newDesk();
    const { orderId } = await app.paidOrder("ESCROW", "COFFEE"); // 2,500 IQD
    const cancelled = await act(desk, orderId, "cancel");
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toMatchObject({
      action: "cancel",
      state: "DONE",
      order: { status: "CANCELLED" },
    });
    expect(await walletCalls(orderId, "cancel")).toBe(1);
  });

  it("above them waits for another operator: nothing is sent, the requester cannot approve, a second operator's approval cancels once", async () => {
    const desk = await newDesk();
    const { orderId } = await app.paidOrder("ESCROW", "KLEICHA"); // 6,000 IQD: above 5,000 each
    const asked = await act(desk, orderId, "cancel");
    expect(asked.status).toBe(202);
    const answer = await json<Waiting>(asked);
    expect(answer).toMatchObject({
      action: "cancel",
      state: "AWAITING_APPROVAL",
      request: { kind: "CANCEL", amountFils: "6000000", status: "PENDING" },
    });
    expect(await walletCalls(orderId, "cancel")).toBe(0);
    expect((await orderStatus(orderId)).status).toBe("PAID");
    // While it waits, no other cancel or void of the order goes ahead, and the refundable money
    // is untouched (a cancel reserves no refund).
    expect((await act(finance, orderId, "cancel")).status).toBe(409);
    expect((await orderStatus(orderId)).refundedFils).toBe(0n);

    const own = await decide(desk, answer.request.id, "approve");
    expect(own.status).toBe(403);
    expect((await json<{ error: { message: string } }>(own)).error.message).toMatch(/cancel/);
    expect(await walletCalls(orderId, "cancel")).toBe(0);

    const [first, second] = await Promise.all([
      decide(finance, answer.request.id, "approve"),
      decide(finance, answer.request.id, "approve"),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const approved = await json<{ request: { status: string }; operation: { id: string; status: string } }>(
      first.status === 200 ? first : second,
    );
    expect(approved).toMatchObject({
      request: { status: "APPROVED" },
      operation: { id: answer.request.id, status: "SUCCESS" },
    });
    expect((await orderStatus(orderId)).status).toBe("CANCELLED");
    expect(await walletCalls(orderId, "cancel")).toBe(1);
    const operation = await app.db.prisma.escrowOperation.findUniqueOrThrow({
      where: { id: answer.request.id },
    });
    expect(operation).toMatchObject({ type: "CANCEL", requestedBy: `operator:${desk.id}` });
  });
});

describe("escrow void", () => {
  it("within the limits is sent at once; above them it waits, and the approval voids that amount", async () => {
    const desk = await newDesk();
    const orderId = await acceptedEscrow("MUG"); // 15,000 IQD held
    const small = await act(desk, orderId, "void", { amount: "3000000" });
    expect(small.status).toBe(200);
    expect(await json(small)).toMatchObject({
      state: "DONE",
      order: { status: "ACCEPTED", voidedFils: "3000000" },
    });

    const large = await act(desk, orderId, "void", { amount: "6000000" });
    expect(large.status).toBe(202);
    const answer = await json<Waiting>(large);
    expect(answer).toMatchObject({ action: "void", state: "AWAITING_APPROVAL", request: { kind: "VOID" } });
    expect(answer.request.amountFils).toBe("6000000");
    expect(await walletCalls(orderId, "void")).toBe(1);

    expect((await decide(desk, answer.request.id, "approve")).status).toBe(403);
    const approved = await decide(finance, answer.request.id, "approve");
    expect(approved.status).toBe(200);
    expect(await walletCalls(orderId, "void")).toBe(2);
    expect((await orderStatus(orderId)).voidedFils).toBe(9_000_000n);
  });

  it("everything still held, asked without an amount, is the amount the limits see", async () => {
    const desk = await newDesk();
    const orderId = await acceptedEscrow("KLEICHA"); // 6,000 IQD held
    const all = await act(desk, orderId, "void");
    expect(all.status).toBe(202);
    expect(await json(all)).toMatchObject({ request: { kind: "VOID", amountFils: "6000000" } });
    expect(await walletCalls(orderId, "void")).toBe(0);
  });

  it("a rejected request sends nothing; the money stays held and can be voided again", async () => {
    const desk = await newDesk();
    const orderId = await acceptedEscrow("DATES"); // 12,000 IQD held
    const asked = await json<Waiting>(await act(desk, orderId, "void", { amount: "7000000" }));
    expect(asked.state).toBe("AWAITING_APPROVAL");
    const rejected = await decide(finance, asked.request.id, "reject");
    expect(rejected.status).toBe(200);
    expect(await walletCalls(orderId, "void")).toBe(0);
    const order = await orderStatus(orderId);
    expect(order).toMatchObject({ status: "ACCEPTED", voidedFils: 0n, refundedFils: 0n });
    expect((await act(finance, orderId, "void", { amount: "7000000" })).status).toBe(200);
  });
});

describe("one daily limit for refunds, cancels and voids", () => {
  it("what was cancelled and voided counts against the day's refunds, and the other way round", async () => {
    await clearOfBaghdadMidnight(60_000);
    const desk = await newDesk();
    const coffee = await app.paidOrder("ESCROW", "COFFEE"); // 2,500
    expect((await act(desk, coffee.orderId, "cancel")).status).toBe(200); // today: 2,500
    const mug = await acceptedEscrow("MUG");
    expect((await act(desk, mug, "void", { amount: "3000000" })).status).toBe(200); // today: 5,500
    // A refund of 3,000 would make 8,500: above the day's 8,000, it waits.
    const cashier = await app.paidOrder("CASHIER", "DATES");
    const refund = await act(desk, cashier.orderId, "refunds", { amount: "3000000", reason: "returned" });
    expect(refund.status).toBe(202);
    expect(await json(refund)).toMatchObject({ state: "AWAITING_APPROVAL", request: { kind: "REFUND" } });
    // 2,000 fits (7,500); then a cancel of 2,500 would make 10,000, and waits too.
    const fits = await act(desk, cashier.orderId, "refunds", { amount: "2000000", reason: "returned" });
    expect([200, 202]).toContain(fits.status);
    expect(await json(fits)).not.toMatchObject({ state: "AWAITING_APPROVAL" });
    const second = await app.paidOrder("ESCROW", "COFFEE");
    const cancel = await act(desk, second.orderId, "cancel");
    expect(cancel.status).toBe(202);
    expect(await json(cancel)).toMatchObject({ state: "AWAITING_APPROVAL", request: { kind: "CANCEL" } });
    expect(await walletCalls(second.orderId, "cancel")).toBe(0);
    // What another operator approved was their decision: approving it lets the desk go on.
    const request = await app.db.prisma.refundRequest.findFirstOrThrow({
      where: { orderId: second.orderId },
    });
    expect((await decide(finance, request.id, "approve")).status).toBe(200);
    const tea = await app.paidOrder("ESCROW", "TEA"); // 1,000 → 8,500: still above
    expect((await act(desk, tea.orderId, "cancel")).status).toBe(202);
  });
});

describe("where the requests are seen", () => {
  it("the approvals list and the order's page carry the kind of each request", async () => {
    const desk = await newDesk();
    const { orderId } = await app.paidOrder("ESCROW", "DATES");
    const asked = await json<Waiting>(await act(desk, orderId, "cancel"));
    const list = await json<{ requests: { id: string; kind: string }[] }>(
      await app.call("GET", "/api/admin/refund-requests", { headers: finance.script() }),
    );
    expect(list.requests.find((request) => request.id === asked.request.id)).toMatchObject({
      kind: "CANCEL",
    });
    const detail = await json<{
      order: { refundRequests: { id: string; kind: string }[] };
      actions: { action: string }[];
    }>(await app.call("GET", `/api/admin/orders/${orderId}`, { headers: finance.script() }));
    expect(detail.order.refundRequests).toEqual([
      expect.objectContaining({ id: asked.request.id, kind: "CANCEL" }),
    ]);
    // While it waits the page offers no other cancel or void.
    expect(detail.actions.map((action) => action.action)).not.toContain("cancel");
  });
});
