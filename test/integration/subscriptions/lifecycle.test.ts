// Pause, resume and cancel, and an agreement the customer revoked, against the sandbox on its clock.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetHookSettingsForTests } from "@/hooks/settings";
import subscriptionNotices from "@/hooks/subscription-notices";
import type { HookContext } from "@/lib/events/hooks";
import {
  cancelSubscription,
  pauseSubscription,
  resumeSubscription,
} from "@/lib/payments/subscriptions/change-subscription";
import { definePlan } from "@/lib/payments/subscriptions/plans";
import { subscribe } from "@/lib/payments/subscriptions/subscribe";
import { findSubscription, subscriptionView } from "@/lib/payments/subscriptions/subscription-view";
import { resetEnvForTests } from "@/lib/platform/env";
import { parseEvent } from "@/lib/platform/outbox/event-map";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { uniqueId } from "@/test/support/sandbox";
import {
  advanceTo,
  openPeriod,
  runBilling,
  signAndBind,
  subscriber,
  subscriptionEvents,
  walletCharges,
} from "@/test/support/subscriptions";

let merchant: MerchantHarness;
const DAY_MS = 86_400_000;
const PRICE = 7_500_000n;

beforeAll(async () => {
  merchant = await startMerchant({ sandbox: { settings: { refreshTokenTtlSeconds: 400 * 86_400 } } });
  Object.assign(process.env, {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: merchant.db.url,
    LOCAL_DIR: mkdtempSync(path.join(tmpdir(), "subscription-hooks-local-")),
    MINI_APP_ID: "2021000000000042",
  });
  resetEnvForTests();
  resetHookSettingsForTests();
});
afterAll(() => merchant?.close());

function plan(overrides: Partial<Parameters<typeof definePlan>[1]> = {}) {
  return definePlan(merchant.db.prisma, {
    sku: uniqueId("BOX").toUpperCase(),
    name: "Dates box",
    nameArabic: "صندوق التمر",
    priceFils: PRICE,
    intervalUnit: "WEEK",
    intervalCount: 4,
    ...overrides,
  });
}

async function subscribed(overrides: Partial<Parameters<typeof definePlan>[1]> = {}, language?: "ar" | "en") {
  const chosen = await plan(overrides);
  const customer = await subscriber(merchant);
  const { subscription } = await subscribe(merchant.ctx, customer.customerId, {
    planId: chosen.id,
    idempotencyKey: uniqueId("sub"),
    ...(language ? { language } : {}),
  });
  return {
    customer,
    subscription,
    plan: chosen,
    changer: { actor: `customer:${customer.customerId}`, customerId: customer.customerId },
  };
}

const view = async (customerId: string, id: string) =>
  subscriptionView(await findSubscription(merchant.db.prisma, customerId, id));

