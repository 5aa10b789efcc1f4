// The hand-written statements of the order path against a real database: what they write, what they
// return (the same as Prisma reads back), and what they refuse to write.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { findOrder } from "@/lib/payments/orders/find-order";
import { insertOrder, type NewOrder } from "@/lib/payments/orders/insert-order";
import { transitionOrderWithRetry } from "@/lib/payments/orders/transition-order";
import { writeOrderTransition } from "@/lib/payments/orders/write-order-transition";
import type { Order } from "@/lib/platform/db";
import { newRowId, requestIdFor } from "@/lib/platform/ids/request-ids";
import { createLogger, type Logger } from "@/lib/platform/log";
import { withWalletCallScope } from "@/lib/platform/wallet-calls/call-scope";
import { HeldWalletCalls } from "@/lib/platform/wallet-calls/held-calls";
import { walletCallRecorder } from "@/lib/platform/wallet-calls/record-wallet-call";
import type { WalletExchange } from "@/lib/wallet/outcome";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoCatalog(db.prisma);
});
afterAll(() => db?.drop());

async function newCustomer() {
  return db.prisma.customer.create({ data: { walletCustomerId: `w-${randomUUID()}` } });
}

const coffee = {
  sku: "COFFEE",
  name: "Cardamom coffee",
  nameArabic: "قهوة بالهيل",
  unitPriceFils: 2_500_000n,
};
const tea = { sku: "TEA", name: "Iraqi tea", nameArabic: "شاي عراقي", unitPriceFils: 1_000_000n };

function newOrder(customerId: string, overrides: Partial<NewOrder> = {}): NewOrder {
  const id = newRowId();
  return {
    id,
    customerId,
    flow: "CASHIER",
    productCode: "51051000101000000011",
    currency: "IQD",
    amountFils: 6_000_000n,
    idempotencyKey: `key-${randomUUID()}`,
    paymentRequestId: requestIdFor("pay", id),
    paymentExpiresAt: new Date(Date.now() + 900_000),
    note: "no sugar",
    agreementId: null,
    nextReconcileAt: new Date(Date.now() + 30_000),
    lines: [
      { ...coffee, quantity: 2 },
      { ...tea, quantity: 1 },
    ],
    actor: `customer:${customerId}`,
    ...overrides,
  };
}

async function rowsOf(orderId: string) {
  return {
    orders: await db.prisma.order.count({ where: { id: orderId } }),
    items: await db.prisma.orderItem.count({ where: { orderId } }),
    events: await db.prisma.orderEvent.count({ where: { orderId } }),
  };
}

