// Domain events end to end against the sandbox: the state modules write them with the change, the
// events worker's drain delivers them to hooks at least once, in order per order, retries with the
// schedule, gives up into the dead letter, and lets go of a delivery whose worker died.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDeliveries } from "@/lib/events/claim-deliveries";
import { dispatchEvents } from "@/lib/events/dispatch-events";
import { type DrainSettings, drainEvents } from "@/lib/events/drain-events";
import { defineHook, type Hook, hookRegistry } from "@/lib/events/hooks";
import { bindAgreement, prepareAgreement } from "@/lib/payments/agreements/agreements";
import { recordUnverifiedNotification } from "@/lib/payments/notifications/record-rejection";
import { createOrder } from "@/lib/payments/orders/create-order";
import { flagOrder } from "@/lib/payments/orders/flag-order";
import { announceUnknownPayments } from "@/lib/payments/reconcile/announce-unknown-payments";
import { reconcileOrder } from "@/lib/payments/reconcile/reconcile-order";
import { requestRefund } from "@/lib/payments/refunds/request-refund";
import { type DomainEvent, type EventType, parseEvent } from "@/lib/platform/outbox/event-map";
import { writeEvent } from "@/lib/platform/outbox/write-event";
import { distinctAddress } from "@/test/support/addresses";
import { withAttempts } from "@/test/support/deliveries";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { loopbackOutbound } from "@/test/support/outbound";
import { restoreSandboxAfterEach } from "@/test/support/sandbox-hooks";

let merchant: MerchantHarness;
beforeAll(async () => {
  merchant = await startMerchant();
});
afterAll(() => merchant.close());
restoreSandboxAfterEach(() => merchant?.sandbox);

const SETTINGS: DrainSettings = {
  batch: 50,
  leaseMs: 30_000,
  budgetMs: 10_000,
  hookDelaysMs: [0, 0],
  webhookDelaysMs: [0],
  webhookDisableAfterMs: 60_000,
};

function runnerWith(hooks: readonly Hook[]) {
  return {
    prisma: merchant.ctx.prisma,
    logger: merchant.ctx.logger,
    tokenKey: merchant.ctx.tokenKey,
    services: merchant.ctx,
    hooks: hookRegistry(hooks),
    hookTimeoutMs: 2_000,
    webhookTimeoutMs: 2_000,
    outbound: loopbackOutbound(),
  };
}

function drain(hooks: readonly Hook[], settings: Partial<DrainSettings> = {}) {
  return drainEvents(
    runnerWith(hooks),
    (type) => hooks.filter((hook) => hook.event === type).map((hook) => hook.name),
    { ...SETTINGS, ...settings },
  );
}

/** A hook that records every event it is given, for the orders of this test only. */
function recordingHook<T extends EventType>(
  name: string,
  event: T,
  orderIds: Set<string>,
  fail?: (e: DomainEvent) => boolean,
) {
  const seen: DomainEvent[] = [];
  const hook = defineHook({
    name,
    event,
    async handle(received) {
      if (received.orderId === null || !orderIds.has(received.orderId)) return;
      seen.push(received);
      if (fail?.(received)) throw new Error("the kitchen printer is out of paper");
    },
  });
  return { hook: hook as Hook, seen };
}

async function eventsOf(orderId: string) {
  const rows = await merchant.ctx.prisma.outboxEvent.findMany({
    where: { orderId },
    orderBy: { seq: "asc" },
  });
  return rows.map((row) => parseEvent(row));
}

async function paidOrder() {
  const { customerId } = await merchant.newCustomer();
  const { order } = await createOrder(merchant.ctx, customerId, {
    flow: "CASHIER",
    items: [{ sku: "COFFEE", quantity: 1 }],
    idempotencyKey: crypto.randomUUID(),
  });
  await merchant.sandbox.payAtCashier(order.paymentId as string);
  await merchant.eventually(async () => {
    const current = await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    return current.status === "PAID";
  });
  return { order, customerId };
}

