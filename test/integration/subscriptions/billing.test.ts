// The billing engine against the sandbox, on the sandbox's clock (the wallet's and ours move
// together): a year of monthly renewals with a failed period recovered on its third retry, free
// first periods, a first charge that fails, and one charge per period whatever jobs run twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listProducts } from "@/lib/payments/catalog/list-products";
import { createOrder } from "@/lib/payments/orders/create-order";
import { periodEnd } from "@/lib/payments/subscriptions/billing-period";
import { chargePeriod } from "@/lib/payments/subscriptions/charge-period";
import { definePlan, listPlans } from "@/lib/payments/subscriptions/plans";
import { subscribe } from "@/lib/payments/subscriptions/subscribe";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { uniqueId } from "@/test/support/sandbox";
import {
  advanceTo,
  openPeriod,
  runBilling,
  subscriber,
  subscriptionEvents,
  walletCharges,
} from "@/test/support/subscriptions";

let merchant: MerchantHarness;
const PRICE = 10_000_000n; // 10,000 IQD

beforeAll(async () => {
  // A wallet whose agreement refresh tokens outlive a month: every renewal refreshes the hour-long
  // access token first, with the refresh token kept at binding.
  merchant = await startMerchant({ sandbox: { settings: { refreshTokenTtlSeconds: 400 * 86_400 } } });
});
afterAll(() => merchant?.close());

function monthlyPlan(overrides: Partial<Parameters<typeof definePlan>[1]> = {}) {
  return definePlan(merchant.db.prisma, {
    sku: uniqueId("CLUB").toUpperCase(),
    name: "Coffee club",
    nameArabic: "نادي القهوة",
    priceFils: PRICE,
    intervalUnit: "MONTH",
    ...overrides,
  });
}

async function topUp(userId: string, balanceFils: bigint) {
  await merchant.sandbox.control("POST", "/sandbox/users", { userId, balance: balanceFils.toString() });
}

describe("a year of monthly periods", () => {
  it("charges each period once, and recovers period 4 on its third retry after the balance ran out", async () => {
    const plan = await monthlyPlan();
    // Enough for three periods: the fourth finds the balance short.
    const customer = await subscriber(merchant, { balance: (3n * PRICE).toString() });
    const { subscription } = await subscribe(merchant.ctx, customer.customerId, {
      planId: plan.id,
      idempotencyKey: uniqueId("sub"),
    });
    expect(subscription.status).toBe("ACTIVE");
    const anchor = subscription.billingAnchor;
    const statusAfterTry: string[] = [];

    for (let month = 2; month <= 12; month++) {
      const due = await openPeriod(merchant, subscription.id);
      expect(due.number).toBe(month);
      // The periods keep the anchor: period n starts n-1 months after subscribing, however late the
      // one before was paid.
      expect(due.startsAt).toEqual(periodEnd(plan, anchor, month - 1));
      await advanceTo(merchant, due.nextAttemptAt as Date);
      await runBilling(merchant);
      if (month !== 4) continue;
      // Period 4: the first try and two retries fail for want of balance, then the customer tops up.
      for (let retry = 1; retry <= 3; retry++) {
        const failing = await openPeriod(merchant, subscription.id);
        expect(failing).toMatchObject({
          number: 4,
          failedTries: retry,
          lastResultCode: "USER_BALANCE_NOT_ENOUGH",
        });
        statusAfterTry.push(
          (await merchant.db.prisma.subscription.findUniqueOrThrow({ where: { id: subscription.id } }))
            .status,
        );
        if (retry === 3) await topUp(customer.userId, 100n * PRICE);
        await advanceTo(merchant, failing.nextAttemptAt as Date);
        await runBilling(merchant);
      }
    }

    // Grace (72 h) holds through the first retry (24 h); the second (72 h) finds it over.
    expect(statusAfterTry).toEqual(["ACTIVE", "ACTIVE", "PAST_DUE"]);
    const periods = await merchant.db.prisma.subscriptionPeriod.findMany({
      where: { subscriptionId: subscription.id },
      orderBy: { number: "asc" },
    });
    expect(periods.map((period) => period.status)).toEqual([...Array(12).fill("PAID"), "SCHEDULED"]);
    expect(periods[3]).toMatchObject({ attempts: 4, failedTries: 3 });
    const charges = await walletCharges(merchant, subscription.id);
    expect([...charges.successes.entries()].sort((a, b) => a[0] - b[0])).toEqual(
      Array.from({ length: 12 }, (_, index) => [index + 1, 1]),
    );
    expect([...charges.failures.entries()]).toEqual([[4, 3]]);
    const after = await merchant.db.prisma.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(after).toMatchObject({
      status: "ACTIVE",
      currentPeriod: 12,
      currentPeriodEnd: periodEnd(plan, anchor, 12),
    });
    const types = (await subscriptionEvents(merchant, subscription.id)).map((event) => event.type);
    expect(types.filter((type) => type === "subscription.renewed")).toHaveLength(12);
    expect(types.filter((type) => type === "subscription.payment_failed")).toHaveLength(3);
    expect(types.filter((type) => type === "subscription.past_due")).toHaveLength(1);
    expect(types[0]).toBe("subscription.created");
  }, 120_000);
});

