// Four eyes on refunds, through the console's API on a real database, Redis and the wallet sandbox:
// a Support operator's refund above the role's limit waits as a request that reserves its amount;
// only another operator's approval sends it, once, however many approve at the same moment; the
// requester cannot approve it; a rejection makes the amount refundable again; the daily limit
// counts what the operator refunded on their own that day.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearOfBaghdadMidnight } from "@/test/support/clock";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";

let app: RouteHarness;
let support: TestOperator;
let finance: TestOperator;
let secondFinance: TestOperator;

beforeAll(async () => {
  app = await startRouteHarness();
  await app.sandbox.settings({ refundDelaySeconds: 0 });
  // Support refunds up to 5,000 IQD each and 8,000 IQD a day on their own.
  await app.db.prisma.role.update({
    where: { key: "SUPPORT" },
    data: { refundLimitFils: 5_000_000n, dailyRefundLimitFils: 8_000_000n },
  });
  [support, finance, secondFinance] = await Promise.all([
    createTestOperator(app.db.prisma, "SUPPORT"),
    createTestOperator(app.db.prisma, "FINANCE"),
    createTestOperator(app.db.prisma, "FINANCE"),
  ]);
});
afterAll(() => app?.close());
restoreSandboxAfterEach(() => app?.sandbox);

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

function refund(who: TestOperator, orderId: string, amount: string) {
  return app.call("POST", `/api/admin/orders/${orderId}/refunds`, {
    headers: { ...who.browser(app.url), "Idempotency-Key": crypto.randomUUID() },
    json: { amount, reason: "returned" },
  });
}

function decide(who: TestOperator, requestId: string, decision: "approve" | "reject", note?: string) {
  return app.call("POST", `/api/admin/refund-requests/${requestId}/${decision}`, {
    headers: who.browser(app.url),
    json: note ? { note } : {},
  });
}

/** The wallet refund calls made for an order (every send, retries included). */
async function walletRefundCalls(orderId: string): Promise<number> {
  return app.db.prisma.walletCall.count({ where: { orderId, operation: "refund" } });
}

describe("a refund above the role's limit", () => {
  it("waits as a request reserving its amount; the requester cannot approve it; another operator's approval refunds it", async () => {
    const { orderId } = await app.paidOrder("CASHIER", "DATES"); // 12,000 IQD
    const asked = await refund(support, orderId, "10000000");
    expect(asked.status).toBe(202);
    const answer = await json<{ state: string; request: { id: string; status: string } }>(asked);
    expect(answer).toMatchObject({ state: "AWAITING_APPROVAL", request: { status: "PENDING" } });
    expect(await walletRefundCalls(orderId)).toBe(0);

    // The reservation counts: only 2,000 IQD is left to refund, by anyone.
    const tooMuch = await refund(finance, orderId, "3000000");
    expect(tooMuch.status).toBe(422);
    expect((await json<{ error: { code: string } }>(tooMuch)).error.code).toBe("AMOUNT_EXCEEDS_REMAINING");

    const own = await decide(support, answer.request.id, "approve");
    expect(own.status).toBe(403);

    const approved = await decide(finance, answer.request.id, "approve", "box checked");
    expect(approved.status).toBe(200);
    const body = await json<{
      request: { status: string; decidedBy: string };
      refund: { id: string; status: string };
    }>(approved);
    expect(body.request).toMatchObject({ status: "APPROVED", decidedBy: `operator:${finance.id}` });
    expect(body.refund).toMatchObject({ id: answer.request.id, status: "SUCCESS" });
    expect(await walletRefundCalls(orderId)).toBe(1);

    const again = await decide(secondFinance, answer.request.id, "approve");
    expect(again.status).toBe(409);
    expect(await walletRefundCalls(orderId)).toBe(1);

    // Both people are on the order's timeline and in the audit log.
    const events = await app.db.prisma.orderEvent.findMany({
      where: { orderId },
      orderBy: { createdAt: "asc" },
    });
    const refundEvents = events.filter((event) => event.type.startsWith("REFUND_"));
    // The approval's two events share its transaction's time: compared without their order.
    expect(refundEvents.map((event) => `${event.type} ${event.actor}`).sort()).toEqual(
      [
        `REFUND_APPROVAL_REQUESTED operator:${support.id}`,
        `REFUND_REQUESTED operator:${support.id}`,
        `REFUND_APPROVED operator:${finance.id}`,
        "REFUND_SUCCESS wallet",
      ].sort(),
    );
    const audits = await app.db.prisma.auditEntry.findMany({
      where: { orderId },
      orderBy: { createdAt: "asc" },
    });
    expect(audits.map((entry) => [entry.action, entry.operatorId])).toEqual([
      ["order.refund-request", support.id],
      ["refund-request.approve", finance.id],
    ]);
  });

  it("is approved once when two operators approve it at the same moment", async () => {
    const { orderId } = await app.paidOrder("CASHIER", "MUG"); // 15,000 IQD
    const asked = await json<{ request: { id: string } }>(await refund(support, orderId, "15000000"));
    const answers = await Promise.all([
      decide(finance, asked.request.id, "approve"),
      decide(secondFinance, asked.request.id, "approve"),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await walletRefundCalls(orderId)).toBe(1);
    const order = await app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order.refundedFils).toBe(15_000_000n);
  });

  it("rejected (or withdrawn by its requester), leaves its amount refundable again and calls nobody", async () => {
    const { orderId } = await app.paidOrder("CASHIER", "DATES");
    const first = await json<{ request: { id: string } }>(await refund(support, orderId, "12000000"));
    const rejected = await decide(finance, first.request.id, "reject", "only one item came back");
    expect(rejected.status).toBe(200);
    expect(await json(rejected)).toMatchObject({
      status: "REJECTED",
      decisionNote: "only one item came back",
    });

    const second = await json<{ request: { id: string } }>(await refund(support, orderId, "12000000"));
    const withdrawn = await decide(support, second.request.id, "reject");
    expect(withdrawn.status).toBe(200);
    expect(await walletRefundCalls(orderId)).toBe(0);
    const order = await app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order.refundedFils).toBe(0n);
    expect((await decide(finance, second.request.id, "approve")).status).toBe(409);
  });

  it("counts the day: small refunds go straight through until the daily limit, then wait", {
    timeout: 90_000,
  }, async () => {
    await clearOfBaghdadMidnight(30_000);
    const cashier = await createTestOperator(app.db.prisma, "SUPPORT");
    const { orderId } = await app.paidOrder("CASHIER", "MUG");
    const first = await refund(cashier, orderId, "5000000");
    expect((await json(first)).state).toBe("DONE");
    const second = await refund(cashier, orderId, "3000000");
    expect((await json(second)).state).toBe("DONE");
    const third = await refund(cashier, orderId, "1000000");
    expect(third.status).toBe(202);
    expect((await json(third)).state).toBe("AWAITING_APPROVAL");
  });

  it("is listed for approvers, oldest first, and a Viewer cannot approve", async () => {
    const { orderId } = await app.paidOrder("CASHIER", "KLEICHA");
    const asked = await json<{ request: { id: string } }>(await refund(support, orderId, "6000000"));
    const listed = await json<{ requests: { id: string; order: { id: string } }[] }>(
      await app.call("GET", "/api/admin/refund-requests", { headers: finance.script() }),
    );
    expect(listed.requests.map((request) => request.id)).toContain(asked.request.id);
    const viewer = await createTestOperator(app.db.prisma, "VIEWER");
    expect((await decide(viewer, asked.request.id, "approve")).status).toBe(403);
    expect((await decide(viewer, asked.request.id, "reject")).status).toBe(403);
  });
});
