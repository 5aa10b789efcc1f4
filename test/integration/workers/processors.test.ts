// The workers' processors, run directly against a test database and the wallet sandbox (as BullMQ
// would run them, minus Redis): each settles its kind of work from the wallet's answers only, retries
// with the same request ids, and finds nothing left to do when run again.
// Jobs the services enqueue are not run here: the merchant harness records them in memory
// (test/support/job-recorder.ts, `merchant.jobs`), so a test checks the hand-over and runs what it needs.
import { UnrecoverableError } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getProfile } from "@/lib/customers/get-profile";
import { createPush } from "@/lib/customers/push/send-push";
import { requestEscrowOperation } from "@/lib/payments/escrow/escrow-operations";
import { createOrder } from "@/lib/payments/orders/create-order";
import { requestRefund } from "@/lib/payments/refunds/request-refund";
import type { ServiceContext } from "@/lib/platform/context/service-context";
import { SCAN_JOB } from "@/lib/platform/queue/definitions";
import { DEFAULT_JOB_SETTINGS, type JobSettings } from "@/lib/platform/queue/settings";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";
import { processExpiry } from "@/workers/expiry";
import { processNotification } from "@/workers/notifications";
import { processPush } from "@/workers/push";
import { processReconcile } from "@/workers/reconcile";
import { processRefundPoll } from "@/workers/refund-poll";
import { processTokenRefresh } from "@/workers/token-refresh";

let merchant: MerchantHarness;
beforeAll(async () => {
  merchant = await startMerchant({ sandbox: { settings: { refundDelaySeconds: 0 } } });
});
afterAll(() => merchant.close());
restoreSandboxAfterEach(() => merchant?.sandbox);

const settings: JobSettings = DEFAULT_JOB_SETTINGS;
const job = (name: string, data: unknown) => ({ id: "test", name, data });
const reconcile = (kind: string, id: string, options: Partial<JobSettings> = {}) =>
  processReconcile(merchant.ctx, job("reconcile", { kind, id }), { ...settings, ...options });

const orderRow = (id: string) => merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id } });
const eventsOf = async (orderId: string, type: string) =>
  merchant.ctx.prisma.orderEvent.count({ where: { orderId, type } });
const calls = (operation: string, where: Record<string, unknown> = {}) =>
  merchant.ctx.prisma.walletCall.count({ where: { operation, ...where } });

async function cashierOrder(flow: "CASHIER" | "ESCROW" = "CASHIER", customerId?: string) {
  const customer = customerId ?? (await merchant.newCustomer()).customerId;
  const { order } = await createOrder(merchant.ctx, customer, {
    flow,
    items: [{ sku: "COFFEE", quantity: 2 }],
    idempotencyKey: crypto.randomUUID(),
  });
  return order;
}

async function paidOrder(flow: "CASHIER" | "ESCROW" = "CASHIER") {
  const order = await cashierOrder(flow);
  await merchant.sandbox.payAtCashier(order.paymentId as string);
  return merchant.eventually(async () => {
    const current = await orderRow(order.id);
    return current.status === "PAID" && current;
  });
}

/** The same services, with one wallet operation replaced (to play a crash or an odd answer). */
function withWallet(overrides: Partial<ServiceContext["wallet"]>): ServiceContext {
  return { ...merchant.ctx, wallet: { ...merchant.ctx.wallet, ...overrides } };
}

