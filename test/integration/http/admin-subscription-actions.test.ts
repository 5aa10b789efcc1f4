// The operator's actions on subscriptions through /api/admin/subscriptions/{id}/…: who may do what,
// cancel now against cancel at the period's end, "charge now" never charging a period twice (clicked
// twice, at once or one after the other), and a period's refund above the operator's limit waiting
// for another operator's approval.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definePlan } from "@/lib/payments/subscriptions/plans";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { chargeOpenPeriodNow, subscribeThroughRoutes } from "@/test/support/route-subscriptions";

let app: RouteHarness;
let planId: string;
let viewer: TestOperator;
let support: TestOperator;
let finance: TestOperator;

// Above Support's 25,000 IQD per refund: a whole period's refund by Support needs an approval.
const PRICE = 30_000_000n;

beforeAll(async () => {
  app = await startRouteHarness();
  await app.sandbox.settings({ refundDelaySeconds: 0 });
  planId = (
    await definePlan(app.db.prisma, {
      sku: "GYM-MONTH",
      name: "Gym",
      nameArabic: "النادي الرياضي",
      priceFils: PRICE,
      intervalUnit: "MONTH",
    })
  ).id;
  [viewer, support, finance] = await Promise.all([
    createTestOperator(app.db.prisma, "VIEWER"),
    createTestOperator(app.db.prisma, "SUPPORT"),
    createTestOperator(app.db.prisma, "FINANCE"),
  ]);
});
afterAll(() => app?.close());

function post(who: TestOperator, path: string, json: unknown, key: string = crypto.randomUUID()) {
  return app.call("POST", path, { headers: { ...who.script(), "Idempotency-Key": key }, json });
}

const state = (id: string) =>
  app.db.prisma.subscription.findUniqueOrThrow({
    where: { id },
    include: { periods: { orderBy: { number: "asc" } } },
  });

/** What the wallet really took for each period of a subscription. */
async function walletSuccesses(subscriptionId: string) {
  const payments = await app.sandbox.control<{ paymentRequestId: string; status: string }[]>(
    "GET",
    `/sandbox/payments?clientId=${encodeURIComponent(app.sandbox.merchant.clientId)}`,
  );
  const prefix = `sub_${subscriptionId.replaceAll("-", "")}_`;
  return payments
    .filter((payment) => payment.paymentRequestId.startsWith(prefix) && payment.status === "SUCCESS")
    .map((payment) => Number(payment.paymentRequestId.slice(prefix.length).split("_")[0]))
    .sort();
}

describe("permissions", () => {
  it("a viewer changes nothing; Support pauses and cancels but may not charge now", async () => {
    const { subscriptionId: id } = await subscribeThroughRoutes(app, planId);
    for (const action of ["pause", "resume", "cancel", "retry"]) {
      const body =
        action === "cancel"
          ? { atPeriodEnd: false }
          : action === "retry"
            ? { period: 2, attemptsSeen: 0 }
            : {};
      expect((await post(viewer, `/api/admin/subscriptions/${id}/${action}`, body)).status, action).toBe(403);
    }
    expect(
      (await post(support, `/api/admin/subscriptions/${id}/retry`, { period: 2, attemptsSeen: 0 })).status,
    ).toBe(403);
    expect((await state(id)).status).toBe("ACTIVE");
    expect((await post(support, `/api/admin/subscriptions/${id}/pause`, {})).status).toBe(200);
    expect((await state(id)).status).toBe("PAUSED");
    const audit = await app.db.prisma.auditEntry.findFirstOrThrow({ where: { subjectId: id } });
    expect(audit).toMatchObject({
      operatorId: support.id,
      action: "subscription.pause",
      subjectType: "SUBSCRIPTION",
    });
  });
});

describe("cancel", () => {
  it("at the period's end keeps access and the next period until it comes due; now voids it at once", async () => {
    const ending = (await subscribeThroughRoutes(app, planId)).subscriptionId;
    const key = crypto.randomUUID();
    const first = await post(
      support,
      `/api/admin/subscriptions/${ending}/cancel`,
      { atPeriodEnd: true },
      key,
    );
    expect(first.status).toBe(200);
    const repeat = await post(
      support,
      `/api/admin/subscriptions/${ending}/cancel`,
      { atPeriodEnd: true },
      key,
    );
    expect(repeat.headers.get("Idempotent-Replayed")).toBe("true");
    const later = await state(ending);
    expect([later.status, later.cancelAtPeriodEnd, later.cancelledAt]).toEqual(["ACTIVE", true, null]);
    expect(later.periods.map((period) => period.status)).toEqual(["PAID", "SCHEDULED"]);
    expect(await post(support, `/api/admin/subscriptions/${ending}/resume`, {})).toHaveProperty(
      "status",
      200,
    );
    expect((await state(ending)).cancelAtPeriodEnd).toBe(false);

    const now = (await subscribeThroughRoutes(app, planId)).subscriptionId;
    expect(
      (await post(support, `/api/admin/subscriptions/${now}/cancel`, { atPeriodEnd: false })).status,
    ).toBe(200);
    const ended = await state(now);
    expect([ended.status, ended.cancelReason, ended.cancelledAt !== null]).toEqual([
      "CANCELLED",
      "OPERATOR",
      true,
    ]);
    expect(ended.periods.map((period) => period.status)).toEqual(["PAID", "VOID"]);
    expect(
      (await post(support, `/api/admin/subscriptions/${now}/cancel`, { atPeriodEnd: false })).status,
    ).toBe(409);
    const events = await app.db.prisma.outboxEvent.findMany({ where: { type: "subscription.cancelled" } });
    expect(events.some((event) => JSON.stringify(event.payload).includes(now))).toBe(true);
  });
});

