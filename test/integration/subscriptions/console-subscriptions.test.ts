// The console's read models of subscriptions: the list by search, status and plan (names and phones
// only with personal data), its CSV, and one subscription's periods with the orders of their tries
// and its timeline.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionListQuery } from "@/lib/console/request-schemas";
import { exportSubscriptionsCsv } from "@/lib/console/subscriptions/export-subscriptions";
import { listConsoleSubscriptions } from "@/lib/console/subscriptions/list-subscriptions";
import { getConsoleSubscription } from "@/lib/console/subscriptions/subscription-detail";
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
const READER = { permissions: ["orders.read"] };

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
    const second = await list({ limit: "1", after: all.nextCursor ?? "" });
    expect(second.subscriptions.map((s) => s.id)).not.toEqual(all.subscriptions.map((s) => s.id));

    const detail = await getConsoleSubscription(merchant.db.prisma, subscription.id, READER);
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
    expect(detail?.subscription.nextCharge?.period).toBe(2);
    expect(detail?.periods[1]?.refundableFils).toBe(PRICE);
    // A reader acts on nothing: no action is offered without its permission.
    expect(detail?.actions).toEqual([]);
    // Steps of one transaction share a time: the set, and the failure (a later transaction) first.
    expect(detail?.timeline.map((event) => event.type).sort()).toEqual([
      "PERIOD_CHARGE_FAILED",
      "PERIOD_PAID",
      "SUBSCRIPTION_ACTIVE",
      "SUBSCRIPTION_CREATED",
    ]);
    expect(detail?.timeline[0]?.type).toBe("PERIOD_CHARGE_FAILED");
    expect(
      await getConsoleSubscription(merchant.db.prisma, "00000000-0000-7000-8000-000000000000", READER),
    ).toBeNull();
  });
});

describe("the subscription list's search box and CSV", () => {
  it("finds by ids, a charge, the short id and a plan; names and phones only with personal data", async () => {
    const plan = await definePlan(merchant.db.prisma, {
      sku: uniqueId("TEA").toUpperCase(),
      name: "Tea club",
      nameArabic: "نادي الشاي",
      priceFils: PRICE,
      intervalUnit: "MONTH",
    });
    const customer = await subscriber(merchant);
    await merchant.db.prisma.customer.update({
      where: { id: customer.customerId },
      data: { profile: { userName: { fullName: "زَيْنَب المُوسَوِيّ" } } },
    });
    const { subscription } = await subscribe(merchant.ctx, customer.customerId, {
      planId: plan.id,
      idempotencyKey: uniqueId("s"),
    });
    const charge = await merchant.db.prisma.order.findFirstOrThrow({
      where: { idempotencyKey: { startsWith: `sub_${subscription.id.replaceAll("-", "")}_` } },
    });
    const { walletCustomerId } = await merchant.db.prisma.customer.findUniqueOrThrow({
      where: { id: customer.customerId },
    });
    const search = async (q: string, people: boolean) => {
      const page = await listConsoleSubscriptions(merchant.db.prisma, subscriptionListQuery.parse({ q }), {
        withPeople: people,
      });
      return {
        ids: page.subscriptions.map((row) => row.id),
        by: page.match?.kind === "none" ? "none" : page.match?.by,
      };
    };
    const only = [subscription.id];
    for (const people of [false, true]) {
      expect(await search(subscription.id.toUpperCase(), people)).toEqual({
        ids: only,
        by: "subscriptionId",
      });
      expect(await search(customer.customerId, people)).toEqual({ ids: only, by: "customerId" });
      expect(await search(walletCustomerId, people)).toEqual({ ids: only, by: "walletCustomerId" });
      expect(await search(charge.paymentRequestId, people)).toEqual({ ids: only, by: "charge" });
      expect(await search(charge.id, people)).toEqual({ ids: only, by: "charge" });
      expect(await search(`…${subscription.id.slice(-8)}`, people)).toEqual({ ids: only, by: "shortId" });
      expect(await search(plan.sku.toLowerCase(), people)).toEqual({ ids: only, by: "plan" });
      expect(await search("الشاي", people)).toEqual({ ids: only, by: "plan" });
    }
    // The name, folded as the order search folds it: found only by an operator allowed to see it.
    expect(await search("زينب", true)).toEqual({ ids: only, by: "customerName" });
    expect(await search("زينب", false)).toEqual({ ids: [], by: "none" });

    const bytes = await new Response(
      exportSubscriptionsCsv(merchant.db.prisma, subscriptionListQuery.parse({ planId: plan.id }), {
        withPeople: false,
      }),
    ).arrayBuffer();
    // Decoded keeping the byte order mark, which Excel needs to read the Arabic.
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]?.startsWith("\uFEFFsubscription_id,created_at_utc")).toBe(true);
    expect(lines).toHaveLength(2);
    const cells = lines[1]?.split(",") ?? [];
    expect(cells[0]).toBe(subscription.id);
    expect(cells[3]).toBe("ACTIVE");
    expect(cells.slice(4, 8)).toEqual([plan.sku, "Tea club", "نادي الشاي", "1 MONTH"]);
    // The next charge: period 2 at the price, in fils and in dinars.
    expect(cells.slice(11, 13)).toEqual([PRICE.toString(), "3000"]);
    const byName = await new Response(
      exportSubscriptionsCsv(merchant.db.prisma, subscriptionListQuery.parse({ q: "زينب" }), {
        withPeople: false,
      }),
    ).text();
    expect(byName.trimEnd().split("\r\n")).toHaveLength(1);
  });
});
