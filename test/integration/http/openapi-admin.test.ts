// The operator console's API against its OpenAPI document, on a real database, Redis and the sandbox:
// each /api/admin endpoint is called as an operator — with its contract's example request, its ids
// swapped for real ones — and its real answers, a success and at least one error each, must fit the
// documented schema of their status, headers included.
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dispatchEvents } from "@/lib/events/dispatch-events";
import { operatorConsoleApi } from "@/lib/http/contract/admin";
import * as alerts from "@/lib/http/contract/admin/alerts";
import * as apiKeys from "@/lib/http/contract/admin/api-keys";
import * as catalog from "@/lib/http/contract/admin/catalog";
import * as overview from "@/lib/http/contract/admin/dashboard";
import * as lists from "@/lib/http/contract/admin/lists";
import * as operators from "@/lib/http/contract/admin/operators";
import * as actions from "@/lib/http/contract/admin/order-actions";
import * as orders from "@/lib/http/contract/admin/orders";
import * as passkeys from "@/lib/http/contract/admin/passkeys";
import * as refundRequests from "@/lib/http/contract/admin/refund-requests";
import * as roles from "@/lib/http/contract/admin/roles";
import * as secondFactor from "@/lib/http/contract/admin/second-factor";
import * as sessions from "@/lib/http/contract/admin/sessions";
import * as subscriptionActions from "@/lib/http/contract/admin/subscription-actions";
import * as subscriptions from "@/lib/http/contract/admin/subscriptions";
import * as webhooks from "@/lib/http/contract/admin/webhooks";
import { startPasskeySignIn } from "@/lib/http/contract/console-sign-in";
import type { Endpoint } from "@/lib/http/contract/endpoint";
import * as walletNotify from "@/lib/http/contract/wallet-notify";
import type { OpenApiDocument } from "@/lib/http/openapi-document";
import { flagOrder } from "@/lib/payments/orders/flag-order";
import { definePlan } from "@/lib/payments/subscriptions/plans";
import { distinctAddress } from "@/test/support/addresses";
import {
  type ContractCalls,
  contractCalls,
  type ExampleRequest,
  exampleRequest,
} from "@/test/support/contract-calls";
import { openApiChecker } from "@/test/support/openapi";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { type RouteHarness, startRouteHarness } from "@/test/support/route-harness";
import { chargeOpenPeriodNow, subscribeThroughRoutes } from "@/test/support/route-subscriptions";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";
import { softwarePasskey } from "@/test/support/software-passkey";

let app: RouteHarness;
let calls: ContractCalls;
let viewer: TestOperator;
let operator: TestOperator;
let admin: TestOperator;

beforeAll(async () => {
  app = await startRouteHarness();
  // Refunds settle at once, so a refund's answer is its final one.
  await app.sandbox.settings({ refundDelaySeconds: 0 });
  const served = await app.call("GET", "/api/openapi.json");
  calls = contractCalls(app, openApiChecker((await served.json()) as OpenApiDocument));
  [viewer, operator, admin] = await Promise.all([
    createTestOperator(app.db.prisma, "VIEWER"),
    createTestOperator(app.db.prisma, "FINANCE"),
    createTestOperator(app.db.prisma, "ADMIN"),
  ]);
});
afterAll(() => app?.close());
restoreSandboxAfterEach(() => app?.sandbox);

/** Statuses checked against the document, per operationId: each endpoint needs a success and an error. */
const checked = new Map<string, Set<number>>();

function send(endpoint: Endpoint, request: ExampleRequest, session: Record<string, string> = {}) {
  return calls.send(endpoint, request, session);
}

async function expectDocumented(endpoint: Endpoint, response: Response, status: number) {
  const body = await calls.expectDocumented(endpoint, response, status);
  checked.set(endpoint.operationId, new Set([...(checked.get(endpoint.operationId) ?? []), status]));
  return body;
}

/** The example's request with its ids, key and body swapped for the test's own. */
function like(endpoint: Endpoint, example: string, changes: ExampleRequest): ExampleRequest {
  return { ...exampleRequest(endpoint, example), ...changes };
}

const newKey = () => ({ "Idempotency-Key": crypto.randomUUID() });