describe("charge now", () => {
  it("two clicks at once charge the dunned period once; a third, after, is refused; the same key replays", async () => {
    const poor = await subscribeThroughRoutes(app, planId, { balance: PRICE.toString() });
    const dunned = await chargeOpenPeriodNow(app, poor.subscriptionId);
    expect([dunned.status, dunned.attempts, dunned.firstFailedAt !== null]).toEqual(["SCHEDULED", 1, true]);
    await app.sandbox.createUser({ userId: poor.userId, balance: PRICE.toString() });
    const path = `/api/admin/subscriptions/${poor.subscriptionId}/retry`;
    const body = { period: 2, attemptsSeen: 1 };
    const key = crypto.randomUUID();
    const answers = await Promise.all([
      post(finance, path, body, key),
      post(finance, path, body),
      post(finance, path, body),
    ]);
    const statuses = answers.map((answer) => answer.status);
    // One of them charged; the others found its charge at the wallet (202) or paid (200), or were
    // refused because a try had started since (409). None sent a second charge.
    expect(statuses.every((status) => [200, 202, 409].includes(status))).toBe(true);
    const outcomes = await Promise.all(
      answers
        .filter((answer) => answer.status !== 409)
        .map(async (answer) => ((await answer.json()) as { outcome: string }).outcome),
    );
    expect(outcomes).toContain("PAID");
    expect(await walletSuccesses(poor.subscriptionId)).toEqual([1, 2]);
    const after = await state(poor.subscriptionId);
    expect(after.periods[1]).toMatchObject({ status: "PAID", attempts: 2 });
    expect(after.status).toBe("ACTIVE");

    expect((await post(finance, path, body)).status).toBe(409);
    const replay = await post(finance, path, body, key);
    expect([replay.status, replay.headers.get("Idempotent-Replayed")]).toEqual([200, "true"]);
    expect(await walletSuccesses(poor.subscriptionId)).toEqual([1, 2]);
  });

  it("clicked twice one after the other while still refused by the wallet: the second is refused, not a third try", async () => {
    const poor = await subscribeThroughRoutes(app, planId, { balance: PRICE.toString() });
    const dunned = await chargeOpenPeriodNow(app, poor.subscriptionId);
    const path = `/api/admin/subscriptions/${poor.subscriptionId}/retry`;
    const first = await post(finance, path, { period: 2, attemptsSeen: dunned.attempts });
    expect([first.status, ((await first.json()) as { outcome: string }).outcome]).toEqual([200, "FAILED"]);
    const second = await post(finance, path, { period: 2, attemptsSeen: dunned.attempts });
    expect(second.status).toBe(409);
    expect((await state(poor.subscriptionId)).periods[1]?.attempts).toBe(2);
    // A paid period, or one not dunned, is never charged now.
    expect((await post(finance, path, { period: 1, attemptsSeen: 1 })).status).toBe(409);
    expect(await walletSuccesses(poor.subscriptionId)).toEqual([1]);
  });
});

describe("refund a period", () => {
  it("above Support's limit it waits for Finance's approval, then the wallet refunds the period's order", async () => {
    const { subscriptionId: id } = await subscribeThroughRoutes(app, planId);
    const path = `/api/admin/subscriptions/${id}/periods/1/refunds`;
    const asked = await post(support, path, { amount: PRICE.toString(), reason: "closed for renovation" });
    expect(asked.status).toBe(202);
    const waiting = (await asked.json()) as { state: string; request: { id: string; orderId: string } };
    expect(waiting.state).toBe("AWAITING_APPROVAL");
    const period = (await state(id)).periods[0];
    expect(waiting.request.orderId).toBe(period?.orderId);
    expect(await app.db.prisma.refund.count({ where: { orderId: waiting.request.orderId } })).toBe(0);
    // Nothing more can be asked while it waits: the whole period is reserved.
    expect((await post(support, path, { amount: "1000", reason: "again" })).status).toBe(422);
    const approved = await app.call("POST", `/api/admin/refund-requests/${waiting.request.id}/approve`, {
      headers: finance.script(),
      json: { note: "ok" },
    });
    expect(approved.status).toBe(200);
    const order = await app.db.prisma.order.findUniqueOrThrow({ where: { id: waiting.request.orderId } });
    expect(order.refundedFils).toBe(PRICE);
    // Within Finance's limits (none), a refund is sent at once; here nothing is left.
    expect((await post(finance, path, { amount: "1000", reason: "more" })).status).toBe(422);
    expect(
      (
        await post(finance, `/api/admin/subscriptions/${id}/periods/2/refunds`, {
          amount: "1000",
          reason: "x",
        })
      ).status,
    ).toBe(409);
  });
});
