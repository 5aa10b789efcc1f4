// What the subscriber is told, on the sandbox's clock: a reminder SUBSCRIPTION_REMINDER_DAYS before
// each charge (the billing scan's), in their language, once per period however often the scan runs,
// none for a subscription paused or ending, nor before the customer allows pushes; a failed charge
// told once per period however many tries fail; each push a line on the subscription's timeline.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetHookSettingsForTests } from "@/hooks/settings";
import subscriptionNotices from "@/hooks/subscription-notices";
import type { HookContext } from "@/lib/events/hooks";
import { cancelSubscription, pauseSubscription } from "@/lib/payments/subscriptions/change-subscription";
import { definePlan } from "@/lib/payments/subscriptions/plans";
import { subscribe } from "@/lib/payments/subscriptions/subscribe";
import { resetEnvForTests } from "@/lib/platform/env";
import { parseEvent } from "@/lib/platform/outbox/event-map";
import { type MerchantHarness, startMerchant } from "@/test/support/merchant";
import { uniqueId } from "@/test/support/sandbox";
import {
  advanceTo,
  openPeriod,
  runBilling,
  subscriber,
  subscriptionEvents,
} from "@/test/support/subscriptions";
import { processPush } from "@/workers/push";

let merchant: MerchantHarness;
const DAY_MS = 86_400_000;
const PRICE = 12_000_000n;

beforeAll(async () => {
  merchant = await startMerchant({ sandbox: { settings: { refreshTokenTtlSeconds: 400 * 86_400 } } });
  Object.assign(process.env, {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: merchant.db.url,
    LOCAL_DIR: mkdtempSync(path.join(tmpdir(), "subscription-notices-local-")),
    MINI_APP_ID: "2021000000000042",
  });
  resetEnvForTests();
  resetHookSettingsForTests();
});
afterAll(() => merchant?.close());

async function subscribed(language: "ar" | "en", options: { balance?: string } = {}) {
  const plan = await definePlan(merchant.db.prisma, {
    sku: uniqueId("CLUB").toUpperCase(),
    name: "Coffee club",
    nameArabic: "نادي القهوة",
    priceFils: PRICE,
    intervalUnit: "MONTH",
  });
  const customer = await subscriber(merchant, options);
  const { subscription } = await subscribe(merchant.ctx, customer.customerId, {
    planId: plan.id,
    idempotencyKey: uniqueId("sub"),
    language,
  });
  return { customer, subscription };
}

/** The push jobs enqueued since the last call, run as the push worker runs them. */
const sentJobs = new Set<unknown>();
async function runPushJobs(): Promise<void> {
  for (const job of merchant.jobs.of("push")) {
    if (sentJobs.has(job)) continue;
    sentJobs.add(job);
    await processPush(merchant.ctx, { name: "push", data: job.payload });
  }
}

const notices = (subscriptionId: string) =>
  merchant.db.prisma.customerEvent.findMany({
    where: { subjectId: subscriptionId, type: "SUBSCRIPTION_NOTICE" },
    orderBy: { createdAt: "asc" },
  });

const pushesOf = (customerId: string) =>
  merchant.db.prisma.pushMessage.findMany({ where: { customerId }, orderBy: { createdAt: "asc" } });

async function runHook(subscriptionId: string): Promise<void> {
  const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as HookContext["log"];
  for (const row of await subscriptionEvents(merchant, subscriptionId)) {
    const event = parseEvent(row);
    if (!(subscriptionNotices.event as readonly string[]).includes(event.type)) continue;
    await subscriptionNotices.handle(event as never, {
      db: merchant.db.prisma,
      log,
      signal: new AbortController().signal,
      attempt: 1,
      services: merchant.ctx,
    });
  }
}