describe("orders", () => {
  it("list: a page of paid orders and the search box's match (200); 401 without a session, 400 for a bad filter", async () => {
    const { orderId } = await app.paidOrder();
    const { paymentRequestId } = await app.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    const endpoint = orders.adminListOrders;

    const page = await expectDocumented(
      endpoint,
      await send(endpoint, { query: { status: "PAID", limit: 1 } }, viewer.script()),
      200,
    );
    expect(page.orders).toHaveLength(1);
    const found = await expectDocumented(
      endpoint,
      await send(
        endpoint,
        like(endpoint, "search-payment-request-id", { query: { q: paymentRequestId } }),
        viewer.script(),
      ),
      200,
    );
    expect(found.match).toEqual({ kind: "order", orderId, by: "paymentRequestId" });

    await expectDocumented(endpoint, await send(endpoint, exampleRequest(endpoint, "signed-out")), 401);
    await expectDocumented(
      endpoint,
      await send(endpoint, { query: { status: "LOST" } }, viewer.script()),
      400,
    );
  });

  it("export: the example's filter as CSV fitting the documented header line (200); a bad filter is a 400", async () => {
    await app.paidOrder();
    const endpoint = orders.adminExportOrders;
    const csv = await expectDocumented(
      endpoint,
      await send(endpoint, exampleRequest(endpoint, "paid-orders"), viewer.script()),
      200,
    );
    expect(String(csv).trimEnd().split("\r\n").length).toBeGreaterThan(1);
    await expectDocumented(
      endpoint,
      await send(endpoint, { query: { minAmount: "cheap" } }, viewer.script()),
      400,
    );
  });

  it("detail: the order with its money, actions and timeline (200); an unknown order is a 404", async () => {
    const { orderId } = await app.paidOrder();
    const endpoint = orders.adminGetOrder;
    const detail = await expectDocumented(
      endpoint,
      await send(
        endpoint,
        like(endpoint, "refunded-in-part", { params: { id: orderId } }),
        operator.script(),
      ),
      200,
    );
    expect(detail.actions).toContainEqual({ action: "refund", maxFils: "12000000" });
    await expectDocumented(
      endpoint,
      await send(endpoint, exampleRequest(endpoint, "no-such-order"), viewer.script()),
      404,
    );
  });
});