describe("reconcile: payments", () => {
  it("a pay answered U is settled from the wallet's answers, and never twice", async () => {
    await merchant.sandbox.setFault("pay", "U");
    const order = await cashierOrder();
    expect(order.status).toBe("UNKNOWN");

    // The wallet has the payment but we never saw its cashier URL: pay is asked again, same id.
    expect(await reconcile("order", order.id)).toBe("resent");
    const pending = await orderRow(order.id);
    expect(pending).toMatchObject({ status: "PENDING", redirectionUrl: expect.any(String) });
    expect(await calls("pay", { requestKey: order.paymentRequestId })).toBe(2);

    await merchant.sandbox.setFault("payment", "DROP_NOTIFICATION");
    await merchant.sandbox.payAtCashier(pending.paymentId as string);
    expect(await reconcile("order", order.id)).toBe("settled");
    expect(await reconcile("order", order.id)).toBe("nothing-to-do");
    expect((await orderRow(order.id)).status).toBe("PAID");
    expect(await eventsOf(order.id, "PAY_SUCCEEDED")).toBe(1);
  });

  it("while the wallet keeps answering U the order stays UNKNOWN with growing backoff, then is flagged", async () => {
    await merchant.sandbox.setFault("pay", "U");
    const order = await cashierOrder();
    await merchant.sandbox.setFault("inquiryPayment", "U", 3);
    expect(await reconcile("order", order.id)).toBe("waiting");
    const first = await orderRow(order.id);
    expect(await reconcile("order", order.id)).toBe("waiting");
    const second = await orderRow(order.id);
    expect(second.reconcileAttempts).toBe(2);
    expect((second.nextReconcileAt as Date).getTime()).toBeGreaterThan(
      (first.nextReconcileAt as Date).getTime(),
    );
    expect(await reconcile("order", order.id, { flagAfterMs: 0 })).toBe("flagged");
    const flagged = await orderRow(order.id);
    expect(flagged).toMatchObject({ status: "UNKNOWN", needsAttention: true });
    expect(flagged.attentionReason).toContain("not settled");
  });

  it("an order left CREATED by a crash before pay is sent with the same paymentRequestId", async () => {
    const crashed = withWallet({
      pay: async () => {
        throw new Error("process died before the wallet answered");
      },
    });
    const { customerId } = await merchant.newCustomer();
    const error = await createOrder(crashed, customerId, {
      flow: "CASHIER",
      items: [{ sku: "COFFEE", quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    const order = await merchant.ctx.prisma.order.findFirstOrThrow({ where: { customerId } });
    expect(order.status).toBe("CREATED");
    expect(await reconcile("order", order.id)).toBe("resent");
    expect(await orderRow(order.id)).toMatchObject({ status: "PENDING", redirectionUrl: expect.any(String) });
    expect(await calls("pay", { requestKey: order.paymentRequestId })).toBe(1);
  });
});

describe("reconcile: refunds", () => {
  it("a refund answered U is settled by inquiryRefund; the amount stays reserved until then", async () => {
    const order = await paidOrder();
    await merchant.sandbox.setFault("refund", "U");
    await merchant.sandbox.setFault("refund", "DROP_NOTIFICATION");
    const refund = await requestRefund(merchant.ctx, order.id, { amountFils: 1_000_000n, requestedBy: "op" });
    expect(refund.status).toBe("UNKNOWN");
    expect(await reconcile("refund", refund.id)).toBe("settled");
    expect(await merchant.ctx.prisma.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({
      status: "SUCCESS",
    });
    expect((await orderRow(order.id)).refundedFils).toBe(1_000_000n);
    expect(await eventsOf(order.id, "REFUND_SUCCESS")).toBe(1);
    expect(await reconcile("refund", refund.id)).toBe("nothing-to-do");
  });

  it("a refund still unknown after the flag time is flagged for a person and announced once", async () => {
    const order = await paidOrder();
    await merchant.sandbox.setFault("refund", "U");
    await merchant.sandbox.setFault("refund", "DROP_NOTIFICATION");
    const refund = await requestRefund(merchant.ctx, order.id, { amountFils: 1_000_000n, requestedBy: "op" });
    await merchant.sandbox.setFault("inquiryRefund", "U", 2);
    const options = { flagAfterMs: 0, refundPollIntervalMs: 0 };
    expect(await reconcile("refund", refund.id, options)).toBe("flagged");
    expect(await reconcile("refund", refund.id, options)).toBe("flagged");
    const flagged = await merchant.ctx.prisma.refund.findUniqueOrThrow({ where: { id: refund.id } });
    expect(flagged).toMatchObject({
      status: "UNKNOWN",
      needsAttention: true,
      attentionFlag: { kind: "OPERATION_UNSETTLED", operation: "refund", afterMs: 0 },
    });
    const announced = await merchant.ctx.prisma.outboxEvent.findMany({
      where: { orderId: order.id, type: "order.flagged" },
    });
    expect(announced.map((event) => event.payload)).toEqual([
      {
        orderId: order.id,
        flag: { kind: "OPERATION_UNSETTLED", operation: "refund", afterMs: 0 },
        reason: flagged.attentionReason,
        actor: "worker:reconcile",
      },
    ]);
  });

  it("a refund the wallet never received is sent again with the same refundRequestId", async () => {
    const order = await paidOrder();
    const crashed = withWallet({
      refund: async () => {
        throw new Error("process died before the wallet answered");
      },
    });
    await expect(
      requestRefund(crashed, order.id, { amountFils: 2_000_000n, requestedBy: "op" }),
    ).rejects.toThrow();
    const refund = await merchant.ctx.prisma.refund.findFirstOrThrow({ where: { orderId: order.id } });
    expect(refund.status).toBe("CREATED");
    expect(await reconcile("refund", refund.id)).toBe("settled");
    expect(await merchant.ctx.prisma.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({
      status: "SUCCESS",
    });
    expect(await calls("refund", { requestKey: refund.refundRequestId })).toBe(1);
  });

  it("refund poll: SUCCESS settles the refund; polls closer than 5 s are not sent", async () => {
    await merchant.sandbox.settings({ refundDelaySeconds: 30 });
    try {
      const order = await paidOrder();
      await merchant.sandbox.setFault("refund", "DROP_NOTIFICATION");
      const refund = await requestRefund(merchant.ctx, order.id, { amountFils: 500_000n, requestedBy: "op" });
      expect(refund.status).toBe("PROCESSING");
      const poll = (n: number) =>
        processRefundPoll(merchant.ctx, job("refund-poll", { refundId: refund.id, poll: n }));

      expect(await poll(0)).toMatchObject({ state: "poll-again", delayMs: 5_000 });
      // A second poll right away (a duplicate job, another process): not sent, rescheduled.
      expect(await poll(1)).toMatchObject({ state: "poll-again" });
      expect(await calls("inquiryRefund", { refundId: refund.id })).toBe(1);
      expect(merchant.jobs.of("refund-poll").map((recorded) => recorded.payload)).toContainEqual({
        refundId: refund.id,
        poll: 2,
      });

      await merchant.advanceClock(31);
      expect(await poll(2)).toMatchObject({ state: "settled", status: "SUCCESS" });
      expect(await poll(3)).toEqual({ state: "not-polling" });
    } finally {
      await merchant.sandbox.settings({ refundDelaySeconds: 0 });
    }
  });

  it("REFUND_NOT_EXIST while the refund is in process counts as pending; after a minute reconciliation takes over", async () => {
    await merchant.sandbox.settings({ refundDelaySeconds: 600 });
    try {
      const order = await paidOrder();
      const refund = await requestRefund(merchant.ctx, order.id, { amountFils: 700_000n, requestedBy: "op" });
      expect(refund.status).toBe("PROCESSING");
      const notFound = withWallet({
        inquiryRefund: () => merchant.ctx.wallet.inquiryRefund({ refundRequestId: "refund_never_heard_of" }),
      });
      const result = await processRefundPoll(notFound, job("refund-poll", { refundId: refund.id }));
      expect(result).toMatchObject({ state: "poll-again" });
      expect((await merchant.ctx.prisma.refund.findUniqueOrThrow({ where: { id: refund.id } })).status).toBe(
        "PROCESSING",
      );

      await merchant.advanceClock(61);
      expect(
        await processRefundPoll(merchant.ctx, job("refund-poll", { refundId: refund.id, poll: 1 })),
      ).toMatchObject({
        state: "handed-over",
      });
      expect(merchant.jobs.of("reconcile")).toContainEqual(
        expect.objectContaining({ payload: { kind: "refund", id: refund.id } }),
      );
      const reconciled = await processReconcile(
        notFound,
        job("reconcile", { kind: "refund", id: refund.id }),
      );
      expect(reconciled).toBe("waiting");
      const after = await merchant.ctx.prisma.refund.findUniqueOrThrow({ where: { id: refund.id } });
      expect(after).toMatchObject({ status: "PROCESSING", checkAttempts: 1 });
      expect((await orderRow(order.id)).refundedFils).toBe(700_000n);
    } finally {
      await merchant.sandbox.settings({ refundDelaySeconds: 0 });
    }
  });
});

describe("reconcile: escrow operations", () => {
  it("a void answered U is sent again with the same voidRequestId and applied once", async () => {
    const order = await paidOrder("ESCROW");
    await requestEscrowOperation(merchant.ctx, order.id, { type: "ACCEPT", requestedBy: "op" });
    await merchant.sandbox.setFault("void", "U");
    // Without the void notification, only reconciliation can settle it.
    await merchant.sandbox.setFault("void", "DROP_NOTIFICATION");
    const voided = await requestEscrowOperation(merchant.ctx, order.id, { type: "VOID", requestedBy: "op" });
    expect(voided).toMatchObject({ state: "IN_PROGRESS", operation: { status: "UNKNOWN" } });
    expect(await reconcile("escrow-operation", voided.operation.id)).toBe("settled");
    expect(await orderRow(order.id)).toMatchObject({ status: "VOIDED", voidedFils: order.amountFils });
    expect(await calls("void", { requestKey: voided.operation.requestId })).toBe(2);
    expect(await eventsOf(order.id, "VOIDED")).toBe(1);
    expect(await reconcile("escrow-operation", voided.operation.id)).toBe("nothing-to-do");
  });

  it("a merchantAccept answered U is found done in inquiryPayment's transactions, not sent again", async () => {
    const order = await paidOrder("ESCROW");
    await merchant.sandbox.setFault("merchantAccept", "U");
    const accepted = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "ACCEPT",
      requestedBy: "op",
    });
    expect(accepted.state).toBe("IN_PROGRESS");
    expect(await reconcile("escrow-operation", accepted.operation.id)).toBe("settled");
    expect((await orderRow(order.id)).status).toBe("ACCEPTED");
    expect(await calls("merchantAccept", { orderId: order.id })).toBe(1);
  });

  it("while inquiryPayment answers U a cancel stays unknown with growing backoff, then the order is flagged", async () => {
    const order = await paidOrder("ESCROW");
    await merchant.sandbox.setFault("cancel", "U");
    const cancel = await requestEscrowOperation(merchant.ctx, order.id, {
      type: "CANCEL",
      requestedBy: "op",
    });
    await merchant.sandbox.setFault("inquiryPayment", "U", 2);
    expect(await reconcile("escrow-operation", cancel.operation.id)).toBe("waiting");
    expect(await reconcile("escrow-operation", cancel.operation.id, { flagAfterMs: 0 })).toBe("flagged");
    const operation = await merchant.ctx.prisma.escrowOperation.findUniqueOrThrow({
      where: { id: cancel.operation.id },
    });
    expect(operation).toMatchObject({ status: "UNKNOWN", attempts: 3 });
    expect(await orderRow(order.id)).toMatchObject({ status: "PAID", needsAttention: true });
    // The wallet answers again: the cancel it did is found, and applied once.
    expect(await reconcile("escrow-operation", cancel.operation.id)).toBe("settled");
    expect((await orderRow(order.id)).status).toBe("CANCELLED");
    expect(await calls("cancel", { orderId: order.id })).toBe(1);
  });
});

describe("token refresh", () => {
  it("refreshes a token about to expire once, even when asked three times at once", async () => {
    await merchant.sandbox.settings({ accessTokenTtlSeconds: 120 });
    try {
      const { customerId } = await merchant.newCustomer();
      await processTokenRefresh(merchant.ctx, job(SCAN_JOB, {}));
      expect(merchant.jobs.of("token-refresh").map((recorded) => recorded.payload)).toContainEqual({
        customerId,
      });
      const before = await calls("applyToken");
      const results = await Promise.all(
        [1, 2, 3].map(() => processTokenRefresh(merchant.ctx, job("token-refresh", { customerId }))),
      );
      // All three end with a refreshed token; only one of them asked the wallet.
      expect(results).toEqual(["refreshed", "refreshed", "refreshed"]);
      expect(await calls("applyToken")).toBe(before + 1);
      const token = await merchant.ctx.prisma.walletToken.findUniqueOrThrow({ where: { customerId } });
      expect(token.version).toBe(1);
      expect(token.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now());
      // The new token (2 min) is outside a 1 min refresh-ahead window: nothing to do.
      const oneMinuteAhead = { ...settings, tokenRefreshAheadMs: 60_000 };
      expect(
        await processTokenRefresh(merchant.ctx, job("token-refresh", { customerId }), oneMinuteAhead),
      ).toBe("fresh");
    } finally {
      await merchant.sandbox.settings({ accessTokenTtlSeconds: 3600 });
    }
  });

  it("a request that finds the token expired and the refresh worker, at the same moment, refresh it once", async () => {
    // The wrong implementation this catches: each path refreshing on its own (tried by letting every
    // caller take the refresh lease: two REFRESH_TOKEN exchanges). Slowed so the request's refresh is
    // still at the wallet when the worker's starts.
    // A token that lives one second, past its end for the wallet and for us alike.
    await merchant.sandbox.settings({ accessTokenTtlSeconds: 1 });
    const { customerId } = await merchant
      .newCustomer()
      .finally(() => merchant.sandbox.settings({ accessTokenTtlSeconds: 3600 }));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const refreshes = () =>
      merchant.ctx.prisma.walletCall.count({
        where: { operation: "applyToken", requestBody: { path: ["grantType"], equals: "REFRESH_TOKEN" } },
      });
    const before = await refreshes();
    await merchant.sandbox.settings({ operationLatencyMs: 400 });
    try {
      const [profile, worker] = await Promise.all([
        getProfile(merchant.ctx, customerId),
        processTokenRefresh(merchant.ctx, job("token-refresh", { customerId })),
      ]);
      expect(profile.userInfo.userId, "the request's profile, read with the refreshed token").toBeTruthy();
      expect(["refreshed", "fresh"], `the worker's result: ${worker}`).toContain(worker);
    } finally {
      await merchant.sandbox.settings({ operationLatencyMs: 0 });
    }
    expect(await refreshes(), "REFRESH_TOKEN exchanges with the wallet").toBe(before + 1);
    const token = await merchant.ctx.prisma.walletToken.findUniqueOrThrow({ where: { customerId } });
    expect(token).toMatchObject({ version: 1, refreshLeaseUntil: null });
    expect(token.accessTokenExpiresAt.getTime()).toBeGreaterThan(merchant.ctx.now().getTime());
  });

  it("USED_REFRESH_TOKEN: the tokens we hold stay in use and the customer is not sent back to authorize", async () => {
    await merchant.sandbox.settings({ accessTokenTtlSeconds: 240 });
    try {
      const { userId, customerId } = await merchant.newCustomer();
      // Someone else spent the refresh token (e.g. a refresh whose commit was lost).
      const stored = await merchant.ctx.prisma.walletToken.findUniqueOrThrow({ where: { customerId } });
      const { decryptSecret } = await import("@/lib/platform/crypto/secret-box");
      const refreshToken = decryptSecret(
        stored.refreshTokenCipher,
        merchant.ctx.tokenKey,
        `refresh:${customerId}`,
      );
      expect(
        (await merchant.ctx.wallet.applyToken({ grantType: "REFRESH_TOKEN", refreshToken })).status,
      ).toBe("S");

      expect(await processTokenRefresh(merchant.ctx, job("token-refresh", { customerId }))).toBe("fresh");
      const after = await merchant.ctx.prisma.walletToken.findUniqueOrThrow({ where: { customerId } });
      expect(after.accessTokenCipher).toBe(stored.accessTokenCipher);
      expect(
        (await merchant.ctx.prisma.customer.findUniqueOrThrow({ where: { id: customerId } }))
          .needsReauthorization,
      ).toBe(false);
      expect(userId).toBeTruthy();
    } finally {
      await merchant.sandbox.settings({ accessTokenTtlSeconds: 3600 });
    }
  });

  it("EXPIRED_REFRESH_TOKEN marks the customer as needing a new authorization, without retrying", async () => {
    await merchant.sandbox.settings({ refreshTokenTtlSeconds: 60 });
    try {
      const { customerId } = await merchant.newCustomer();
      await merchant.advanceClock(3_700);
      expect(await processTokenRefresh(merchant.ctx, job("token-refresh", { customerId }))).toBe(
        "needs-reauthorization",
      );
      const customer = await merchant.ctx.prisma.customer.findUniqueOrThrow({ where: { id: customerId } });
      expect(customer).toMatchObject({
        needsReauthorization: true,
        reauthorizationReason: "EXPIRED_REFRESH_TOKEN",
      });
    } finally {
      await merchant.sandbox.settings({ refreshTokenTtlSeconds: 30 * 24 * 3600 });
    }
  });
});

describe("expiry, notifications, push", () => {
  it("an order past its payment expiry is closed once the wallet says so", async () => {
    const order = await cashierOrder();
    expect(await processExpiry(merchant.ctx, job("expiry", { orderId: order.id }))).toBe("nothing-to-do");
    await merchant.sandbox.setFault("payment", "DROP_NOTIFICATION");
    await merchant.advanceClock(16 * 60);
    const scan = await processExpiry(merchant.ctx, job(SCAN_JOB, {}));
    expect((scan as { enqueued: number }).enqueued).toBeGreaterThanOrEqual(1);
    expect(merchant.jobs.of("expiry").map((recorded) => recorded.payload)).toContainEqual({
      orderId: order.id,
    });
    expect(await processExpiry(merchant.ctx, job("expiry", { orderId: order.id }))).toBe("settled");
    expect(await orderRow(order.id)).toMatchObject({ status: "CLOSED", expiryCheckedAt: expect.any(Date) });
    expect(await eventsOf(order.id, "PAY_CLOSED")).toBe(1);
  });

  it("a verified notification stored but never applied (crash) is applied by the worker", async () => {
    const order = await cashierOrder();
    await merchant.sandbox.setFault("payment", "DROP_NOTIFICATION");
    await merchant.sandbox.payAtCashier(order.paymentId as string);
    const [sent] = await merchant.sandbox.notifications({
      paymentId: order.paymentId as string,
      kind: "payment",
    });
    const stored = await merchant.ctx.prisma.notification.create({
      data: {
        kind: "PAYMENT",
        dedupeKey: `payment:${order.paymentRequestId}:SUCCESS`,
        rawBody: (sent as { body: string }).body,
        headers: {},
        verified: true,
        status: "RECEIVED",
      },
    });
    expect(await processNotification(merchant.ctx, job("notifications", { notificationId: stored.id }))).toBe(
      "APPLIED",
    );
    expect((await orderRow(order.id)).status).toBe("PAID");
    expect(await processNotification(merchant.ctx, job("notifications", { notificationId: stored.id }))).toBe(
      "NOTHING_TO_DO",
    );
  });

  it("a push answered U is sent again with its requestId", async () => {
    const { customerId } = await merchant.newCustomer({ scopes: ["USER_ID", "NOTIFICATION_PUSH"] });
    await merchant.sandbox.setFault("sendPush", "U");
    const push = await createPush(merchant.ctx, customerId, {
      title: "Ready",
      content: "Your coffee is ready",
      url: "mini://platformapi/startapp?appId=3500000000000001&page=pages/orders/index",
    });
    expect(push.status).toBe("UNKNOWN");
    expect(await processPush(merchant.ctx, job("push", { pushMessageId: push.id }))).toBe("sent");
    expect(await calls("sendPush", { requestKey: push.requestId })).toBe(2);
    expect(await processPush(merchant.ctx, job("push", { pushMessageId: push.id }))).toBe("nothing-to-do");
  });
});

describe("scans and payloads", () => {
  it("the reconcile scan claims due work once and enqueues it; a second scan finds nothing", async () => {
    await merchant.sandbox.setFault("pay", "U");
    const order = await cashierOrder();
    await merchant.ctx.prisma.order.update({
      where: { id: order.id },
      data: { nextReconcileAt: new Date(0) },
    });
    const first = await processReconcile(merchant.ctx, job(SCAN_JOB, {}));
    expect((first as { orders: number }).orders).toBeGreaterThanOrEqual(1);
    expect(merchant.jobs.of("reconcile").map((recorded) => recorded.payload)).toContainEqual({
      kind: "order",
      id: order.id,
    });
    expect(await processReconcile(merchant.ctx, job(SCAN_JOB, {}))).toEqual({
      // The order became unknown just now: payment.unknown waits PAYMENT_UNKNOWN_ALERT_MINUTES.
      unknownAnnounced: 0,
      orders: 0,
      refunds: 0,
      escrowOperations: 0,
      pushes: 0,
    });
  });

  it("a payload that can never succeed fails at once, without retries", async () => {
    await expect(
      processReconcile(merchant.ctx, job("reconcile", { kind: "invoice", id: "x" })),
    ).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(processExpiry(merchant.ctx, job("expiry", {}))).rejects.toBeInstanceOf(UnrecoverableError);
  });
});