describe("a reminder before each charge", () => {
  it("is pushed three days ahead, in the subscriber's language, once per period however often the scan runs", async () => {
    const { customer, subscription } = await subscribed("en");
    const second = await openPeriod(merchant, subscription.id);
    // Four days before: too early.
    await advanceTo(merchant, new Date(second.startsAt.getTime() - 4 * DAY_MS));
    await runBilling(merchant);
    expect(await notices(subscription.id)).toEqual([]);

    await advanceTo(merchant, new Date(second.startsAt.getTime() - 3 * DAY_MS + 60_000));
    await runBilling(merchant);
    await runBilling(merchant);
    await runPushJobs();
    await advanceTo(merchant, new Date(second.startsAt.getTime() - DAY_MS));
    await runBilling(merchant);
    await runPushJobs();
    const lines = await notices(subscription.id);
    expect(lines.map((line) => line.detail)).toEqual([
      expect.objectContaining({ kind: "reminder", period: 2 }),
    ]);
    const pushes = await pushesOf(customer.customerId);
    expect(pushes).toHaveLength(1);
    const day = second.startsAt.toISOString().slice(0, 10);
    expect(pushes[0]).toMatchObject({
      status: "SENT",
      title: `Your Coffee club subscription renews on ${day}`,
    });
    expect(pushes[0]?.content).toContain("12,000 IQD will be charged from your wallet");
    expect(pushes[0]?.url).toContain("appId=2021000000000042");
    const atWallet = await merchant.sandbox.control<{ requestId: string }[]>(
      "GET",
      `/sandbox/pushes?clientId=${encodeURIComponent(merchant.sandbox.merchant.clientId)}`,
    );
    expect(atWallet.filter((push) => push.requestId === pushes[0]?.requestId)).toHaveLength(1);

    // The charge, then the next period's reminder in its own time.
    await advanceTo(merchant, second.startsAt);
    await runBilling(merchant);
    const third = await openPeriod(merchant, subscription.id);
    expect(third.number).toBe(3);
    await advanceTo(merchant, new Date(third.startsAt.getTime() - 2 * DAY_MS));
    await runBilling(merchant);
    await runPushJobs();
    expect((await notices(subscription.id)).map((line) => line.detail)).toEqual([
      expect.objectContaining({ kind: "reminder", period: 2 }),
      expect.objectContaining({ kind: "reminder", period: 3 }),
    ]);
  });

  it("is in Arabic for an Arabic subscriber, and none comes for a subscription paused or ending", async () => {
    const arabic = await subscribed("ar");
    const paused = await subscribed("en");
    const ending = await subscribed("en");
    const changer = (customerId: string) => ({ actor: `customer:${customerId}`, customerId });
    await pauseSubscription(merchant.ctx, paused.subscription.id, changer(paused.customer.customerId));
    await cancelSubscription(merchant.ctx, ending.subscription.id, changer(ending.customer.customerId), {
      atPeriodEnd: true,
    });
    const second = await openPeriod(merchant, arabic.subscription.id);
    await advanceTo(merchant, new Date(second.startsAt.getTime() - 2 * DAY_MS));
    await runBilling(merchant);
    await runPushJobs();
    const [push, ...more] = await pushesOf(arabic.customer.customerId);
    expect(more).toEqual([]);
    expect(push?.title).toBe(`يتجدد اشتراك نادي القهوة في ${second.startsAt.toISOString().slice(0, 10)}`);
    expect(push?.content).toContain("من محفظتك");
    expect(await notices(paused.subscription.id)).toEqual([]);
    expect(await notices(ending.subscription.id)).toEqual([]);
    expect(await pushesOf(paused.customer.customerId)).toEqual([]);
    expect(await pushesOf(ending.customer.customerId)).toEqual([]);
  });

  it("waits for the customer to allow pushes: none before, one once they have, before the charge", async () => {
    const { customer, subscription } = await subscribed("en");
    await merchant.db.prisma.customer.update({
      where: { id: customer.customerId },
      data: { scopes: ["USER_ID"] },
    });
    const second = await openPeriod(merchant, subscription.id);
    await advanceTo(merchant, new Date(second.startsAt.getTime() - 2 * DAY_MS));
    await runBilling(merchant);
    expect(await notices(subscription.id)).toEqual([]);
    await merchant.db.prisma.customer.update({
      where: { id: customer.customerId },
      data: { scopes: ["USER_ID", "NOTIFICATION_PUSH"] },
    });
    await advanceTo(merchant, new Date(second.startsAt.getTime() - DAY_MS));
    await runBilling(merchant);
    await runPushJobs();
    expect((await pushesOf(customer.customerId)).map((push) => push.status)).toEqual(["SENT"]);
  });
});

describe("a failed charge", () => {
  it("is told once per period however many tries fail, with the way to fix it, on the timeline", async () => {
    // Enough for the first month only.
    const { customer, subscription } = await subscribed("en", { balance: PRICE.toString() });
    const second = await openPeriod(merchant, subscription.id);
    await advanceTo(merchant, second.startsAt);
    await runBilling(merchant);
    // The tries after 24 and 72 hours fail too; by the second the grace is over: past due.
    for (const tries of [1, 2]) {
      const retry = await openPeriod(merchant, subscription.id);
      expect(retry.failedTries).toBe(tries);
      await advanceTo(merchant, retry.nextAttemptAt as Date);
      await runBilling(merchant);
    }
    expect((await openPeriod(merchant, subscription.id)).failedTries).toBe(3);
    await runHook(subscription.id);
    await runHook(subscription.id); // a hook retried: nothing more
    const pushes = (await pushesOf(customer.customerId)).filter((push) => !push.title.includes("renews"));
    expect(pushes.map((push) => push.title)).toEqual([
      "Your Coffee club payment did not go through",
      "Your Coffee club subscription is past due",
    ]);
    expect(pushes[0]?.content).toContain("Top up your wallet");
    const lines = (await notices(subscription.id)).map((line) => line.detail as { kind: string });
    expect(lines.filter((line) => line.kind !== "reminder")).toEqual([
      expect.objectContaining({ kind: "payment_failed", period: 2 }),
      expect.objectContaining({ kind: "past_due", period: 2 }),
    ]);
  });
});