describe("actions on an order", () => {
  it("accept (200, a repeat replayed with its header), accepted again (409); void in part (200), more than held (422)", async () => {
    const { orderId } = await app.paidOrder("ESCROW", "MUG");
    const params = { id: orderId };
    const accept = actions.adminAcceptOrder;
    const accepting = like(accept, "accepted", { params, headers: newKey() });
    const accepted = await expectDocumented(
      accept,
      await send(accept, accepting, operator.browser(app.url)),
      200,
    );
    expect(accepted.order).toMatchObject({ status: "ACCEPTED" });
    const repeat = await send(accept, accepting, operator.browser(app.url));
    expect(repeat.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await expectDocumented(accept, repeat, 200)).toEqual(accepted);
    const again = like(accept, "accepted-already", { params, headers: newKey() });
    await expectDocumented(accept, await send(accept, again, operator.script()), 409);

    const voidOrder = actions.adminVoidOrder;
    const partial = like(voidOrder, "partial-void", { params, headers: newKey() });
    const voided = await expectDocumented(voidOrder, await send(voidOrder, partial, operator.script()), 200);
    expect(voided.order).toMatchObject({ status: "ACCEPTED", voidedFils: "5000000" });
    const tooMuch = like(voidOrder, "more-than-held", {
      params,
      headers: newKey(),
      body: { amount: "10000001" },
    });
    await expectDocumented(voidOrder, await send(voidOrder, tooMuch, operator.script()), 422);
  });

  it("cancel: a VIEWER may not (403); an OPERATOR cancels a paid escrow order (200)", async () => {
    const { orderId } = await app.paidOrder("ESCROW", "MUG");
    const endpoint = actions.adminCancelOrder;
    const refused = like(endpoint, "viewer", { params: { id: orderId }, headers: newKey() });
    await expectDocumented(endpoint, await send(endpoint, refused, viewer.script()), 403);
    const cancelling = like(endpoint, "cancelled", { params: { id: orderId }, headers: newKey() });
    const cancelled = await expectDocumented(
      endpoint,
      await send(endpoint, cancelling, operator.script()),
      200,
    );
    expect(cancelled.order).toMatchObject({ status: "CANCELLED" });
  });

  it("refunds: in part (200), more than is refundable and a key reused for another body (422)", async () => {
    const { orderId } = await app.paidOrder();
    const endpoint = actions.adminRefundOrder;
    const headers = newKey();
    const refunding = like(endpoint, "damaged-box", { params: { id: orderId }, headers });
    const refunded = await expectDocumented(
      endpoint,
      await send(endpoint, refunding, operator.browser(app.url)),
      200,
    );
    expect(refunded.wallet).toMatchObject({ outcome: "SUCCESS" });
    const tooMuch = like(endpoint, "more-than-refundable", { params: { id: orderId }, headers: newKey() });
    const refused = await expectDocumented(endpoint, await send(endpoint, tooMuch, operator.script()), 422);
    expect(refused.error).toMatchObject({ code: "AMOUNT_EXCEEDS_REMAINING" });
    const reused = like(endpoint, "key-reused", { params: { id: orderId }, headers });
    const reusedAnswer = await expectDocumented(
      endpoint,
      await send(endpoint, reused, operator.script()),
      422,
    );
    expect(reusedAnswer.error).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
  });

  it("refund requests: above Support's limit a refund waits (202); listed (200); approved (200) then 409; rejected (200); unknown (404)", async () => {
    const support = await createTestOperator(app.db.prisma, "SUPPORT");
    await app.db.prisma.role.update({ where: { key: "SUPPORT" }, data: { refundLimitFils: 1_000_000n } });
    try {
      const refund = actions.adminRefundOrder;
      const ask = async () => {
        const { orderId } = await app.paidOrder();
        const asking = like(refund, "damaged-box", { params: { id: orderId }, headers: newKey() });
        const answer = await expectDocumented(
          refund,
          await send(refund, asking, support.browser(app.url)),
          202,
        );
        expect(answer.state).toBe("AWAITING_APPROVAL");
        return (answer.request as { id: string }).id;
      };
      const [first, second] = [await ask(), await ask()];
      const list = refundRequests.adminListRefundRequests;
      const waiting = await expectDocumented(
        list,
        await send(list, exampleRequest(list, "one-waiting"), operator.script()),
        200,
      );
      await expectDocumented(list, await send(list, {}, {}), 401);
      expect((waiting.requests as { id: string }[]).map((request) => request.id)).toEqual(
        expect.arrayContaining([first, second]),
      );

      const approve = refundRequests.adminApproveRefundRequest;
      const own = like(approve, "own-request", { params: { id: first } });
      await expectDocumented(approve, await send(approve, own, support.browser(app.url)), 403);
      const approving = like(approve, "approved", { params: { id: first } });
      const approved = await expectDocumented(
        approve,
        await send(approve, approving, operator.browser(app.url)),
        200,
      );
      expect(approved.request).toMatchObject({ status: "APPROVED" });
      const late = like(approve, "already-decided", { params: { id: first } });
      await expectDocumented(approve, await send(approve, late, admin.script()), 409);

      const reject = refundRequests.adminRejectRefundRequest;
      const rejecting = like(reject, "rejected", { params: { id: second } });
      await expectDocumented(reject, await send(reject, rejecting, operator.browser(app.url)), 200);
      await expectDocumented(
        reject,
        await send(reject, exampleRequest(reject, "unknown"), operator.script()),
        404,
      );
    } finally {
      await app.db.prisma.role.update({ where: { key: "SUPPORT" }, data: { refundLimitFils: 25_000_000n } });
    }
  });

  it("resolve-flag: a flagged order cleared with a note (200); an order not flagged (409)", async () => {
    const { orderId } = await app.paidOrder();
    await flagOrder(app.db.prisma, orderId, { kind: "SUCCESS_ON_FINAL", status: "CANCELLED" });
    const endpoint = orders.adminResolveOrderFlag;
    const resolving = like(endpoint, "resolved", { params: { id: orderId } });
    const resolved = await expectDocumented(
      endpoint,
      await send(endpoint, resolving, operator.browser(app.url)),
      200,
    );
    expect(resolved).toMatchObject({ needsAttention: false });
    const again = like(endpoint, "not-flagged", { params: { id: orderId } });
    await expectDocumented(endpoint, await send(endpoint, again, operator.browser(app.url)), 409);
  });

  it("reconcile: checks the order now (200); a cookie write from another origin is a 403", async () => {
    const { orderId } = await app.paidOrder();
    const endpoint = actions.adminReconcileOrder;
    const checking = like(endpoint, "settled", { params: { id: orderId }, headers: newKey() });
    const reconciled = await expectDocumented(
      endpoint,
      await send(endpoint, checking, operator.script()),
      200,
    );
    expect(reconciled).toMatchObject({ settled: false, results: { order: "nothing-to-do" } });
    const foreign = like(endpoint, "foreign-origin", { params: { id: orderId }, headers: newKey() });
    const cookie = { Cookie: `next-auth.session-token=${operator.token}`, Origin: "https://evil.example" };
    await expectDocumented(endpoint, await send(endpoint, foreign, cookie), 403);
  });
});

