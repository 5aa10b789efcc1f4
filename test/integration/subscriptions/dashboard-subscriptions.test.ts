// The dashboard's subscriptions card (lib/console/subscription-figures.ts), on a harness of its own
// whose clock never moves: the figures count by Baghdad day, and a subscription's created_at is the
// database's time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDashboard } from "@/lib/console/dashboard";
import { cancelSubscription, pauseSubscription } from "@/lib/payments/subscriptions/change-subscription";
import { definePlan } from "@/lib/payments/subscriptions/plans";
import { subscribe } from "@/lib/payments/subscriptions/subscribe";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { uniqueId } from "@/test/support/sandbox";
import { subscriber } from "@/test/support/subscriptions";

let merchant: MerchantHarness;
beforeAll(async () => {
  merchant = await startMerchant();
});
afterAll(() => merchant?.close());

describe("the dashboard's subscriptions", () => {
  it("counts active, new and cancelled, charges inside the day's paid money, and MRR in whole dinars", async () => {
    const plan = (
      name: string,
      priceFils: bigint,
      intervalUnit: "WEEK" | "MONTH" | "YEAR",
      intervalCount = 1,
    ) =>
      definePlan(merchant.db.prisma, {
        sku: uniqueId(name).toUpperCase(),
        name,
        nameArabic: name,
        priceFils,
        intervalUnit,
        intervalCount,
      });
    const plans = [
      await plan("WEEKLY", 3_000_000n, "WEEK"), // 3,000 × 52 ÷ 12 = 13,000 a month
      await plan("MONTHLY", 20_000_000n, "MONTH"), // 20,000
      await plan("YEARLY", 120_000_500n, "YEAR"), // 10,000.041… a month
      await plan("QUARTER", 45_000_000n, "MONTH", 3), // 15,000
    ];
    const before = await getDashboard(merchant.ctx);
    const subscribed = [];
    for (const each of [...plans, plans[1], plans[1]]) {
      const customer = await subscriber(merchant);
      const { subscription } = await subscribe(merchant.ctx, customer.customerId, {
        planId: each?.id ?? "",
        idempotencyKey: uniqueId("s"),
      });
      subscribed.push(subscription.id);
    }
    // One paused, one ending at its period's end, one cancelled now: none of them in the MRR.
    await pauseSubscription(merchant.ctx, subscribed[4] ?? "", { actor: "operator:test" });
    await cancelSubscription(
      merchant.ctx,
      subscribed[5] ?? "",
      { actor: "operator:test" },
      { atPeriodEnd: true },
    );
    await cancelSubscription(
      merchant.ctx,
      subscribed[1] ?? "",
      { actor: "operator:test" },
      { atPeriodEnd: false, byOperator: true },
    );
    const after = await getDashboard(merchant.ctx);
    const delta = (read: (dashboard: typeof after) => number | bigint) =>
      typeof read(after) === "bigint"
        ? (read(after) as bigint) - (read(before) as bigint)
        : (read(after) as number) - (read(before) as number);
    expect(delta((d) => d.subscriptions.active)).toBe(4);
    expect(delta((d) => d.subscriptions.new.today)).toBe(6);
    expect(delta((d) => d.subscriptions.new.last30Days)).toBe(6);
    expect(delta((d) => d.subscriptions.cancelled.today)).toBe(1);
    // 13,000 + 15,000 + 10,000.04 (the cancelled and the ending monthly ones left out), to the dinar.
    expect(delta((d) => d.subscriptions.mrrDinars)).toBe(38_000n);
    // Each first charge is a subscription charge, inside the day's paid money.
    const charged = 3_000_000n + 20_000_000n * 3n + 120_000_500n + 45_000_000n;
    expect(delta((d) => d.subscriptions.renewals.amountFils)).toBe(charged);
    expect(delta((d) => d.subscriptions.renewals.count)).toBe(6);
    expect(delta((d) => d.money.paid.amountFils)).toBe(charged);
  });
});