describe("first periods", () => {
  it("a free first period charges nothing until its end, then the second period", async () => {
    const plan = await monthlyPlan({ freeFirstPeriod: true, intervalUnit: "WEEK", intervalCount: 2 });
    const customer = await subscriber(merchant);
    const { subscription } = await subscribe(merchant.ctx, customer.customerId, {
      planId: plan.id,
      idempotencyKey: uniqueId("sub"),
    });
    expect(subscription).toMatchObject({ status: "TRIALING", currentPeriod: 1 });
    await runBilling(merchant);
    expect((await walletCharges(merchant, subscription.id)).all).toHaveLength(0);
    const second = await openPeriod(merchant, subscription.id);
    expect(second.startsAt.getTime() - subscription.createdAt.getTime()).toBeGreaterThanOrEqual(
      14 * 86_400_000 - 1000,
    );
    await advanceTo(merchant, second.startsAt);
    await runBilling(merchant);
    const charges = await walletCharges(merchant, subscription.id);
    expect([...charges.successes.entries()]).toEqual([[2, 1]]);
    expect(
      await merchant.db.prisma.subscription.findUniqueOrThrow({ where: { id: subscription.id } }),
    ).toMatchObject({
      status: "ACTIVE",
      currentPeriod: 2,
    });
  });

  it("a first charge that fails cancels the subscription at once, and a new one may follow", async () => {
    const plan = await monthlyPlan();
    const customer = await subscriber(merchant, { balance: "5" });
    const first = await subscribe(merchant.ctx, customer.customerId, {
      planId: plan.id,
      idempotencyKey: uniqueId("sub"),
    });
    expect(first.subscription).toMatchObject({ status: "CANCELLED", cancelReason: "FIRST_CHARGE_FAILED" });
    await topUp(customer.userId, PRICE);
    const second = await subscribe(merchant.ctx, customer.customerId, {
      planId: plan.id,
      idempotencyKey: uniqueId("sub"),
    });
    expect(second.subscription.status).toBe("ACTIVE");
  });

  it("the same Idempotency-Key subscribes once; a second live subscription to the plan is refused", async () => {
    const plan = await monthlyPlan();
    const customer = await subscriber(merchant);
    const key = uniqueId("sub");
    const [a, b] = await Promise.all([
      subscribe(merchant.ctx, customer.customerId, { planId: plan.id, idempotencyKey: key }),
      subscribe(merchant.ctx, customer.customerId, { planId: plan.id, idempotencyKey: key }),
    ]);
    expect(a.subscription.id).toBe(b.subscription.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    await expect(
      subscribe(merchant.ctx, customer.customerId, { planId: plan.id, idempotencyKey: uniqueId("sub") }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await walletCharges(merchant, a.subscription.id)).all).toHaveLength(1);
  });
});

describe("plans in the catalog", () => {
  it("are sold by the period only: not listed with the products, refused in an order", async () => {
    const plan = await monthlyPlan();
    expect((await listProducts(merchant.db.prisma)).map((product) => product.sku)).not.toContain(plan.sku);
    expect((await listPlans(merchant.db.prisma)).map((listed) => listed.sku)).toContain(plan.sku);
    const customer = await subscriber(merchant);
    await expect(
      createOrder(merchant.ctx, customer.customerId, {
        flow: "AGREEMENT",
        items: [{ sku: plan.sku, quantity: 1 }],
        idempotencyKey: uniqueId("order"),
      }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("keep a period's price when the product's price changes; the next period created pays the new one", async () => {
    const plan = await monthlyPlan();
    const customer = await subscriber(merchant);
    const { subscription } = await subscribe(merchant.ctx, customer.customerId, {
      planId: plan.id,
      idempotencyKey: uniqueId("sub"),
    });
    await definePlan(merchant.db.prisma, {
      sku: plan.sku,
      name: "Coffee club",
      nameArabic: "نادي القهوة",
      priceFils: 2n * PRICE,
      intervalUnit: "MONTH",
    });
    const second = await openPeriod(merchant, subscription.id);
    expect(second.amountFils).toBe(PRICE);
    await advanceTo(merchant, second.startsAt);
    await runBilling(merchant);
    expect((await openPeriod(merchant, subscription.id)).amountFils).toBe(2n * PRICE);
    const paid = (await walletCharges(merchant, subscription.id)).all.map((payment) => payment.amount);
    expect(paid).toEqual([PRICE.toString(), PRICE.toString()]);
  });
});

describe("duplicate and concurrent billing jobs", () => {
  it("charge a due period once, however many run at once or again", async () => {
    const plan = await monthlyPlan();
    const customer = await subscriber(merchant);
    const { subscription } = await subscribe(merchant.ctx, customer.customerId, {
      planId: plan.id,
      idempotencyKey: uniqueId("sub"),
    });
    const due = await openPeriod(merchant, subscription.id);
    await advanceTo(merchant, due.nextAttemptAt as Date);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => chargePeriod(merchant.ctx, due.id)));
    expect(outcomes.filter((outcome) => outcome === "paid")).toHaveLength(1);
    // And again, after it settled, through the scan and by hand.
    await runBilling(merchant);
    await chargePeriod(merchant.ctx, due.id);
    const charges = await walletCharges(merchant, subscription.id);
    expect([...charges.successes.entries()].sort()).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(charges.all).toHaveLength(2);
    expect(
      await merchant.db.prisma.subscriptionPeriod.count({ where: { subscriptionId: subscription.id } }),
    ).toBe(3);
  });
});