describe("the console's other records", () => {
  it("dashboard and health with every detail (200); both need a session (401)", async () => {
    for (const endpoint of [overview.adminGetDashboard, overview.adminGetHealth]) {
      await expectDocumented(endpoint, await send(endpoint, {}, viewer.script()), 200);
      await expectDocumented(endpoint, await send(endpoint, {}), 401);
    }
  });

  it("refunds (200) with a refund just made; a status that does not exist is a 400", async () => {
    const { orderId } = await app.paidOrder();
    const refund = like(actions.adminRefundOrder, "damaged-box", {
      params: { id: orderId },
      headers: newKey(),
    });
    await send(actions.adminRefundOrder, refund, operator.script());
    const endpoint = lists.adminListRefunds;
    const page = await expectDocumented(
      endpoint,
      await send(endpoint, exampleRequest(endpoint, "succeeded"), viewer.script()),
      200,
    );
    expect((page.refunds as { orderId: string }[]).map((row) => row.orderId)).toContain(orderId);
    await expectDocumented(
      endpoint,
      await send(endpoint, { query: { status: "DONE" } }, viewer.script()),
      400,
    );
  });

  it("customers (200) found by the wallet's customerId, with their token's expiry; 401 without a session", async () => {
    const { orderId } = await app.paidOrder();
    const { customer } = await app.db.prisma.order.findUniqueOrThrow({
      where: { id: orderId },
      include: { customer: true },
    });
    const endpoint = lists.adminListCustomers;
    const byWalletId = like(endpoint, "by-wallet-id", { query: { q: customer.walletCustomerId } });
    const page = await expectDocumented(endpoint, await send(endpoint, byWalletId, viewer.script()), 200);
    expect(page.customers).toEqual([expect.objectContaining({ id: customer.id, token: expect.any(Object) })]);
    await expectDocumented(endpoint, await send(endpoint, byWalletId), 401);
  });

  it("notifications (200) with a forged attempt counted; re-applying one (200), an unknown one (404)", async () => {
    const { orderId } = await app.paidOrder();
    const forged = walletNotify.receiveWalletNotification;
    expect((await send(forged, exampleRequest(forged, "forged"))).status).toBe(401);

    const endpoint = lists.adminListNotifications;
    const page = await expectDocumented(
      endpoint,
      await send(endpoint, like(endpoint, "of-one-order", { query: { orderId } }), viewer.script()),
      200,
    );
    const [notification] = page.notifications as { id: string }[];
    expect(page.rejections).not.toEqual([]);
    await expectDocumented(
      endpoint,
      await send(endpoint, { query: { kind: "PAYMENTS" } }, viewer.script()),
      400,
    );

    const reapply = lists.adminReapplyNotification;
    const again = like(reapply, "already-applied", { params: { id: notification?.id as string } });
    const reapplied = await expectDocumented(
      reapply,
      await send(reapply, again, operator.browser(app.url)),
      200,
    );
    expect(reapplied.result).toMatchObject({ status: "IGNORED" });
    const unknown = exampleRequest(reapply, "unknown-notification");
    await expectDocumented(reapply, await send(reapply, unknown, operator.browser(app.url)), 404);
  });

  it("products: listed (200, 401), created (201), a taken SKU (409), changed (200), unknown (404), not by an OPERATOR (403)", async () => {
    const list = catalog.adminListProducts;
    const listed = await expectDocumented(list, await send(list, {}, viewer.script()), 200);
    await expectDocumented(list, await send(list, {}), 401);

    const create = catalog.adminCreateProduct;
    await expectDocumented(
      create,
      await send(create, exampleRequest(create, "samoon"), admin.browser(app.url)),
      201,
    );
    await expectDocumented(
      create,
      await send(create, exampleRequest(create, "sku-taken"), admin.script()),
      409,
    );

    const update = catalog.adminUpdateProduct;
    const dates = (listed.products as { id: string; sku: string }[]).find(
      (product) => product.sku === "DATES",
    );
    const params = { id: dates?.id as string };
    const repriced = await expectDocumented(
      update,
      await send(update, like(update, "new-price", { params }), admin.browser(app.url)),
      200,
    );
    expect(repriced.priceFils).toBe("14000000");
    await expectDocumented(
      update,
      await send(update, exampleRequest(update, "no-such-product"), admin.script()),
      404,
    );
    await expectDocumented(
      update,
      await send(update, like(update, "operator-role", { params }), operator.script()),
      403,
    );
  });

  it("operators: listed (200), not for a VIEWER (403); created (201), a taken e-mail (409); disabled (200), demoting oneself (403)", async () => {
    const list = operators.adminListOperators;
    await expectDocumented(list, await send(list, exampleRequest(list, "operators"), admin.script()), 200);
    await expectDocumented(list, await send(list, exampleRequest(list, "viewer"), viewer.script()), 403);

    const create = operators.adminCreateOperator;
    const created = await expectDocumented(
      create,
      await send(create, exampleRequest(create, "new-viewer"), admin.browser(app.url)),
      201,
    );
    expect(created).toMatchObject({ email: "sara.accounts@shop.example", role: "VIEWER" });
    const taken = exampleRequest(create, "email-taken");
    const sameEmail = { ...taken, body: { ...(taken.body as object), email: operator.email } };
    await expectDocumented(create, await send(create, sameEmail, admin.script()), 409);

    const update = operators.adminUpdateOperator;
    const disable = like(update, "disable", { params: { id: created.id as string } });
    const disabled = await expectDocumented(update, await send(update, disable, admin.browser(app.url)), 200);
    expect(disabled.disabledAt).toEqual(expect.any(String));
    const demoteSelf = like(update, "demote-self", { params: { id: admin.id } });
    await expectDocumented(update, await send(update, demoteSelf, admin.browser(app.url)), 403);
  });

  it("API keys: created (201) with its secret, a key without an end (400), not by an OPERATOR (403); listed (200), not for an OPERATOR (403); revoked (200), unknown (404); the key itself reads (200)", async () => {
    const create = apiKeys.adminCreateApiKey;
    const created = await expectDocumented(
      create,
      await send(create, exampleRequest(create, "export-key"), admin.browser(app.url)),
      201,
    );
    expect(created).toMatchObject({ name: "nightly CSV export", role: "VIEWER", state: "ACTIVE" });
    const forever = { body: { name: "forever", role: "VIEWER", expiresInDays: 3650 } };
    await expectDocumented(create, await send(create, forever, admin.script()), 400);
    await expectDocumented(
      create,
      await send(create, exampleRequest(create, "operator"), operator.script()),
      403,
    );

    const list = apiKeys.adminListApiKeys;
    await expectDocumented(list, await send(list, exampleRequest(list, "keys"), admin.script()), 200);
    await expectDocumented(list, await send(list, exampleRequest(list, "operator"), operator.script()), 403);

    const viaKey = orders.adminListOrders;
    const secret = { Authorization: `Bearer ${created.secret as string}` };
    await expectDocumented(viaKey, await send(viaKey, { query: { limit: 1 } }, secret), 200);

    const revoke = apiKeys.adminRevokeApiKey;
    const revoked = await expectDocumented(
      revoke,
      await send(
        revoke,
        like(revoke, "revoked", { params: { id: created.id as string } }),
        admin.browser(app.url),
      ),
      200,
    );
    expect(revoked.state).toBe("REVOKED");
    await expectDocumented(
      revoke,
      await send(revoke, exampleRequest(revoke, "unknown"), admin.script()),
      404,
    );
    await expectDocumented(viaKey, await send(viaKey, { query: { limit: 1 } }, secret), 401);
  });

  it("webhooks: added (201) with its secret, a bad URL (400); listed (200), not for an OPERATOR (403); changed (200), unknown (404); its log (200), unknown (404); the dead letter (200), not signed in (401); a delivery re-sent (200), unknown (404); deleted (200), unknown (404)", async () => {
    const create = webhooks.adminCreateWebhookEndpoint;
    const created = await expectDocumented(
      create,
      await send(create, exampleRequest(create, "fulfilment"), admin.browser(app.url)),
      201,
    );
    expect(created.secret).toMatch(/^whsec_/);
    const endpointId = created.id as string;
    await expectDocumented(
      create,
      await send(create, { body: { url: "ftp://shop.example" } }, admin.script()),
      400,
    );

    const list = webhooks.adminListWebhookEndpoints;
    const listed = await expectDocumented(list, await send(list, {}, admin.script()), 200);
    expect(JSON.stringify(listed)).not.toContain("whsec_");
    await expectDocumented(list, await send(list, exampleRequest(list, "operator"), operator.script()), 403);

    const update = webhooks.adminUpdateWebhookEndpoint;
    const off = await expectDocumented(
      update,
      await send(update, like(update, "off", { params: { id: endpointId } }), admin.browser(app.url)),
      200,
    );
    expect(off.enabled).toBe(false);
    await expectDocumented(
      update,
      await send(update, exampleRequest(update, "unknown"), admin.script()),
      404,
    );
    await send(update, { params: { id: endpointId }, body: { enabled: true, events: [] } }, admin.script());

    // A paid order's events, dispatched as the events worker does: one delivery each to the endpoint.
    const { orderId } = await app.paidOrder();
    await dispatchEvents(app.db.prisma, () => [], 10_000);
    const log = webhooks.adminListEndpointDeliveries;
    const deliveries = await expectDocumented(
      log,
      await send(log, like(log, "log", { params: { id: endpointId } }), admin.script()),
      200,
    );
    const ofOrder = (deliveries.deliveries as { id: string; orderId: string; eventType: string }[]).filter(
      (delivery) => delivery.orderId === orderId,
    );
    expect(ofOrder.map((delivery) => delivery.eventType).sort()).toEqual(["order.created", "order.paid"]);
    await expectDocumented(log, await send(log, exampleRequest(log, "unknown"), admin.script()), 404);

    const dead = webhooks.adminListDeadDeliveries;
    await expectDocumented(dead, await send(dead, {}, viewer.script()), 200);
    await expectDocumented(dead, await send(dead, {}, {}), 401);

    const resend = webhooks.adminResendDelivery;
    const resent = await expectDocumented(
      resend,
      await send(
        resend,
        like(resend, "resent", { params: { id: ofOrder[0]?.id as string } }),
        operator.browser(app.url),
      ),
      200,
    );
    expect(resent.status).toBe("PENDING");
    await expectDocumented(
      resend,
      await send(resend, exampleRequest(resend, "unknown"), operator.script()),
      404,
    );

    const remove = webhooks.adminDeleteWebhookEndpoint;
    await expectDocumented(
      remove,
      await send(remove, like(remove, "deleted", { params: { id: endpointId } }), admin.browser(app.url)),
      200,
    );
    await expectDocumented(
      remove,
      await send(remove, exampleRequest(remove, "unknown"), admin.script()),
      404,
    );
  });

  it("alerts: a rule added (201), a mail rule with a URL (400); listed (200), not for an OPERATOR (403); turned off (200), unknown (404); messages (200), not for an OPERATOR (403); deleted (200), unknown (404)", async () => {
    const create = alerts.adminCreateAlertRule;
    const rule = await expectDocumented(
      create,
      await send(create, exampleRequest(create, "unknown-payments"), admin.browser(app.url)),
      201,
    );
    const wrongTarget = {
      body: { eventType: "refund.failed", channel: "EMAIL", target: "https://chat.example/x" },
    };
    const refused = await expectDocumented(create, await send(create, wrongTarget, admin.script()), 400);
    expect(JSON.stringify(refused)).toContain("must be an e-mail address");

    const list = alerts.adminListAlertRules;
    await expectDocumented(list, await send(list, {}, admin.script()), 200);
    await expectDocumented(list, await send(list, exampleRequest(list, "operator"), operator.script()), 403);

    const update = alerts.adminUpdateAlertRule;
    const off = await expectDocumented(
      update,
      await send(update, like(update, "off", { params: { id: rule.id as string } }), admin.browser(app.url)),
      200,
    );
    expect(off.enabled).toBe(false);
    await expectDocumented(
      update,
      await send(update, exampleRequest(update, "unknown"), admin.script()),
      404,
    );

    const messages = alerts.adminListAlertMessages;
    await expectDocumented(messages, await send(messages, {}, admin.script()), 200);
    await expectDocumented(messages, await send(messages, {}, operator.script()), 403);

    const remove = alerts.adminDeleteAlertRule;
    await expectDocumented(
      remove,
      await send(
        remove,
        like(remove, "deleted", { params: { id: rule.id as string } }),
        admin.browser(app.url),
      ),
      200,
    );
    await expectDocumented(
      remove,
      await send(remove, exampleRequest(remove, "unknown"), admin.script()),
      404,
    );
  });

  it("sessions: yours listed (200), another's not for an OPERATOR (403); one ended by an ADMIN (200), unknown (404); your others ended (200), not signed in (401)", async () => {
    const someone = await createTestOperator(app.db.prisma, "FINANCE");
    const list = sessions.adminListSessions;
    const listed = await expectDocumented(list, await send(list, {}, someone.script()), 200);
    expect(listed.sessions).toMatchObject([{ id: someone.sessionId, current: true }]);
    await expectDocumented(
      list,
      await send(list, exampleRequest(list, "someone-else"), someone.script()),
      403,
    );

    const end = sessions.adminEndSession;
    const ended = await expectDocumented(
      end,
      await send(end, like(end, "laptop", { params: { id: someone.sessionId } }), admin.browser(app.url)),
      200,
    );
    // Ended by an ADMIN: the reason says so, for the operator's sign-in page to tell them.
    expect(ended).toMatchObject({ endedReason: "ENDED_BY_ADMIN", current: false });
    await expectDocumented(end, await send(end, exampleRequest(end, "unknown"), admin.script()), 404);

    const others = sessions.adminEndOtherSessions;
    const another = await createTestOperator(app.db.prisma, "VIEWER");
    await expectDocumented(others, await send(others, {}, another.browser(app.url)), 200);
    const colleague = await createTestOperator(app.db.prisma, "SUPPORT");
    const everywhere = await expectDocumented(
      others,
      await send(
        others,
        like(others, "someone-else", { query: { operatorId: colleague.id } }),
        admin.script(),
      ),
      200,
    );
    expect(everywhere).toEqual({ ended: 1 });
    await expectDocumented(others, await send(others, exampleRequest(others, "signed-out"), {}), 401);
  });

  it("two-step sign-in: started (200), confirmed (200), a wrong code (400), not signed in (401); reset by an ADMIN (200), not by an OPERATOR (403)", async () => {
    const someone = await createTestOperator(app.db.prisma, "FINANCE");
    const start = secondFactor.adminStartSecondFactor;
    const started = await expectDocumented(start, await send(start, {}, someone.browser(app.url)), 200);
    await expectDocumented(start, await send(start, exampleRequest(start, "signed-out"), {}), 401);

    const confirm = secondFactor.adminConfirmSecondFactor;
    await expectDocumented(
      confirm,
      await send(confirm, exampleRequest(confirm, "wrong-code"), someone.browser(app.url)),
      400,
    );
    const code = new TOTP({ secret: started.secret as string, period: 30 }).generate();
    await expectDocumented(
      confirm,
      await send(confirm, like(confirm, "confirmed", { body: { code } }), someone.browser(app.url)),
      200,
    );

    const reset = secondFactor.adminResetSecondFactor;
    await expectDocumented(
      reset,
      await send(reset, like(reset, "operator", { params: { id: someone.id } }), operator.script()),
      403,
    );
    await expectDocumented(
      reset,
      await send(reset, like(reset, "reset", { params: { id: someone.id } }), admin.browser(app.url)),
      200,
    );
  });

  it("audit log: an operator's entries (200); not for Support (403)", async () => {
    const { orderId } = await app.paidOrder();
    const reconcile = like(actions.adminReconcileOrder, "settled", {
      params: { id: orderId },
      headers: newKey(),
    });
    await send(actions.adminReconcileOrder, reconcile, operator.script());
    const endpoint = lists.adminListAuditEntries;
    const page = await expectDocumented(
      endpoint,
      await send(
        endpoint,
        like(endpoint, "by-operator", { query: { operatorId: operator.id } }),
        admin.script(),
      ),
      200,
    );
    expect((page.entries as { action: string }[]).map((entry) => entry.action)).toContain("order.reconcile");
    await expectDocumented(
      endpoint,
      await send(
        endpoint,
        exampleRequest(endpoint, "operator-role"),
        (await createTestOperator(app.db.prisma, "SUPPORT")).script(),
      ),
      403,
    );
  });
});

