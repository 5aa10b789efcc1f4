// The operator console's JSON API, called as Next.js calls it (the route harness), on a real database,
// Redis and the wallet sandbox: roles checked on the server, CSRF refused, every action idempotent,
// audited with the wallet's answer, and the operator's view of an order complete.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";

let app: RouteHarness;
let viewer: TestOperator;
let operator: TestOperator;
let admin: TestOperator;

beforeAll(async () => {
  app = await startRouteHarness();
  await app.sandbox.settings({ refundDelaySeconds: 0 });
  [viewer, operator, admin] = await Promise.all([
    createTestOperator(app.db.prisma, "VIEWER"),
    createTestOperator(app.db.prisma, "FINANCE"),
    createTestOperator(app.db.prisma, "ADMIN"),
  ]);
});
afterAll(() => app?.close());
restoreSandboxAfterEach(() => app?.sandbox);

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function body<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

function act(who: TestOperator, orderId: string, action: string, json: unknown, key = crypto.randomUUID()) {
  return app.call("POST", `/api/admin/orders/${orderId}/${action}`, {
    headers: { ...who.browser(app.url), "Idempotency-Key": key },
    json,
  });
}

describe("who may do what", () => {
  it("without a session: 401; a viewer reads but cannot act (403), on the server", async () => {
    const anonymous = await app.call("GET", "/api/admin/orders");
    expect(anonymous.status).toBe(401);
    expect(await body(anonymous)).toEqual({
      error: { code: "UNAUTHENTICATED", message: "Sign in to the operator console first (/admin/sign-in)." },
    });

    expect((await app.call("GET", "/api/admin/orders", { headers: viewer.script() })).status).toBe(200);
    const { orderId } = await app.paidOrder();
    const refused = await act(viewer, orderId, "refunds", { amount: "1000", reason: "goodwill" });
    expect(refused.status).toBe(403);
    expect(await body(refused)).toEqual({
      error: {
        code: "FORBIDDEN",
        message: "This needs the orders.refund permission, which your role (Viewer) does not have.",
      },
    });
    expect(await app.db.prisma.refund.count({ where: { orderId } })).toBe(0);

    // Operators and the audit log are for admins.
    expect((await app.call("GET", "/api/admin/operators", { headers: operator.script() })).status).toBe(403);
    expect((await app.call("GET", "/api/admin/audit", { headers: admin.script() })).status).toBe(200);
  });

  it("a cookie-authenticated write from another origin, or with no origin, is refused", async () => {
    const { orderId } = await app.paidOrder();
    const foreign: Record<string, string>[] = [
      { Cookie: `next-auth.session-token=${operator.token}`, Origin: "https://evil.example" },
      { Cookie: `next-auth.session-token=${operator.token}` },
    ];
    for (const headers of foreign) {
      const response = await app.call("POST", `/api/admin/orders/${orderId}/reconcile`, {
        headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
        json: {},
      });
      expect(response.status).toBe(403);
      expect(((await body(response)) as { error: { code: string } }).error.code).toBe("CROSS_SITE_REQUEST");
    }
    // A script's Bearer token is not sent by a browser on its own: no Origin needed.
    const scripted = await app.call("POST", `/api/admin/orders/${orderId}/reconcile`, {
      headers: { ...operator.script(), "Idempotency-Key": crypto.randomUUID() },
      json: {},
    });
    expect(scripted.status).toBe(200);
  });

  it("a disabled operator is refused at once, whatever their session says", async () => {
    const soon = await createTestOperator(app.db.prisma, "FINANCE");
    expect((await app.call("GET", "/api/admin/orders", { headers: soon.script() })).status).toBe(200);
    const disabled = await app.call("PATCH", `/api/admin/operators/${soon.id}`, {
      headers: admin.browser(app.url),
      json: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect((await app.call("GET", "/api/admin/orders", { headers: soon.script() })).status).toBe(401);
  });

  it("an admin cannot disable or demote themselves", async () => {
    const response = await app.call("PATCH", `/api/admin/operators/${admin.id}`, {
      headers: admin.browser(app.url),
      json: { role: "VIEWER" },
    });
    expect(response.status).toBe(403);
  });
});

describe("finding an order", () => {
  it("the search box recognises paymentRequestId, paymentId, order id and customer id", async () => {
    const { orderId } = await app.paidOrder();
    const order = await app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    for (const [q, by] of [
      [order.paymentRequestId, "paymentRequestId"],
      [order.paymentId as string, "paymentId"],
      [order.id, "orderId"],
    ] as const) {
      const found = await body<{ orders: { id: string }[]; match: { by: string } }>(
        await app.call("GET", `/api/admin/orders?q=${encodeURIComponent(q)}`, { headers: viewer.script() }),
      );
      expect(found.orders.map((row) => row.id)).toEqual([orderId]);
      expect(found.match.by).toBe(by);
    }
    const byCustomer = await body<{ orders: { id: string }[]; match: { kind: string } }>(
      await app.call("GET", `/api/admin/orders?q=${order.customerId}`, { headers: viewer.script() }),
    );
    expect(byCustomer.match.kind).toBe("customer");
    expect(byCustomer.orders.map((row) => row.id)).toContain(orderId);
    const nothing = await body<{ orders: unknown[] }>(
      await app.call("GET", "/api/admin/orders?q=pay_nope", { headers: viewer.script() }),
    );
    expect(nothing.orders).toEqual([]);
  });

  it("filters and keyset pages: no order twice, none missed", async () => {
    const listed: string[] = [];
    let after: string | null = null;
    do {
      const page: { orders: { id: string; status: string }[]; nextCursor: string | null } = await body(
        await app.call("GET", `/api/admin/orders?status=PAID&limit=2${after ? `&after=${after}` : ""}`, {
          headers: viewer.script(),
        }),
      );
      expect([...new Set(page.orders.map((row) => row.status))], "statuses on the page").toEqual(["PAID"]);
      listed.push(...page.orders.map((row) => row.id));
      after = page.nextCursor;
    } while (after);
    const paid = await app.db.prisma.order.findMany({
      where: { status: "PAID" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(listed).toEqual(paid.map((row) => row.id));
  });

  it("a bad filter is a 400 naming it", async () => {
    const response = await app.call("GET", "/api/admin/orders?status=LOST&minAmount=cheap", {
      headers: viewer.script(),
    });
    expect(response.status).toBe(400);
    const details = ((await body(response)) as { error: { details: { fieldErrors: object } } }).error.details;
    expect(Object.keys(details.fieldErrors).sort()).toEqual(["minAmount", "status"]);
  });

  it("exports the filtered list as CSV, streamed", async () => {
    const response = await app.call("GET", "/api/admin/orders/export?status=PAID", {
      headers: viewer.script(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(
      /^order_id,created_at_utc,created_at_baghdad,status,flow,amount_fils,amount_iqd,/,
    );
    const paid = await app.db.prisma.order.count({ where: { status: "PAID" } });
    expect(lines).toHaveLength(paid + 1);
    expect(
      lines.slice(1).filter((line) => !line.includes(",PAID,")),
      "exported rows that are not PAID",
    ).toEqual([]);
  });
});

describe("acting on an order", () => {
  it("a partial refund: money shown before, the wallet's answer after, audited, and a repeat is a replay", async () => {
    const { orderId } = await app.paidOrder();
    const detail = await body<{
      money: Record<string, string>;
      actions: { action: string; maxFils?: string }[];
    }>(await app.call("GET", `/api/admin/orders/${orderId}`, { headers: operator.script() }));
    expect(detail.money).toMatchObject({
      capturedFils: "12000000",
      refundedFils: "0",
      pendingRefundFils: "0",
      refundableFils: "12000000",
    });
    expect(detail.actions).toContainEqual({ action: "refund", maxFils: "12000000" });

    const key = crypto.randomUUID();
    const damaged = { amount: "5000000", reason: "one box damaged" };
    const first = await act(operator, orderId, "refunds", damaged, key);
    expect([200, 202]).toContain(first.status);
    const answer = await body<{
      wallet: { outcome: string };
      refund: { id: string };
      order: { refundedFils: string };
    }>(first);
    expect(["SUCCESS", "PROCESSING"]).toContain(answer.wallet.outcome);
    expect(answer.order.refundedFils).toBe("5000000");

    const again = await act(operator, orderId, "refunds", damaged, key);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await body(again)) as { refund: { id: string } }).refund.id).toBe(answer.refund.id);
    expect(await app.db.prisma.refund.count({ where: { orderId } })).toBe(1);

    const otherInput = await act(operator, orderId, "refunds", { amount: "1000000", reason: "other" }, key);
    expect(otherInput.status).toBe(422);

    const audit = await app.db.prisma.auditEntry.findFirstOrThrow({
      where: { orderId, action: "order.refund" },
    });
    expect(audit).toMatchObject({ operatorId: operator.id, operatorEmail: operator.email, requestKey: key });
    expect(audit.before).toMatchObject({ status: "PAID", refundedFils: "0" });
    expect(audit.after).toMatchObject({ refund: { amountFils: "5000000", reason: "one box damaged" } });
    expect(audit.walletResult).toMatchObject({ status: answer.wallet.outcome });

    const tooMuch = await act(operator, orderId, "refunds", { amount: "7000001", reason: "too much" });
    expect(tooMuch.status).toBe(422);
    expect(((await body(tooMuch)) as { error: { code: string } }).error.code).toBe(
      "AMOUNT_EXCEEDS_REMAINING",
    );
  });

  it("escrow: accept, then the customer's confirm-receipt succeeds; cancel and void fit only their states", async () => {
    const { orderId, sessionToken } = await app.paidOrder("ESCROW", "MUG");
    const early = await app.call("POST", `/api/mini/orders/${orderId}/confirm-receipt`, {
      headers: bearer(sessionToken),
    });
    expect(early.status).toBe(409);

    const accepted = await act(operator, orderId, "accept", {});
    expect(accepted.status).toBe(200);
    expect(await body(accepted)).toMatchObject({
      action: "accept",
      state: "DONE",
      wallet: { outcome: "SUCCESS" },
      order: { status: "ACCEPTED" },
    });
    const cancel = await act(operator, orderId, "cancel", {});
    expect(cancel.status).toBe(409);

    const voided = await act(operator, orderId, "void", { amount: "5000000" });
    expect(voided.status).toBe(200);
    expect(await body(voided)).toMatchObject({ order: { status: "ACCEPTED", voidedFils: "5000000" } });

    const confirmed = await app.call("POST", `/api/mini/orders/${orderId}/confirm-receipt`, {
      headers: bearer(sessionToken),
    });
    expect(confirmed.status).toBe(200);
    expect(await body(confirmed)).toMatchObject({ status: "CONFIRMED" });
  });

  it("the same refund sent five times at once under one Idempotency-Key refunds once", async () => {
    // The wrong implementation this catches: looking the key up, running the action, and storing the
    // key with its answer afterwards (tried: all five found nothing and five refunds were made); the
    // claim must be the insert under the key's unique index, before the action.
    // Slowed so the five overlap while the first one is still at the wallet.
    const { orderId } = await app.paidOrder();
    await app.sandbox.settings({ operationLatencyMs: 300 });
    try {
      const key = crypto.randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          act(operator, orderId, "refunds", { amount: "2000000", reason: "twice?" }, key),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      // One did it; the others were told it is under way (409) or got its stored answer (replayed).
      expect(
        statuses.filter((status) => status === 200 || status === 202).length,
        `statuses ${statuses}`,
      ).toBeGreaterThanOrEqual(1);
      for (const answer of answers) {
        if (answer.status === 409)
          expect((await body(answer)).error).toMatchObject({ code: "OPERATION_IN_PROGRESS" });
      }
      const refunds = await app.db.prisma.refund.findMany({ where: { orderId } });
      expect(
        refunds.map((refund) => refund.amountFils),
        "refunds stored for the order",
      ).toEqual([2_000_000n]);
      expect(
        await app.db.prisma.walletCall.count({ where: { orderId, operation: "refund" } }),
        "refunds sent",
      ).toBe(1);
    } finally {
      await app.sandbox.settings({ operationLatencyMs: 0 });
    }
  });

  it("accept and cancel of one escrow order by two operators at once: one wins, the wallet hears one", async () => {
    // The wrong implementation this catches: checking the order's state without holding its row
    // lock (both see PAID, both call the wallet). Slowed so the two requests overlap.
    const { orderId } = await app.paidOrder("ESCROW", "MUG");
    const other = await createTestOperator(app.db.prisma, "FINANCE");
    await app.sandbox.settings({ operationLatencyMs: 300 });
    try {
      const [accept, cancel] = await Promise.all([
        act(operator, orderId, "accept", {}),
        act(other, orderId, "cancel", {}),
      ]);
      const statuses = [accept.status, cancel.status].sort();
      expect(statuses, "one done, one refused").toEqual([200, 409]);
      const final = await app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
      expect(final.status).toBe(accept.status === 200 ? "ACCEPTED" : "CANCELLED");
      const sent = await app.db.prisma.walletCall.findMany({
        where: { orderId, operation: { in: ["merchantAccept", "cancel"] } },
        select: { operation: true },
      });
      expect(
        sent.map((call) => call.operation),
        "escrow calls the wallet received",
      ).toEqual([accept.status === 200 ? "merchantAccept" : "cancel"]);
    } finally {
      await app.sandbox.settings({ operationLatencyMs: 0 });
    }
  });

  it("an accept whose answer is lost reads 'unknown — being resolved' (202), and reconcile settles it", async () => {
    const { orderId } = await app.paidOrder("ESCROW", "MUG");
    await app.sandbox.setFault("merchantAccept", "U");
    const unknown = await act(operator, orderId, "accept", {});
    expect(unknown.status).toBe(202);
    const answer = await body<{ wallet: { outcome: string; message: string } }>(unknown);
    expect(answer.wallet.outcome).toBe("UNKNOWN");
    expect(answer.wallet.message).toMatch(/^Unknown — being resolved/);

    const reconciled = await act(operator, orderId, "reconcile", {});
    expect(reconciled.status).toBe(200);
    expect(await body(reconciled)).toMatchObject({ settled: true, stillUnsettled: false, nextCheckAt: null });
    expect(await app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      status: "ACCEPTED",
    });
  });

  it("a check by hand that finds the outcome still unknown says so, and when the next check is", async () => {
    const { sessionToken } = await app.newSession();
    await app.sandbox.setFault("pay", "U");
    const created = await app.call("POST", "/api/mini/orders", {
      headers: { ...bearer(sessionToken), "Idempotency-Key": crypto.randomUUID() },
      json: { flow: "CASHIER", items: [{ sku: "TEA", quantity: 1 }] },
    });
    const { orderId } = await body<{ orderId: string }>(created);
    for (const fault of ["U", "TIMEOUT"]) {
      await app.sandbox.setFault("inquiryPayment", fault);
      const before = Date.now();
      const answer = await body<{ settled: boolean; stillUnsettled: boolean; nextCheckAt: string | null }>(
        await act(operator, orderId, "reconcile", {}),
      );
      expect(answer, fault).toMatchObject({ settled: false, stillUnsettled: true });
      expect(Date.parse(answer.nextCheckAt as string), fault).toBeGreaterThan(before);
      const order = await app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
      expect(order.status).toBe("UNKNOWN");
      expect(order.nextReconcileAt?.toISOString()).toBe(answer.nextCheckAt);
    }
  });

  it("an unknown payment is on the dashboard's attention list until reconcile settles it", async () => {
    const { sessionToken } = await app.newSession();
    await app.sandbox.setFault("pay", "U");
    const created = await app.call("POST", "/api/mini/orders", {
      headers: { ...bearer(sessionToken), "Idempotency-Key": crypto.randomUUID() },
      json: { flow: "CASHIER", items: [{ sku: "TEA", quantity: 1 }] },
    });
    const { orderId } = await body<{ orderId: string }>(created);
    const dashboard = await body<{
      attention: { unknownPayments: { count: number; orders: { id: string }[] } };
    }>(await app.call("GET", "/api/admin/dashboard", { headers: viewer.script() }));
    expect(dashboard.attention.unknownPayments.orders.map((row) => row.id)).toContain(orderId);

    const reconciled = await body<{ order: { status: string }; stillUnsettled: boolean }>(
      await act(operator, orderId, "reconcile", {}),
    );
    expect(reconciled.order.status).toBe("PENDING");
    // Awaiting the customer at the cashier is not waiting on the wallet: no "still unknown".
    expect(reconciled.stillUnsettled).toBe(false);
    const after = await body<{ attention: { unknownPayments: { orders: { id: string }[] } } }>(
      await app.call("GET", "/api/admin/dashboard", { headers: viewer.script() }),
    );
    expect(after.attention.unknownPayments.orders.map((row) => row.id)).not.toContain(orderId);
  });

  it("the timeline merges status changes, wallet calls, the notification and the audit entries", async () => {
    const { orderId } = await app.paidOrder();
    await act(operator, orderId, "refunds", { amount: "1000000", reason: "late delivery" });
    const { timeline } = await body<{ timeline: { kind: string; title: string; detail?: unknown }[] }>(
      await app.call("GET", `/api/admin/orders/${orderId}`, { headers: viewer.script() }),
    );
    const kinds = new Set(timeline.map((entry) => `${entry.kind}:${entry.title}`));
    for (const expected of [
      "status:CREATED",
      "wallet:pay",
      "notification:PAYMENT",
      "status:PAY_SUCCEEDED",
      "audit:order.refund",
      "wallet:refund",
    ]) {
      expect(kinds, expected).toContain(expected);
    }
    const pay = timeline.find((entry) => entry.kind === "wallet" && entry.title === "pay");
    expect(pay?.detail).toMatchObject({ outcome: "A", durationMs: expect.any(Number) });
    expect(JSON.stringify(timeline)).not.toMatch(/accessToken|refreshToken|signature=/);
  });
});

describe("the rest of the console's API", () => {
  it("catalog edits apply to new orders only", async () => {
    const { orderId } = await app.paidOrder("CASHIER", "KLEICHA");
    const products = await body<{ products: { id: string; sku: string }[] }>(
      await app.call("GET", "/api/admin/products", { headers: viewer.script() }),
    );
    const kleicha = products.products.find((product) => product.sku === "KLEICHA") as { id: string };
    const edited = await app.call("PATCH", `/api/admin/products/${kleicha.id}`, {
      headers: admin.browser(app.url),
      json: { priceFils: "7000000", nameArabic: "كليچة" },
    });
    expect(edited.status).toBe(200);
    const placed = await app.db.prisma.orderItem.findFirstOrThrow({ where: { orderId } });
    expect(placed.unitPriceFils).toBe(6_000_000n);
    const created = await app.call("POST", "/api/admin/products", {
      headers: admin.browser(app.url),
      json: { sku: "SAMOON", name: "Samoon bread", nameArabic: "صمون", priceFils: "500000" },
    });
    expect(created.status).toBe(201);
    const duplicate = await app.call("POST", "/api/admin/products", {
      headers: admin.browser(app.url),
      json: { sku: "SAMOON", name: "Samoon", nameArabic: "صمون", priceFils: "500000" },
    });
    expect(duplicate.status).toBe(409);
  });

  it("a price moved beyond tenfold either way is saved only when confirmed", async () => {
    const created = await app.call("POST", "/api/admin/products", {
      headers: admin.browser(app.url),
      json: { sku: "CHAI", name: "Chai", nameArabic: "چاي", priceFils: "1250000" },
    });
    const { id } = await body<{ id: string }>(created);
    const patch = (json: Record<string, unknown>) =>
      app.call("PATCH", `/api/admin/products/${id}`, { headers: admin.browser(app.url), json });
    // 1,250 IQD → 1.25 IQD (a thousandth), → 12,501 IQD (just over ten times): refused, nothing saved.
    for (const priceFils of ["1250", "124999", "12501000"]) {
      const refused = await patch({ priceFils });
      expect(refused.status, priceFils).toBe(409);
      expect(await body(refused)).toMatchObject({
        error: {
          code: "CONFLICT",
          details: { reason: "LARGE_PRICE_CHANGE", beforeFils: "1250000", afterFils: priceFils },
        },
      });
    }
    expect((await app.db.prisma.product.findUniqueOrThrow({ where: { id } })).priceFils).toBe(1_250_000n);
    // Within tenfold, or confirmed: saved.
    expect((await patch({ priceFils: "125000" })).status).toBe(200);
    expect((await patch({ priceFils: "1250", confirmLargePriceChange: true })).status).toBe(200);
    expect((await app.db.prisma.product.findUniqueOrThrow({ where: { id } })).priceFils).toBe(1_250n);
  });

  it("re-applying a stored notification is idempotent and audited", async () => {
    const { orderId } = await app.paidOrder();
    const notification = await app.db.prisma.notification.findFirstOrThrow({ where: { orderId } });
    const response = await app.call("POST", `/api/admin/notifications/${notification.id}/reapply`, {
      headers: operator.browser(app.url),
    });
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({ result: { status: "IGNORED" } });
    expect(await app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      status: "PAID",
    });
    expect(await app.db.prisma.auditEntry.count({ where: { action: "notification.reapply", orderId } })).toBe(
      1,
    );
  });

  it("re-applying is a new attempt under the operator's name; the flag it raises can be resolved with a note", async () => {
    // An escrow order paid, then cancelled: the payment's SUCCESS, applied again, contradicts CANCELLED.
    const { orderId } = await app.paidOrder("ESCROW");
    expect((await act(operator, orderId, "cancel", {})).status).toBe(200);
    const notification = await app.db.prisma.notification.findFirstOrThrow({
      where: { orderId, kind: "PAYMENT" },
    });
    const reapplied = await app.call("POST", `/api/admin/notifications/${notification.id}/reapply`, {
      headers: operator.browser(app.url),
    });
    expect(reapplied.status).toBe(200);
    expect(await body(reapplied)).toMatchObject({
      result: { status: "IGNORED", note: "order is CANCELLED" },
    });
    // The notification keeps what became of it when it arrived.
    expect(
      await app.db.prisma.notification.findFirstOrThrow({ where: { id: notification.id } }),
    ).toMatchObject({
      status: notification.status,
      processedAt: notification.processedAt,
    });
    const events = await app.db.prisma.orderEvent.findMany({
      where: { orderId },
      orderBy: { createdAt: "asc" },
    });
    const flagged = events.find((event) => event.type === "ATTENTION_FLAGGED");
    expect(flagged).toMatchObject({ actor: `operator:${operator.id}` });
    expect(events.find((event) => event.type === "NOTIFICATION_REAPPLIED")).toMatchObject({
      actor: `operator:${operator.id}`,
      detail: { notificationId: notification.id, result: "IGNORED" },
    });

    const resolve = (who: TestOperator, note: string) =>
      app.call("POST", `/api/admin/orders/${orderId}/resolve-flag`, {
        headers: who.browser(app.url),
        json: { note },
      });
    expect((await resolve(viewer, "looked")).status).toBe(403);
    const resolved = await resolve(
      operator,
      "The wallet's SUCCESS was the original payment; the cancel returned it.",
    );
    expect(resolved.status).toBe(200);
    expect(await app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      needsAttention: false,
      attentionReason: null,
    });
    const audit = await app.db.prisma.auditEntry.findFirstOrThrow({
      where: { orderId, action: "order.resolve-flag" },
    });
    expect(audit).toMatchObject({ operatorId: operator.id });
    expect(audit.after).toMatchObject({
      note: "The wallet's SUCCESS was the original payment; the cancel returned it.",
    });
    expect((await resolve(operator, "again")).status).toBe(409);
  });

  it("customers show their authorization, never a token", async () => {
    const listed = await app.call("GET", "/api/admin/customers", { headers: viewer.script() });
    const text = await listed.text();
    expect(listed.status).toBe(200);
    expect(text).toContain("accessTokenExpiresAt");
    expect(text).not.toMatch(/Cipher|accessToken"|refreshToken"/);
  });

  it("operators: an admin creates one; nobody ever sees a password hash", async () => {
    const created = await app.call("POST", "/api/admin/operators", {
      headers: admin.browser(app.url),
      json: {
        email: "New.Staff@Shop.Example",
        name: "New staff",
        role: "VIEWER",
        password: "long enough password",
      },
    });
    expect(created.status).toBe(201);
    expect(await body(created)).toMatchObject({ email: "new.staff@shop.example", role: "VIEWER" });
    const weak = await app.call("POST", "/api/admin/operators", {
      headers: admin.browser(app.url),
      json: { email: "weak@shop.example", name: "Weak", role: "VIEWER", password: "short" },
    });
    expect(weak.status).toBe(400);
    const list = await (await app.call("GET", "/api/admin/operators", { headers: admin.script() })).text();
    expect(list).not.toContain("passwordHash");
    expect(list).not.toContain("$argon2");
  });
});