describe("pause and resume", () => {
  it("gives back the days left of the paid period: every later charge moves by the pause", async () => {
    const { customer, subscription, changer } = await subscribed();
    const firstEnd = subscription.currentPeriodEnd as Date; // 28 days after subscribing
    await merchant.advanceClock(10 * 86_400);
    await pauseSubscription(merchant.ctx, subscription.id, changer);
    const pausedAt = merchant.ctx.now();
    expect((await view(customer.customerId, subscription.id)).nextCharge).toBeNull();
    // 30 days paused: past the old period end, and past the old next charge.
    await merchant.advanceClock(30 * 86_400);
    await runBilling(merchant);
    expect((await walletCharges(merchant, subscription.id)).all).toHaveLength(1);
    await resumeSubscription(merchant.ctx, subscription.id, changer);
    const resumedAt = merchant.ctx.now();
    const left = firstEnd.getTime() - pausedAt.getTime();
    const resumed = await view(customer.customerId, subscription.id);
    expect(resumed.status).toBe("ACTIVE");
    expect(new Date(resumed.accessUntil as string).getTime()).toBeCloseTo(resumedAt.getTime() + left, -3);
    expect(new Date(resumed.nextCharge?.at as string).getTime()).toBeCloseTo(resumedAt.getTime() + left, -3);
    const next = await openPeriod(merchant, subscription.id);
    expect(next.endsAt.getTime() - next.startsAt.getTime()).toBe(28 * DAY_MS);
    await advanceTo(merchant, next.startsAt);
    await runBilling(merchant);
    const charges = await walletCharges(merchant, subscription.id);
    expect([...charges.successes.entries()].sort()).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const third = await openPeriod(merchant, subscription.id);
    expect(third.startsAt).toEqual(next.endsAt);
    const types = (await subscriptionEvents(merchant, subscription.id)).map((event) => event.type);
    expect(types).toEqual([
      "subscription.created",
      "subscription.renewed",
      "subscription.paused",
      "subscription.resumed",
      "subscription.renewed",
    ]);
  });

  it("is refused where it makes no sense: paused twice, resumed while active, someone else's", async () => {
    const { subscription, changer } = await subscribed();
    await expect(resumeSubscription(merchant.ctx, subscription.id, changer)).rejects.toMatchObject({
      code: "ORDER_STATUS_INVALID",
    });
    await pauseSubscription(merchant.ctx, subscription.id, changer);
    await expect(pauseSubscription(merchant.ctx, subscription.id, changer)).rejects.toMatchObject({
      code: "ORDER_STATUS_INVALID",
    });
    const stranger = { actor: "customer:x", customerId: "00000000-0000-7000-8000-000000000000" };
    await expect(resumeSubscription(merchant.ctx, subscription.id, stranger)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("is refused while a charge is at the wallet", async () => {
    const { subscription, changer } = await subscribed();
    const due = await openPeriod(merchant, subscription.id);
    await merchant.db.prisma.subscriptionPeriod.update({
      where: { id: due.id },
      data: { status: "CHARGING" },
    });
    try {
      await expect(pauseSubscription(merchant.ctx, subscription.id, changer)).rejects.toMatchObject({
        code: "OPERATION_IN_PROGRESS",
      });
      await expect(
        cancelSubscription(merchant.ctx, subscription.id, changer, { atPeriodEnd: false, byOperator: true }),
      ).rejects.toMatchObject({ code: "OPERATION_IN_PROGRESS" });
    } finally {
      await merchant.db.prisma.subscriptionPeriod.update({
        where: { id: due.id },
        data: { status: "SCHEDULED" },
      });
    }
  });
});

describe("cancel", () => {
  it("at the period's end charges nothing more, and ends the subscription when the period ends", async () => {
    const { customer, subscription, changer } = await subscribed();
    await cancelSubscription(merchant.ctx, subscription.id, changer, { atPeriodEnd: true });
    const ending = await view(customer.customerId, subscription.id);
    expect(ending).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true, nextCharge: null });
    const due = await openPeriod(merchant, subscription.id);
    await advanceTo(merchant, due.startsAt);
    await runBilling(merchant);
    await merchant.advanceClock(60 * 86_400);
    await runBilling(merchant);
    expect((await walletCharges(merchant, subscription.id)).all).toHaveLength(1);
    expect(await view(customer.customerId, subscription.id)).toMatchObject({
      status: "CANCELLED",
      cancelReason: "PERIOD_END",
    });
    expect(
      (await merchant.db.prisma.subscriptionPeriod.findUniqueOrThrow({ where: { id: due.id } })).status,
    ).toBe("VOID");
    const cancelled = (await subscriptionEvents(merchant, subscription.id)).filter(
      (event) => event.type === "subscription.cancelled",
    );
    expect(cancelled.map((event) => (event.payload as { reason: string }).reason)).toEqual(["PERIOD_END"]);
  });

  it("resume takes a cancellation at the period's end back, and charging goes on", async () => {
    const { subscription, changer } = await subscribed();
    await cancelSubscription(merchant.ctx, subscription.id, changer, { atPeriodEnd: true });
    await resumeSubscription(merchant.ctx, subscription.id, changer);
    const due = await openPeriod(merchant, subscription.id);
    await advanceTo(merchant, due.startsAt);
    await runBilling(merchant);
    expect([...(await walletCharges(merchant, subscription.id)).successes.keys()].sort()).toEqual([1, 2]);
  });

  it("now: only where the plan allows it (operators always); nothing is charged afterwards", async () => {
    const strict = await subscribed();
    await expect(
      cancelSubscription(merchant.ctx, strict.subscription.id, strict.changer, { atPeriodEnd: false }),
    ).rejects.toMatchObject({ code: "ORDER_STATUS_INVALID" });
    await cancelSubscription(
      merchant.ctx,
      strict.subscription.id,
      { actor: "operator:1" },
      { atPeriodEnd: false, byOperator: true },
    );
    const lenient = await subscribed({ allowCancelNow: true });
    await cancelSubscription(merchant.ctx, lenient.subscription.id, lenient.changer, { atPeriodEnd: false });
    await merchant.advanceClock(60 * 86_400);
    await runBilling(merchant);
    for (const { customer, subscription } of [strict, lenient]) {
      expect((await walletCharges(merchant, subscription.id)).all).toHaveLength(1);
      expect((await view(customer.customerId, subscription.id)).status).toBe("CANCELLED");
    }
    await expect(
      cancelSubscription(merchant.ctx, lenient.subscription.id, lenient.changer, { atPeriodEnd: false }),
    ).rejects.toMatchObject({ code: "ORDER_STATUS_INVALID" });
  });
});

/** Runs the notices hook on every subscription event of `subscriptionId` not yet run; returns the pushes. */
async function deliverNotices(subscriptionId: string, customerId: string) {
  for (const row of await subscriptionEvents(merchant, subscriptionId)) {
    const event = parseEvent(row);
    if (!(subscriptionNotices.event as readonly string[]).includes(event.type)) continue;
    const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as HookContext["log"];
    await subscriptionNotices.handle(event as never, {
      db: merchant.db.prisma,
      log,
      signal: new AbortController().signal,
      attempt: 1,
      services: merchant.ctx,
    });
  }
  return merchant.db.prisma.pushMessage.findMany({ where: { customerId }, orderBy: { createdAt: "asc" } });
}

describe("a revoked agreement", () => {
  it.each([
    // A token that lives a month is still fresh a week later: `pay` refuses it, and so does the refresh.
    ["while its token is fresh: pay is refused, the refresh too", 30 * 86_400, 1],
    // An hour's token has expired by then: the refresh before the charge is refused, no `pay` is sent.
    ["after its token expired: the refresh before the charge is refused", 3600, undefined],
  ])("ends in past due with the customer told, %s", async (_case, tokenSeconds, refusedAtWallet) => {
    await merchant.sandbox.settings({ accessTokenTtlSeconds: tokenSeconds });
    const { customer, subscription } = await subscribed(
      { intervalUnit: "WEEK", intervalCount: 1 },
      "en",
    ).finally(() => merchant.sandbox.settings({ accessTokenTtlSeconds: 3600 }));
    await merchant.sandbox.control("POST", "/sandbox/agreements/revoke", { userId: customer.userId });
    const due = await openPeriod(merchant, subscription.id);
    await advanceTo(merchant, due.startsAt);
    await runBilling(merchant);
    const after = await view(customer.customerId, subscription.id);
    expect(after.status).toBe("PAST_DUE");
    expect(after.lastFailure?.action).toBe("SIGN_AGREEMENT");
    expect(
      await merchant.db.prisma.agreement.count({
        where: { customerId: customer.customerId, status: "ACTIVE" },
      }),
    ).toBe(0);
    // Never a successful second charge; at most the one refused try at the wallet.
    const charges = await walletCharges(merchant, subscription.id);
    expect(charges.successes.get(2)).toBeUndefined();
    expect(charges.failures.get(2)).toBe(refusedAtWallet);
    expect(
      charges.all.filter((payment) => payment.status !== "SUCCESS").map((p) => p.payResult.resultCode),
    ).toEqual(refusedAtWallet ? ["INVALID_ACCESS_TOKEN"] : []);
    const pushes = await deliverNotices(subscription.id, customer.customerId);
    expect(pushes.map((push) => push.title)).toEqual([
      "Your Dates box payment did not go through",
      "Your Dates box subscription is past due",
    ]);
    expect(pushes.every((push) => push.content.includes("sign the payment agreement again"))).toBe(true);
    expect(pushes.every((push) => push.status === "SENT")).toBe(true);
    const atWallet = await merchant.sandbox.control<unknown[]>(
      "GET",
      `/sandbox/pushes?clientId=${encodeURIComponent(merchant.sandbox.merchant.clientId)}`,
    );
    expect(atWallet.length).toBeGreaterThanOrEqual(2);

    // The customer signs again: the next try charges the period, and the subscription is active.
    await signAndBind(merchant, customer);
    const retry = await openPeriod(merchant, subscription.id);
    await advanceTo(merchant, retry.nextAttemptAt as Date);
    await runBilling(merchant);
    expect((await view(customer.customerId, subscription.id)).status).toBe("ACTIVE");
    expect((await walletCharges(merchant, subscription.id)).successes.get(2)).toBe(1);
  });

  it("tells an Arabic subscriber in Arabic", async () => {
    const { customer, subscription } = await subscribed({ intervalUnit: "WEEK", intervalCount: 1 });
    await merchant.sandbox.control("POST", "/sandbox/agreements/revoke", { userId: customer.userId });
    const due = await openPeriod(merchant, subscription.id);
    await advanceTo(merchant, due.startsAt);
    await runBilling(merchant);
    const pushes = await deliverNotices(subscription.id, customer.customerId);
    expect(pushes.map((push) => push.title)).toEqual([
      "تعذّر دفع اشتراك صندوق التمر",
      "اشتراك صندوق التمر متأخر الدفع",
    ]);
    expect(pushes[0]?.content).toContain("وقّع اتفاقية الدفع من جديد");
  });
});