describe("passkeys", () => {
  it("options (200), added with the browser's answer (201) or refused without a ceremony (409); listed (200); removed (204) or unknown (404); a sign-in ceremony (200)", async () => {
    const someone = await createTestOperator(app.db.prisma, "VIEWER");
    const start = passkeys.adminStartPasskey;
    const options = await expectDocumented(
      start,
      await send(start, exampleRequest(start, "options"), someone.browser(app.url)),
      200,
    );
    const add = passkeys.adminAddPasskey;
    const key = softwarePasskey(someone.id);
    const answer = key.register(options as { challenge: string; rp: { id?: string } }, app.url);
    const added = await expectDocumented(
      add,
      await send(add, { body: { name: "Shop phone", response: answer } }, someone.browser(app.url)),
      201,
    );
    await expectDocumented(
      add,
      await send(add, exampleRequest(add, "not-started"), someone.browser(app.url)),
      409,
    );
    const list = passkeys.adminListPasskeys;
    const listed = await expectDocumented(
      list,
      await send(list, exampleRequest(list, "one"), someone.script()),
      200,
    );
    expect((listed.passkeys as { id: string }[]).map((passkey) => passkey.id)).toEqual([added.id]);
    await expectDocumented(list, await send(list, {}, {}), 401);
    await expectDocumented(start, await send(start, {}, {}), 401);
    const remove = passkeys.adminRemovePasskey;
    await expectDocumented(
      remove,
      await send(remove, exampleRequest(remove, "unknown"), someone.browser(app.url)),
      404,
    );
    const removing = like(remove, "removed", { params: { id: added.id as string } });
    await expectDocumented(remove, await send(remove, removing, someone.browser(app.url)), 204);
    const ceremony = startPasskeySignIn;
    await expectDocumented(ceremony, await send(ceremony, exampleRequest(ceremony, "ceremony")), 200);
    // From one address, the 21st ceremony within a minute is refused.
    const from = { "x-forwarded-for": distinctAddress() };
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await app.call("POST", "/api/sign-in/passkey", { headers: from })).status).toBe(200);
    }
    await expectDocumented(ceremony, await send(ceremony, {}, from), 429);
  });
});