describe("events written with the change", () => {
  it("a paid order announces order.created then order.paid, with the order as it is", async () => {
    const { order, customerId } = await paidOrder();
    const events = await eventsOf(order.id);
    expect(events.map((event) => event.type)).toEqual(["order.created", "order.paid"]);
    const paid = events[1] as DomainEvent<"order.paid">;
    expect(paid).toMatchObject({ version: 1, orderId: order.id });
    expect(paid.data).toMatchObject({
      orderId: order.id,
      customerId,
      flow: "CASHIER",
      status: "PAID",
      previousStatus: "PENDING",
      amountFils: order.amountFils.toString(),
      currency: "IQD",
      paymentId: order.paymentId,
    });
    expect(paid.data.paidAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("binding an agreement announces agreement.bound; a payment the wallet refuses announces order.failed, never order.paid", async () => {
    const { customerId, userId } = await merchant.newCustomer({ persona: "low_balance" });
    const prepared = await prepareAgreement(merchant.ctx, customerId, {
      contractDescription: "Weekly coffee",
    });
    const { authCode } = await merchant.sandbox.control<{ authCode: string }>(
      "POST",
      "/sandbox/agreements/authorize",
      {
        authorizationUrl: prepared.authorizationUrl,
        userId,
      },
    );
    const agreement = await bindAgreement(merchant.ctx, customerId, { authCode });
    const bound = await merchant.ctx.prisma.outboxEvent.findMany({
      where: { type: "agreement.bound", payload: { path: ["customerId"], equals: customerId } },
    });
    expect(bound.map((row) => parseEvent(row).data)).toEqual([
      { agreementId: agreement.agreementId, customerId },
    ]);

    const { order } = await createOrder(merchant.ctx, customerId, {
      flow: "AGREEMENT",
      items: [{ sku: "COFFEE", quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    });
    expect(order.status).toBe("FAILED");
    const events = await eventsOf(order.id);
    expect(events.map((event) => event.type)).toEqual(["order.created", "order.failed"]);
    expect(events[1]?.data).toMatchObject({ status: "FAILED", resultCode: "USER_BALANCE_NOT_ENOUGH" });
  });

  it("a refund announces refund.requested, then refund.succeeded when the wallet settles it", async () => {
    const { order } = await paidOrder();
    await requestRefund(merchant.ctx, order.id, { amountFils: 1_000n, requestedBy: "operator:test" });
    const types = await merchant.eventually(async () => {
      const all = (await eventsOf(order.id)).map((event) => event.type);
      return all.includes("refund.succeeded") && all;
    });
    expect(types).toEqual(["order.created", "order.paid", "refund.requested", "refund.succeeded"]);
    const succeeded = (await eventsOf(order.id)).at(-1) as DomainEvent<"refund.succeeded">;
    expect(succeeded.data).toMatchObject({
      orderId: order.id,
      amountFils: "1000",
      requestedBy: "operator:test",
    });
  });

  it("a change that rolls back leaves no event behind", async () => {
    const { order } = await paidOrder();
    await expect(
      merchant.ctx.prisma.$transaction(async (tx) => {
        await writeEvent(tx, {
          type: "agreement.bound",
          orderId: order.id,
          data: { agreementId: "a", customerId: "c" },
        });
        throw new Error("the change failed after its event was written");
      }),
    ).rejects.toThrow("the change failed");
    expect((await eventsOf(order.id)).map((event) => event.type)).toEqual(["order.created", "order.paid"]);
  });

  it("an event with a dedupe key is written once", async () => {
    const key = `test:${crypto.randomUUID()}`;
    const draft = { type: "wallet.recovered" as const, data: { process: "p" }, dedupeKey: key };
    expect(await writeEvent(merchant.ctx.prisma, draft)).toBe(true);
    expect(await writeEvent(merchant.ctx.prisma, draft)).toBe(false);
    expect(await merchant.ctx.prisma.outboxEvent.count({ where: { dedupeKey: key } })).toBe(1);
  });
});

describe("delivery to hooks", () => {
  it("delivers each event to its hooks once, however many drains run at the same time", async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => paidOrder()));
    const ids = new Set(orders.map(({ order }) => order.id));
    const paid = recordingHook("count-paid", "order.paid", ids);
    const created = recordingHook("count-created", "order.created", ids);
    await Promise.all([
      drain([paid.hook, created.hook]),
      drain([paid.hook, created.hook]),
      drain([paid.hook, created.hook]),
    ]);
    expect(paid.seen.map((event) => event.orderId).sort()).toEqual([...ids].sort());
    expect(created.seen).toHaveLength(ids.size);
    await drain([paid.hook, created.hook]);
    expect(paid.seen).toHaveLength(ids.size);
    const deliveries = await merchant.ctx.prisma.eventDelivery.findMany({
      where: { orderId: { in: [...ids] }, target: "count-paid" },
    });
    expect(deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual(
      deliveries.map(() => ["DELIVERED", 1]),
    );
  });

  it("keeps an order's events in order: a failing earlier event holds back the later ones until it is settled", async () => {
    const { order } = await paidOrder();
    const received: string[] = [];
    let failuresLeft = 2;
    // One hook taking both types: its deliveries of one order are one ordered stream.
    const ordered = defineHook({
      name: "ordered",
      event: "order.created",
      async handle(event) {
        if (event.orderId !== order.id) return;
        received.push(event.type);
        if (event.type === "order.created" && failuresLeft-- > 0) throw new Error("down");
      },
    }) as Hook;
    await drainEvents(
      runnerWith([ordered]),
      (type) => (type === "order.created" || type === "order.paid" ? ["ordered"] : []),
      { ...SETTINGS, hookDelaysMs: [0, 0, 0] },
    );
    expect(received).toEqual(["order.created", "order.created", "order.created", "order.paid"]);
  });

  it("retries a failing hook on the schedule, then gives up into the dead letter with the error", async () => {
    const { order } = await paidOrder();
    const failing = recordingHook("always-fails", "order.paid", new Set([order.id]), () => true);
    const totals = await drain([failing.hook], { hookDelaysMs: [0, 0] });
    expect(failing.seen).toHaveLength(3);
    expect(totals.dead).toBeGreaterThanOrEqual(1);
    const delivery = await withAttempts(
      merchant.ctx.prisma,
      await merchant.ctx.prisma.eventDelivery.findFirstOrThrow({
        where: { orderId: order.id, target: "always-fails" },
      }),
    );
    expect(delivery).toMatchObject({
      status: "DEAD",
      attempts: 3,
      lastError: "the kitchen printer is out of paper",
    });
    expect(delivery.attemptsLog.map((attempt) => [attempt.attempt, attempt.ok])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
  });

  it("waits before the next try: a delay in the schedule is honoured", async () => {
    const { order } = await paidOrder();
    const failing = recordingHook("fails-then-waits", "order.paid", new Set([order.id]), () => true);
    await drain([failing.hook], { hookDelaysMs: [60_000] });
    expect(failing.seen).toHaveLength(1);
    const delivery = await merchant.ctx.prisma.eventDelivery.findFirstOrThrow({
      where: { orderId: order.id, target: "fails-then-waits" },
    });
    expect(delivery.status).toBe("PENDING");
    expect(delivery.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);
  });

  it("a delivery whose worker died after claiming it is tried again once its lease passes, as attempt 2", async () => {
    const { order } = await paidOrder();
    const hook = recordingHook("survives-crash", "order.paid", new Set([order.id]));
    // A worker dispatches and claims, then dies before running anything: nothing is settled.
    await dispatchEvents(
      merchant.ctx.prisma,
      (type) => (type === "order.paid" ? ["survives-crash"] : []),
      10_000,
    );
    const claimed = await claimDeliveries(merchant.ctx.prisma, { limit: 10_000, leaseMs: 60_000 });
    expect(claimed.some((delivery) => delivery.event.orderId === order.id)).toBe(true);
    await drain([hook.hook]);
    expect(hook.seen).toHaveLength(0);
    // The lease runs out (set in the past rather than waited for: a test that sleeps past a short
    // lease fails when a slow machine lets it lapse before the first drain).
    await merchant.ctx.prisma.eventDelivery.updateMany({
      where: { orderId: order.id, target: "survives-crash" },
      data: { leaseUntil: new Date(Date.now() - 1_000) },
    });
    await drain([hook.hook]);
    expect(hook.seen).toHaveLength(1);
    const delivery = await merchant.ctx.prisma.eventDelivery.findFirstOrThrow({
      where: { orderId: order.id, target: "survives-crash" },
    });
    expect(delivery).toMatchObject({ status: "DELIVERED", attempts: 2 });
  });

  it("a hook that is no longer in hooks/ is dead at once, with the reason", async () => {
    const { order } = await paidOrder();
    const ghost = recordingHook("ghost", "order.paid", new Set([order.id]));
    await drainEvents(runnerWith([]), (type) => (type === "order.paid" ? ["ghost"] : []), SETTINGS);
    expect(ghost.seen).toHaveLength(0);
    const delivery = await merchant.ctx.prisma.eventDelivery.findFirstOrThrow({
      where: { orderId: order.id, target: "ghost" },
    });
    expect(delivery).toMatchObject({ status: "DEAD", attempts: 1 });
    expect(delivery.lastError).toContain('no hook named "ghost"');
  });
});

describe("events no status write carries", () => {
  it("order.flagged: written with the flag in one transaction, so a flag rolled back announces nothing", async () => {
    const { order } = await paidOrder();
    const flagged = () =>
      eventsOf(order.id).then((events) => events.filter((e) => e.type === "order.flagged"));
    const flag = { kind: "SUCCESS_ON_FINAL", status: "CANCELLED" } as const;
    await expect(
      merchant.ctx.prisma.$transaction(async (tx) => {
        await flagOrder(tx, order.id, flag);
        throw new Error("the caller's transaction fails after the flag");
      }),
    ).rejects.toThrow("fails after the flag");
    expect(await flagged()).toHaveLength(0);
    expect(
      (await merchant.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).needsAttention,
    ).toBe(false);

    await flagOrder(merchant.ctx.prisma, order.id, flag, { actor: "wallet:notification" });
    const [event] = await flagged();
    expect(event?.data).toEqual({
      orderId: order.id,
      flag,
      reason: "wallet reports SUCCESS for an order that is CANCELLED",
      actor: "wallet:notification",
    });
  });

  it("payment.unknown: once per order, only after the configured time, and not for an order that settled", async () => {
    const { customerId } = await merchant.newCustomer();
    await merchant.sandbox.setFault("pay", "U");
    const { order } = await createOrder(merchant.ctx, customerId, {
      flow: "CASHIER",
      items: [{ sku: "COFFEE", quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    });
    expect(order.status).toBe("UNKNOWN");
    const announced = () =>
      eventsOf(order.id).then((events) => events.filter((e) => e.type === "payment.unknown"));

    await announceUnknownPayments(merchant.ctx, { afterMs: 60 * 60_000, limit: 100 });
    expect(await announced()).toHaveLength(0);
    await announceUnknownPayments(merchant.ctx, { afterMs: 0, limit: 100 });
    await announceUnknownPayments(merchant.ctx, { afterMs: 0, limit: 100 });
    const [event] = await announced();
    expect(event?.data).toMatchObject({ orderId: order.id, status: "UNKNOWN" });
    expect((event as DomainEvent<"payment.unknown">).data.unknownSince).toMatch(/Z$/);
    expect(await announced()).toHaveLength(1);

    // Settled since: a later scan announces nothing more for it.
    await reconcileOrder(merchant.ctx, order.id);
    expect(await announceUnknownPayments(merchant.ctx, { afterMs: 0, limit: 100 })).toBe(0);
  });

  it("notification.rejected: a flood of forged notifications from one address is one event an hour", async () => {
    const attempt = {
      kind: "PAYMENT" as const,
      reason: "BAD_SIGNATURE",
      sourceAddress: distinctAddress(),
      rawBody: "{}",
      headers: new Headers(),
    };
    // All five within one hour on the clock, even when the test runs at a minute to the hour.
    const halfPast = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1_800_000);
    const atHalfPast = { ...merchant.ctx, now: () => halfPast };
    for (let i = 0; i < 5; i++) await recordUnverifiedNotification(atHalfPast, attempt);
    const events = await merchant.ctx.prisma.outboxEvent.findMany({
      where: {
        type: "notification.rejected",
        payload: { path: ["sourceAddress"], equals: attempt.sourceAddress },
      },
    });
    expect(events.map((row) => parseEvent(row).data)).toEqual([
      { kind: "PAYMENT", reason: "BAD_SIGNATURE", sourceAddress: attempt.sourceAddress },
    ]);
  });
});
