// The console's read models of subscriptions: the list by status and plan, and one subscription's
// periods with the orders of their tries and its timeline.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionListQuery } from "@/lib/console/request-schemas";
import { getConsoleSubscription, listConsoleSubscriptions } from "@/lib/console/subscriptions";
import { pauseSubscription } from "@/lib/payments/subscriptions/change-subscription";
import { definePlan } from "@/lib/payments/subscriptions/plans";
import { subscribe } from "@/lib/payments/subscriptions/subscribe";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { uniqueId } from "@/test/support/sandbox";
import { advanceTo, openPeriod, runBilling, subscriber } from "@/test/support/subscriptions";

let merchant: MerchantHarness;
beforeAll(async () => {
  merchant = await startMerchant({ sandbox: { settings: { refreshTokenTtlSeconds: 400 * 86_400 } } });
});
afterAll(() => merchant?.close());

const PRICE = 3_000_000n;

describe("the console's subscriptions", () => {
  it("lists by status and plan, and shows each period's tries and the timeline", async () => {
    const weekly = await definePlan(merchant.db.prisma, {
      sku: uniqueId("GYM").toUpperCase(),
      name: "Gym week",
      nameArabic: "أسبوع النادي",
      priceFils: PRICE,
      intervalUnit: "WEEK",
    });
    const other = await definePlan(merchant.db.prisma, {
      sku: uniqueId("BOX").toUpperCase(),
      name: "Box",
      nameArabic: "صندوق",
      priceFils: PRICE,
      intervalUnit: "MONTH",
    });
    // One period paid, then the balance is short: period 2 fails once.
    const poor = await subscriber(merchant, { balance: PRICE.toString() });
    const { subscription } = await subscribe(merchant.ctx, poor.customerId, {
      planId: weekly.id,
      idempotencyKey: uniqueId("s"),
    });
    const due = await openPeriod(merchant, subscription.id);
    await advanceTo(merchant, due.startsAt);
    await runBilling(merchant);
    const rich = await subscriber(merchant);
    const paused = (
      await subscribe(merchant.ctx, rich.customerId, { planId: other.id, idempotencyKey: uniqueId("s") })
    ).subscription;
    await pauseSubscription(merchant.ctx, paused.id, { actor: "operator:test" });

    const list = (input: Record<string, string>) =>
      listConsoleSubscriptions(merchant.db.prisma, subscriptionListQuery.parse(input));
    expect((await list({ status: "PAUSED" })).subscriptions.map((s) => s.id)).toEqual([paused.id]);
    expect((await list({ planId: weekly.id })).subscriptions.map((s) => s.id)).toEqual([subscription.id]);
    const all = await list({ limit: "1" });
    expect(all.subscriptions).toHaveLength(1);
    expect(all.nextCursor).not.toBeNull();
    expect(all.plans.map((plan) => plan.id).sort()).toEqual([weekly.id, other.id].sort());

    const detail = await getConsoleSubscription(merchant.db.prisma, subscription.id);
    expect(
      detail?.periods.map((period) => [
        period.number,
        period.status,
        period.tries.map((order) => order.status),
      ]),
    ).toEqual([
      [2, "SCHEDULED", ["FAILED"]],
      [1, "PAID", ["PAID"]],
    ]);
    expect(detail?.periods[0]?.tries[0]?.resultCode).toBe("USER_BALANCE_NOT_ENOUGH");
    // Steps of one transaction share a time: the set, and the failure (a later transaction) first.
    expect(detail?.timeline.map((event) => event.type).sort()).toEqual([
      "PERIOD_CHARGE_FAILED",
      "PERIOD_PAID",
      "SUBSCRIPTION_ACTIVE",
      "SUBSCRIPTION_CREATED",
    ]);
    expect(detail?.timeline[0]?.type).toBe("PERIOD_CHARGE_FAILED");
    expect(
      await getConsoleSubscription(merchant.db.prisma, "00000000-0000-7000-8000-000000000000"),
    ).toBeNull();
  });
});