describe("roles", () => {
  it("listed (200), not for Finance (403); created (201), a taken name (409); changed (200), Admin kept whole (403); removed (204), a built-in one kept (403); the second-factor policy (200, 403)", async () => {
    const list = roles.adminListRoles;
    await expectDocumented(list, await send(list, exampleRequest(list, "roles"), admin.script()), 200);
    await expectDocumented(
      list,
      await send(list, exampleRequest(list, "not-allowed"), operator.script()),
      403,
    );

    const create = roles.adminCreateRole;
    const created = await expectDocumented(
      create,
      await send(create, exampleRequest(create, "night-cashier"), admin.browser(app.url)),
      201,
    );
    expect(created).toMatchObject({ key: "NIGHT_CASHIER", builtIn: false, refundLimitFils: "10000000" });
    await expectDocumented(
      create,
      await send(create, exampleRequest(create, "name-taken"), admin.script()),
      409,
    );

    const update = roles.adminUpdateRole;
    const lowered = like(update, "lower-limit", { params: { key: "NIGHT_CASHIER" } });
    await expectDocumented(update, await send(update, lowered, admin.script()), 200);
    await expectDocumented(
      update,
      await send(update, exampleRequest(update, "admin-narrowed"), admin.script()),
      403,
    );

    const remove = roles.adminDeleteRole;
    await expectDocumented(
      remove,
      await send(remove, exampleRequest(remove, "removed"), admin.browser(app.url)),
      204,
    );
    await expectDocumented(
      remove,
      await send(remove, exampleRequest(remove, "built-in"), admin.script()),
      403,
    );

    const policy = roles.adminSetSecondFactorPolicy;
    await expectDocumented(
      policy,
      await send(policy, exampleRequest(policy, "not-allowed"), operator.script()),
      403,
    );
    const off = { body: { requireSecondFactor: false } };
    const answer = await expectDocumented(policy, await send(policy, off, admin.script()), 200);
    expect(answer.rolesChanged).toBe(0);
  });
});