describe("insertOrder", () => {
  // insertOrder builds the order it returns from the draft and the columns' defaults: held against a
  // Prisma read for drafts that differ in every optional field.
  it.each([
    ["with a note", {}],
    [
      "without a note, one line, an expiry off the second",
      {
        note: null,
        lines: [{ ...tea, quantity: 3 }],
        amountFils: 3_000_000n,
        paymentExpiresAt: new Date(Date.now() + 1_234_567),
        nextReconcileAt: new Date(Date.now() + 7_654),
      },
    ],
  ] as [string, Partial<NewOrder>][])(
    "writes the order (%s), its lines and its CREATED event, and returns them as Prisma reads them",
    async (_, overrides) => {
      const customer = await newCustomer();
      const draft = newOrder(customer.id, overrides);
      const result = await insertOrder(db.prisma, draft);
      if (result.outcome !== "created") expect.fail(`expected created, got ${result.outcome}`);
      expect(result.walletCustomerId).toBe(customer.walletCustomerId);
      const stored = await db.prisma.order.findUniqueOrThrow({
        where: { id: draft.id },
        include: { items: true },
      });
      const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
      expect({ ...result.order, items: [...result.order.items].sort(byId) }).toEqual({
        ...stored,
        items: [...stored.items].sort(byId),
      });
      expect(stored).toMatchObject({
        status: "CREATED",
        version: 0,
        note: draft.note,
        amountFils: draft.amountFils,
      });
      const events = await db.prisma.orderEvent.findMany({ where: { orderId: draft.id } });
      expect(events).toEqual([
        expect.objectContaining({
          type: "CREATED",
          fromStatus: null,
          toStatus: "CREATED",
          actor: draft.actor,
        }),
      ]);
    },
  );

  it("a taken Idempotency-Key writes nothing and says so", async () => {
    const customer = await newCustomer();
    const first = newOrder(customer.id);
    await insertOrder(db.prisma, first);
    const second = newOrder(customer.id, { idempotencyKey: first.idempotencyKey });
    expect(await insertOrder(db.prisma, second)).toEqual({ outcome: "key-taken" });
    expect(await rowsOf(second.id)).toEqual({ orders: 0, items: 0, events: 0 });
  });

  it("the same key inserted 12 times at once makes exactly one order", async () => {
    const customer = await newCustomer();
    const idempotencyKey = `key-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => insertOrder(db.prisma, newOrder(customer.id, { idempotencyKey }))),
    );
    expect(results.filter((result) => result.outcome === "created")).toHaveLength(1);
    expect(results.filter((result) => result.outcome === "key-taken")).toHaveLength(11);
    expect(await db.prisma.order.count({ where: { customerId: customer.id } })).toBe(1);
    expect(await db.prisma.orderEvent.count({ where: { order: { customerId: customer.id } } })).toBe(1);
  });

  it("a customer that does not exist gets nothing written", async () => {
    const draft = newOrder(randomUUID());
    expect(await insertOrder(db.prisma, draft)).toEqual({ outcome: "customer-unknown" });
    expect(await rowsOf(draft.id)).toEqual({ orders: 0, items: 0, events: 0 });
  });

  it.each([
    ["a price changed", { unitPriceFils: 2_400_000n }],
    ["a name changed", { name: "Coffee" }],
    ["the Arabic name changed", { nameArabic: "قهوة" }],
  ])("%s since pricing: nothing is written", async (_, change) => {
    const customer = await newCustomer();
    const draft = newOrder(customer.id, { lines: [{ ...coffee, ...change, quantity: 1 }] });
    expect(await insertOrder(db.prisma, draft)).toEqual({ outcome: "catalog-changed" });
    expect(await rowsOf(draft.id)).toEqual({ orders: 0, items: 0, events: 0 });
  });

  it("a product deactivated since pricing: nothing is written", async () => {
    const customer = await newCustomer();
    await db.prisma.product.create({
      data: { sku: "RETIRED", name: "Retired", nameArabic: "-", priceFils: 1_000n, active: false },
    });
    const draft = newOrder(customer.id, {
      lines: [{ sku: "RETIRED", name: "Retired", nameArabic: "-", unitPriceFils: 1_000n, quantity: 1 }],
    });
    expect(await insertOrder(db.prisma, draft)).toEqual({ outcome: "catalog-changed" });
    expect(await rowsOf(draft.id)).toEqual({ orders: 0, items: 0, events: 0 });
  });
});

async function createdOrder(): Promise<Order> {
  const customer = await newCustomer();
  const draft = newOrder(customer.id);
  const result = await insertOrder(db.prisma, draft);
  if (result.outcome !== "created") expect.fail(result.outcome);
  return result.order;
}

describe("writeOrderTransition", () => {
  it("writes status, columns and event together and returns the order as Prisma reads it", async () => {
    const order = await createdOrder();
    // Every kind of column set, so the answer's conversion (BIGINT, timestamps, JSON) is held to Prisma's.
    await db.prisma.order.update({
      where: { id: order.id },
      data: {
        needsAttention: true,
        attentionReason: "Checked by hand",
        attentionFlag: { kind: "MANUAL", note: "ٱختبار", count: 2 },
        attentionResolvedAt: new Date(Date.now() - 5_555),
        expiryCheckedAt: new Date(Date.now() - 777),
        // Past 2^53: a JSON number would lose the last digits.
        amountFils: 9_007_199_254_740_993n,
        refundedFils: 9_007_199_254_740_001n,
        confirmedRefundFils: 12n,
      },
    });
    const nextReconcileAt = new Date(Date.now() + 60_000);
    const written = await writeOrderTransition(db.prisma, {
      order,
      to: { status: "PENDING", voidedFils: 0n },
      columns: {
        paymentId: `p-${randomUUID()}`,
        resultCode: "ACCEPT",
        resultMessage: undefined,
        nextReconcileAt,
      },
      event: { type: "PAY_ACCEPTED", actor: "wallet:pay", detail: { resultStatus: "A" } },
    });
    const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(written).toEqual(stored);
    expect(stored).toMatchObject({ status: "PENDING", version: 1, resultCode: "ACCEPT", nextReconcileAt });
    // An absent column is left as it was.
    expect(stored.note).toBe("no sugar");
    const event = await db.prisma.orderEvent.findFirstOrThrow({
      where: { orderId: order.id, type: "PAY_ACCEPTED" },
    });
    expect(event).toMatchObject({
      fromStatus: "CREATED",
      toStatus: "PENDING",
      actor: "wallet:pay",
      detail: { resultStatus: "A" },
    });
  });

  it("a version that moved on writes neither the row nor the event", async () => {
    const order = await createdOrder();
    await db.prisma.order.update({ where: { id: order.id }, data: { version: { increment: 1 } } });
    const written = await writeOrderTransition(db.prisma, {
      order,
      to: { status: "FAILED", voidedFils: 0n },
      event: { type: "PAY_FAILED", actor: "test" },
    });
    expect(written).toBeNull();
    expect(await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "CREATED",
    });
    expect(await db.prisma.orderEvent.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("counts a reconciliation attempt and clears a column set to null", async () => {
    const order = await createdOrder();
    const written = await writeOrderTransition(db.prisma, {
      order,
      to: { status: "UNKNOWN", voidedFils: 0n },
      columns: { countReconcileAttempt: true, nextReconcileAt: null },
      event: { type: "PAY_UNKNOWN", actor: "test" },
    });
    expect(written).toMatchObject({ status: "UNKNOWN", reconcileAttempts: 1, nextReconcileAt: null });
  });

  it("inside a transaction, returns the order as Prisma reads it there, and a rollback takes back the row and the event", async () => {
    const order = await createdOrder();
    await expect(
      db.prisma.$transaction(async (tx) => {
        const written = await writeOrderTransition(tx, {
          order,
          to: { status: "PAID", voidedFils: 0n },
          columns: { paidAt: new Date(Date.now() - 1_234), paymentId: `p-${randomUUID()}` },
          event: { type: "PAY_SUCCEEDED", actor: "test" },
        });
        expect(written).toEqual(await tx.order.findUniqueOrThrow({ where: { id: order.id } }));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "CREATED",
      version: 0,
    });
    expect(await db.prisma.orderEvent.count({ where: { orderId: order.id } })).toBe(1);
  });
});

describe("findOrder", () => {
  it("reads an order by id or by paymentRequestId as Prisma does, and null for neither", async () => {
    const customer = await newCustomer();
    const draft = newOrder(customer.id);
    await insertOrder(db.prisma, draft);
    const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: draft.id } });
    expect(await findOrder(db.prisma, { id: draft.id })).toEqual(stored);
    expect(await findOrder(db.prisma, { paymentRequestId: draft.paymentRequestId })).toEqual(stored);
    expect(await findOrder(db.prisma, { id: randomUUID() })).toBeNull();
    expect(await findOrder(db.prisma, { paymentRequestId: draft.id })).toBeNull();
  });
});

const logger = createLogger({ level: "silent" });

describe("walletCallRecorder", () => {
  const exchange: WalletExchange = {
    operation: "pay",
    method: "POST",
    path: "/v1/payments/pay",
    requestKey: "pay_123",
    requestTime: "2026-11-22T10:00:00+03:00",
    sent: true,
    requestBody: { paymentRequestId: "pay_123", paymentAmount: { currency: "IQD", value: "1000" } },
    httpStatus: 200,
    responseBody: { result: { resultCode: "ACCEPT", resultStatus: "A" } },
    startedAt: new Date("2026-11-22T07:00:00.123Z"),
    durationMs: 42,
    status: "A",
    resultCode: "ACCEPT",
    unknownCause: undefined,
    errorMessage: undefined,
    attempt: 1,
  };

  it("writes one row per exchange under the order of the call scope", async () => {
    const orderId = randomUUID();
    await withWalletCallScope({ orderId }, () =>
      walletCallRecorder(
        () => db.prisma,
        () => logger,
      )(exchange),
    );
    expect(await db.prisma.walletCall.findMany({ where: { orderId } })).toEqual([
      expect.objectContaining({
        operation: "pay",
        path: "/v1/payments/pay",
        requestKey: "pay_123",
        refundId: null,
        outcome: "A",
        resultCode: "ACCEPT",
        httpStatus: 200,
        durationMs: 42,
        errorKind: null,
        requestBody: exchange.requestBody,
        responseBody: exchange.responseBody,
        createdAt: exchange.startedAt,
      }),
    ]);
  });

  it("concurrent exchanges, written together, each land under their own order", async () => {
    const record = walletCallRecorder(
      () => db.prisma,
      () => logger,
    );
    const orderIds = Array.from({ length: 40 }, () => randomUUID());
    await Promise.all(
      orderIds.map((orderId, index) =>
        withWalletCallScope({ orderId }, () =>
          record({ ...exchange, requestKey: `pay_${index}`, durationMs: index }),
        ),
      ),
    );
    const rows = await db.prisma.walletCall.findMany({
      where: { orderId: { in: orderIds } },
      orderBy: { id: "asc" },
    });
    // One row each, in the order they were handed in, each with its own key and duration.
    expect(rows.map((row) => [row.orderId, row.requestKey, row.durationMs])).toEqual(
      orderIds.map((orderId, index) => [orderId, `pay_${index}`, index]),
    );
  });

  it("an exchange without an answer has no outcome, status or response body", async () => {
    const refundId = randomUUID();
    await withWalletCallScope({ refundId }, () =>
      walletCallRecorder(
        () => db.prisma,
        () => logger,
      )({
        ...exchange,
        httpStatus: undefined,
        responseBody: undefined,
        status: "U",
        resultCode: "UNKNOWN_EXCEPTION",
        unknownCause: "TIMEOUT",
      }),
    );
    expect(await db.prisma.walletCall.findFirstOrThrow({ where: { refundId } })).toMatchObject({
      orderId: null,
      outcome: null,
      httpStatus: null,
      errorKind: "TIMEOUT",
      responseBody: null,
    });
  });
});

describe("wallet-call rows held for the status change's statement", () => {
  function payExchange(orderId: string, overrides: Partial<WalletExchange> = {}): WalletExchange {
    return {
      operation: "pay",
      method: "POST",
      path: "/v1/payments/pay",
      requestKey: requestIdFor("pay", orderId),
      requestTime: "2026-11-22T10:00:00+03:00",
      sent: true,
      requestBody: { paymentRequestId: requestIdFor("pay", orderId) },
      httpStatus: 200,
      responseBody: { result: { resultCode: "ACCEPT", resultStatus: "A" } },
      startedAt: new Date(),
      durationMs: 42,
      status: "A",
      resultCode: "ACCEPT",
      unknownCause: undefined,
      errorMessage: undefined,
      attempt: 1,
      ...overrides,
    };
  }

  /** The exchange, logged by the recorder inside a scope that holds its rows. */
  async function holdExchange(order: Order, exchange: WalletExchange, recordLogger: Logger = logger) {
    const held = new HeldWalletCalls();
    const record = walletCallRecorder(
      () => db.prisma,
      () => recordLogger,
    );
    await withWalletCallScope({ orderId: order.id, held }, () => record(exchange));
    return held;
  }

  /** The wallet's acceptance applied to `order` as read, with the rows `held` holds. */
  function applyAcceptance(order: Order, held: HeldWalletCalls) {
    return transitionOrderWithRetry(
      db.prisma,
      order.id,
      { type: "PAY_ACCEPTED" },
      {
        actor: "wallet:pay",
        data: { paymentId: `p-${randomUUID()}`, resultCode: "ACCEPT" },
        walletCalls: held,
      },
      order,
    );
  }

  it("are not written by the recorder, then land in the change's statement, once", async () => {
    const order = await createdOrder();
    const held = await holdExchange(order, payExchange(order.id));
    expect(await db.prisma.walletCall.count({ where: { orderId: order.id } })).toBe(0);

    const written = await applyAcceptance(order, held);
    expect(written).toMatchObject({ status: "PENDING" });
    expect(await db.prisma.walletCall.findMany({ where: { orderId: order.id } })).toEqual([
      expect.objectContaining({ operation: "pay", outcome: "A", resultCode: "ACCEPT", durationMs: 42 }),
    ]);
    // Nothing is left for release() to write a second time.
    await held.release();
    expect(await db.prisma.walletCall.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("a change that lost a race wrote them with its first statement: the retry does not repeat them", async () => {
    const order = await createdOrder();
    const held = await holdExchange(order, payExchange(order.id));
    // Someone else wrote the order after the caller read it (a note, say): the first statement matches
    // no row, the retry re-reads and applies.
    await db.prisma.order.update({ where: { id: order.id }, data: { version: { increment: 1 } } });

    const written = await applyAcceptance(order, held);
    expect(written).toMatchObject({ status: "PENDING", version: 2 });
    await held.release();
    expect(await db.prisma.walletCall.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("a row the database refuses never costs the order its change: it moves, and the row's failure is logged", async () => {
    const order = await createdOrder();
    const errors: unknown[][] = [];
    const spy = { error: (...args: unknown[]) => errors.push(args) } as unknown as Logger;
    // duration_ms is an int: this row breaks any statement that carries it.
    const held = await holdExchange(order, payExchange(order.id, { durationMs: 2 ** 40 }), spy);

    const written = await applyAcceptance(order, held);
    expect(written).toMatchObject({ status: "PENDING" });
    expect(await db.prisma.orderEvent.count({ where: { orderId: order.id, type: "PAY_ACCEPTED" } })).toBe(1);
    // Given back by the failed statement, written alone by release(), refused again: logged, not thrown.
    await expect(held.release()).resolves.toBeUndefined();
    expect(errors.map(([, message]) => message)).toEqual(["could not record wallet call"]);
    expect(await db.prisma.walletCall.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("rows no statement took are written alone by release()", async () => {
    const order = await createdOrder();
    const held = await holdExchange(order, payExchange(order.id));
    await held.release();
    expect(await db.prisma.walletCall.count({ where: { orderId: order.id } })).toBe(1);
  });
});