describe("subscriptions", () => {
  it("list by a plan's SKU (200), 401 signed out; CSV (200), not for Support (403); one (200), unknown (404)", async () => {
    const plan = await definePlan(app.db.prisma, {
      sku: "COFFEE-CLUB",
      name: "Coffee club",
      nameArabic: "نادي القهوة",
      priceFils: 20_000_000n,
      intervalUnit: "MONTH",
    });
    const { subscriptionId } = await subscribeThroughRoutes(app, plan.id);
    const list = subscriptions.adminListSubscriptions;
    const page = await expectDocumented(
      list,
      await send(list, exampleRequest(list, "active-by-plan"), viewer.script()),
      200,
    );
    expect((page.subscriptions as { id: string }[]).map((row) => row.id)).toEqual([subscriptionId]);
    expect(page.match).toEqual({ kind: "plans", planIds: [plan.id], by: "plan" });
    await expectDocumented(list, await send(list, exampleRequest(list, "signed-out")), 401);

    const csv = subscriptions.adminExportSubscriptions;
    const file = await expectDocumented(
      csv,
      await send(csv, { query: { planId: plan.id } }, viewer.script()),
      200,
    );
    expect(String(file)).toContain(subscriptionId);
    const support = await createTestOperator(app.db.prisma, "SUPPORT");
    await expectDocumented(csv, await send(csv, exampleRequest(csv, "viewer-less"), support.script()), 403);

    const one = subscriptions.adminGetSubscription;
    const detail = await expectDocumented(
      one,
      await send(one, like(one, "active", { params: { id: subscriptionId } }), operator.script()),
      200,
    );
    expect((detail.periods as { number: number }[]).map((period) => period.number)).toEqual([2, 1]);
    await expectDocumented(one, await send(one, exampleRequest(one, "unknown"), viewer.script()), 404);
  });

  it("pause (200, 403), resume (200, 409), cancel (200, 404), charge now (200, 409), refund a period (200, 409)", async () => {
    const plan = await definePlan(app.db.prisma, {
      sku: "TEA-CLUB",
      name: "Tea club",
      nameArabic: "نادي الشاي",
      priceFils: 20_000_000n,
      intervalUnit: "MONTH",
    });
    const act = async (
      endpoint: Endpoint,
      example: string,
      changes: ExampleRequest,
      who: TestOperator,
      status: number,
    ) =>
      expectDocumented(
        endpoint,
        await send(endpoint, like(endpoint, example, { headers: newKey(), ...changes }), who.script()),
        status,
      );
    const { subscriptionId: id } = await subscribeThroughRoutes(app, plan.id);
    const { adminPauseSubscription: pause, adminResumeSubscription: resume } = subscriptionActions;
    const { adminCancelSubscription: cancel, adminRetrySubscriptionCharge: retry } = subscriptionActions;
    const refund = subscriptionActions.adminRefundSubscriptionPeriod;
    await act(pause, "viewer", { params: { id } }, viewer, 403);
    expect(await act(pause, "paused", { params: { id } }, operator, 200)).toMatchObject({
      subscription: { status: "PAUSED" },
    });
    expect(await act(resume, "resumed", { params: { id } }, operator, 200)).toMatchObject({
      subscription: { status: "ACTIVE" },
    });
    await act(resume, "not-paused", { params: { id } }, operator, 409);
    await act(retry, "tried-since", { params: { id }, body: { period: 2, attemptsSeen: 0 } }, operator, 409);
    await act(refund, "part-of-period", { params: { id, number: "1" } }, operator, 200);
    await act(refund, "not-paid", { params: { id, number: "2" } }, operator, 409);
    await act(cancel, "at-period-end", { params: { id } }, operator, 200);
    await act(cancel, "unknown", {}, operator, 404);

    // A customer whose balance ran out: period 2 is dunned, then charged now once topped up.
    const poor = await subscribeThroughRoutes(app, plan.id, { balance: "20000000" });
    const dunned = await chargeOpenPeriodNow(app, poor.subscriptionId);
    expect(dunned.firstFailedAt).not.toBeNull();
    await app.sandbox.createUser({ userId: poor.userId, balance: "20000000" });
    const paid = await act(
      retry,
      "paid",
      { params: { id: poor.subscriptionId }, body: { period: 2, attemptsSeen: dunned.attempts } },
      operator,
      200,
    );
    expect(paid).toMatchObject({ outcome: "PAID", period: 2, order: { status: "PAID" } });
  });
});

describe("coverage", () => {
  it("checked a success and an error of every console endpoint against the document", () => {
    const missing = operatorConsoleApi.endpoints.flatMap((endpoint) => {
      const statuses = [...(checked.get(endpoint.operationId) ?? [])];
      return [
        ...(statuses.some((status) => status < 300) ? [] : [`${endpoint.operationId}: a success`]),
        ...(statuses.some((status) => status >= 400) ? [] : [`${endpoint.operationId}: an error`]),
      ];
    });
    expect(missing).toEqual([]);
  });
});
