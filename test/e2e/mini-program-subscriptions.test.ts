// Subscriptions in the reference mini program (miniapp/), inside the sandbox's wallet container, against
// the production build of the app, in English and in Arabic at 390 px, with axe-core on every state:
// the plans in the customer's language with their price and period, subscribing (the wallet's
// agreement page signed first, then reused by the next subscription), pause, resume, cancel at the
// period's end and taking it back, cancel now where the plan allows it (asked once more), the consent
// to pushes that reminders need, and a revoked agreement: the first charge refused in words, then a
// renewal refused by the billing worker (past due, the agreement signed again from the card).
// Screenshots go to SCREENSHOT_DIR when it is set.
// Needs a production build (`npm run build`).
import type { BrowserContext, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { definePlan } from "@/lib/payments/subscriptions/plans";
import { axeFindings } from "@/test/support/axe";
import { launchBrowser } from "@/test/support/browser";
import { sheet } from "@/test/support/container";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import {
  type Language,
  openShop,
  serveReferenceMiniProgram,
  words,
} from "@/test/support/reference-mini-program";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import type { StaticServer } from "@/test/support/static-server";
import {
  deletePrefix,
  SHARED_REDIS_URL,
  spawnWorkerProcess,
  uniquePrefix,
  type WorkerProcess,
  waitForStart,
} from "@/test/support/workers";

let db: TestDatabase;
let sandbox: TestSandbox;
let mini: StaticServer;
let app: RunningApp | undefined;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
let browser: BrowserContext;
let workers: WorkerProcess | undefined;
const queuePrefix = uniquePrefix();
const plans: Record<"club" | "box", string> = { club: "", box: "" };

beforeAll(async () => {
  [db, sandbox, mini] = await Promise.all([
    createTestDatabase(),
    startTestSandbox(),
    serveReferenceMiniProgram(),
  ]);
  await seedDemoCatalog(db.prisma);
  plans.club = (
    await definePlan(db.prisma, {
      sku: "COFFEE-CLUB",
      name: "Coffee club",
      nameArabic: "نادي القهوة",
      priceFils: 15_000_000n,
      intervalUnit: "MONTH",
    })
  ).id;
  plans.box = (
    await definePlan(db.prisma, {
      sku: "DATES-BOX",
      name: "Dates box",
      nameArabic: "صندوق التمر",
      priceFils: 4_000_000n,
      intervalUnit: "WEEK",
      intervalCount: 2,
      freeFirstPeriod: true,
      allowCancelNow: true,
    })
  ).id;
  const origin = `http://app-${mini.port}.localhost:${new URL(sandbox.url).port}`;
  app = await startNextApp({ databaseUrl: db.url, sandbox, extraEnv: { MINI_PROGRAM_ORIGINS: origin } });
  // The billing worker, scanning every second: it charges what comes due.
  workers = spawnWorkerProcess(
    {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...app.env,
      REDIS_URL: SHARED_REDIS_URL,
      QUEUE_PREFIX: queuePrefix,
      WORKER_SCAN_EVERY_SECONDS: "1",
      LOG_LEVEL: "info", // its "workers started" line
    },
    ["subscriptions"],
  );
  await waitForStart(workers, 60_000);
  chromium = await launchBrowser();
  browser = chromium.browser;
}, 180_000);

afterAll(async () => {
  await chromium?.close();
  workers?.kill("SIGTERM");
  await workers?.exited;
  await deletePrefix(SHARED_REDIS_URL, queuePrefix);
  await app?.close();
  await mini?.close();
  await sandbox?.close();
  await db?.drop();
});

const urls = () => ({ sandbox: sandbox.url, miniProgram: mini.url, app: app?.url ?? "" });

/** No axe finding, no sideways scrolling at 390 px, and a screenshot when SCREENSHOT_DIR is set. */
async function looksRight(page: Page, shop: Frame, name: string): Promise<void> {
  expect(await axeFindings(shop), name).toEqual([]);
  const overflow = await shop.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` });
}

describe.each(["en", "ar"] as const)(
  "subscriptions in the mini program in %s at 390 px",
  (lang: Language) => {
    const say = (key: Parameters<typeof words>[1], params?: Record<string, string>) =>
      words(lang, key, params);

    it("subscribes (signing the agreement), pauses, resumes, cancels at the period's end and takes it back", async () => {
      const { page, shop } = await openShop(browser, urls(), { lang });
      await shop.click('nav a[href="#/subscriptions"]');
      await shop.locator("#plans li").first().waitFor();
      await shop.locator("#subscriptions-empty").waitFor();
      const club = shop.locator(`#plans li[data-plan="${plans.club}"]`);
      expect(await club.locator("h3").textContent()).toBe(lang === "ar" ? "نادي القهوة" : "Coffee club");
      const price = (await club.locator(".price").textContent()) ?? "";
      if (lang === "en") expect(price).toBe("15,000 IQD every month");
      else expect(price).toMatch(/^\u200f?١٥٬٠٠٠\s*د\.ع\.\u200f? كل شهر$/);
      const box = shop.locator(`#plans li[data-plan="${plans.box}"]`);
      expect(await box.locator(".price").textContent()).toContain(say("every_WEEK_2"));
      expect(await box.locator(".hint").textContent()).toBe(say("planFreeFirst"));
      await looksRight(page, shop, `${lang}_subscriptions-plans`);

      // No agreement yet: the wallet's agreement page, then the first month is charged at once.
      await club.locator("button.subscribe").click();
      await sheet(page).locator("#approve").click();
      await shop.locator('#my-subscriptions li[data-status="ACTIVE"]').waitFor({ timeout: 20_000 });
      const mine = shop.locator("#my-subscriptions li").first();
      const subscription = await db.prisma.subscription.findUniqueOrThrow({
        where: { id: (await mine.getAttribute("data-subscription")) ?? "" },
        include: { periods: { orderBy: { number: "asc" } } },
      });
      expect(subscription).toMatchObject({ planId: plans.club, status: "ACTIVE", language: lang });
      expect(subscription.periods.map((period) => period.status)).toEqual(["PAID", "SCHEDULED"]);
      expect(await mine.locator(".status").textContent()).toBe(say("sub_ACTIVE"));
      // The next charge, its amount and day (access runs until then: said once).
      const details = await mine.locator(".detail").allTextContents();
      expect(details).toHaveLength(1);
      expect(details[0]).toContain(lang === "en" ? "15,000 IQD" : "١٥٬٠٠٠");
      const chargeDay = new Intl.DateTimeFormat(lang === "ar" ? "ar-IQ" : "en-GB", {
        dateStyle: "long",
      }).format(subscription.periods[1]?.startsAt);
      expect(details[0]).toContain(chargeDay);
      expect(await club.locator(".ok").textContent()).toBe(say("subscribedAlready"));
      await looksRight(page, shop, `${lang}_subscriptions-active`);

      await mine.locator('button[data-action="pause"]').click();
      await shop.locator(`#my-subscriptions li[data-status="PAUSED"]`).waitFor();
      expect(await shop.locator("#my-subscriptions li .status").first().textContent()).toBe(
        say("sub_PAUSED"),
      );
      expect(
        (await db.prisma.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).status,
      ).toBe("PAUSED");
      await looksRight(page, shop, `${lang}_subscriptions-paused`);

      await shop.click('#my-subscriptions li button[data-action="resume"]');
      await shop.locator(`#my-subscriptions li[data-status="ACTIVE"] button[data-action="pause"]`).waitFor();

      await shop.click('#my-subscriptions li button[data-action="cancel-at-end"]');
      await shop.locator('#my-subscriptions li .status[data-ending="yes"]').waitFor();
      expect(await shop.locator("#my-subscriptions li .status").first().textContent()).toBe(
        say("sub_ENDING"),
      );
      // This plan does not let the customer cancel at once: only the way back is offered.
      expect(await shop.locator('#my-subscriptions li button[data-action="cancel-now"]').count()).toBe(0);
      const ending = await db.prisma.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
      expect(ending).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true });
      await looksRight(page, shop, `${lang}_subscriptions-ending`);

      await shop.click('#my-subscriptions li button[data-action="keep"]');
      await shop.locator(`#my-subscriptions li button[data-action="pause"]`).waitFor();
      expect(
        (await db.prisma.subscription.findUniqueOrThrow({ where: { id: subscription.id } }))
          .cancelAtPeriodEnd,
      ).toBe(false);
      await page.close();
    });

    it("subscribes to a free first period with the agreement already signed, then cancels now once asked twice", async () => {
      const { page, shop } = await openShop(browser, urls(), { lang });
      await shop.click('nav a[href="#/subscriptions"]');
      const club = shop.locator(`#plans li[data-plan="${plans.club}"]`);
      await club.waitFor();
      await club.locator("button.subscribe").click();
      await sheet(page).locator("#approve").click();
      await shop.locator(`#my-subscriptions li[data-status="ACTIVE"]`).waitFor({ timeout: 20_000 });

      // The agreement signed for the first subscription is reused: no agreement page this time.
      await shop.click(`#plans li[data-plan="${plans.box}"] button.subscribe`);
      const trial = shop.locator(`#my-subscriptions li[data-status="TRIALING"]`);
      await trial.waitFor({ timeout: 20_000 });
      expect(await page.locator("#sheet").isHidden()).toBe(true);
      expect(await trial.locator(".status").textContent()).toBe(say("sub_TRIALING"));
      const trialing = await db.prisma.subscription.findUniqueOrThrow({
        where: { id: (await trial.getAttribute("data-subscription")) ?? "" },
        include: { periods: { orderBy: { number: "asc" } } },
      });
      expect(trialing).toMatchObject({ planId: plans.box, language: lang });
      expect(trialing.periods.map((period) => period.status)).toEqual(["FREE", "SCHEDULED"]);
      const orders = await db.prisma.order.count({
        where: { customerId: trialing.customerId, flow: "AGREEMENT" },
      });
      expect(orders).toBe(1); // the club's first month only: the free period charged nothing
      await looksRight(page, shop, `${lang}_subscriptions-trial`);

      // Reminders need the customer's consent to pushes: asked in the wallet, then the offer is gone.
      await shop.click('#reminders button[data-action="reminders"]');
      await sheet(page).locator("#approve").click();
      await shop.locator(`#my-subscriptions li[data-status="TRIALING"]`).waitFor();
      await shop.locator("#reminders").waitFor({ state: "detached" });
      const customer = await db.prisma.customer.findUniqueOrThrow({ where: { id: trialing.customerId } });
      expect(customer.scopes).toContain("NOTIFICATION_PUSH");

      await trial.locator('button[data-action="cancel-now"]').click();
      await trial.locator(".confirm").waitFor();
      expect(await trial.locator(".confirm").textContent()).toBe(say("confirmCancelNow"));
      await looksRight(page, shop, `${lang}_subscriptions-confirm-cancel`);
      await trial.locator('button[data-action="confirm-cancel-now"]').click();
      await shop.locator(`#my-subscriptions li[data-status="CANCELLED"]`).waitFor();
      const cancelled = await db.prisma.subscription.findUniqueOrThrow({ where: { id: trialing.id } });
      expect(cancelled).toMatchObject({ status: "CANCELLED", cancelReason: "CUSTOMER" });
      // Ended: the plan can be subscribed to again.
      expect(await shop.locator(`#plans li[data-plan="${plans.box}"] button.subscribe`).count()).toBe(1);
      await page.close();
    });

    it("after the customer revoked the agreement in the wallet: the first charge fails in words, and subscribing again signs a new one", async () => {
      const { page, shop } = await openShop(browser, urls(), { lang });
      await shop.click('nav a[href="#/subscriptions"]');
      const box = shop.locator(`#plans li[data-plan="${plans.box}"]`);
      await box.locator("button.subscribe").click();
      await sheet(page).locator("#approve").click();
      await shop.locator(`#my-subscriptions li[data-status="TRIALING"]`).waitFor({ timeout: 20_000 });
      const user = (await (await page.request.get(`${sandbox.url}/container/api/wallet-user`)).json()) as {
        userId: string;
      };
      await sandbox.control("POST", "/sandbox/agreements/revoke", { userId: user.userId });

      // The wallet refuses the agreement (and its refresh): the first month is not charged.
      const club = shop.locator(`#plans li[data-plan="${plans.club}"]`);
      await club.locator("button.subscribe").click();
      const problem = club.locator(".problem").filter({ hasText: say("firstChargeFailed") });
      await problem.waitFor({ timeout: 20_000 });
      await looksRight(page, shop, `${lang}_subscriptions-first-charge-failed`);
      const customerId = (
        await db.prisma.subscription.findUniqueOrThrow({
          where: {
            id: (await shop.locator("#my-subscriptions li").first().getAttribute("data-subscription")) ?? "",
          },
        })
      ).customerId;
      const refused = await db.prisma.subscription.findFirstOrThrow({
        where: { customerId, planId: plans.club },
      });
      expect(refused).toMatchObject({ status: "CANCELLED", cancelReason: "FIRST_CHARGE_FAILED" });

      // Again: no agreement left, so the wallet's agreement page first, then the charge goes through.
      await problem.locator('button[data-remedy="retry"]').click();
      await sheet(page).locator("#approve").click();
      await shop.locator(`#my-subscriptions li[data-status="ACTIVE"]`).waitFor({ timeout: 20_000 });
      const agreements = await db.prisma.agreement.findMany({
        where: { customerId },
        orderBy: { createdAt: "asc" },
      });
      expect(agreements.map((agreement) => agreement.status)).toEqual(["REVOKED", "ACTIVE"]);
      await page.close();
    });

    it("a renewal refused for a revoked agreement: past due, said in words, and the agreement signed again from the card", async () => {
      const { page, shop } = await openShop(browser, urls(), { lang });
      await shop.click('nav a[href="#/subscriptions"]');
      await shop.click(`#plans li[data-plan="${plans.club}"] button.subscribe`);
      await sheet(page).locator("#approve").click();
      const card = shop.locator("#my-subscriptions li").first();
      await shop.locator(`#my-subscriptions li[data-status="ACTIVE"]`).waitFor({ timeout: 20_000 });
      const id = (await card.getAttribute("data-subscription")) ?? "";
      const user = (await (await page.request.get(`${sandbox.url}/container/api/wallet-user`)).json()) as {
        userId: string;
      };
      await sandbox.control("POST", "/sandbox/agreements/revoke", { userId: user.userId });
      // A month on, for the scheduler only: the second month's charge is due now. The worker charges
      // it at the wallet, which refuses the agreement and its refresh.
      await db.prisma.subscriptionPeriod.updateMany({
        where: { subscriptionId: id, status: "SCHEDULED" },
        data: { nextAttemptAt: new Date() },
      });
      for (let waited = 0; ; waited += 250) {
        const now = await db.prisma.subscription.findUniqueOrThrow({ where: { id } });
        if (now.status === "PAST_DUE") break;
        if (waited > 45_000) throw new Error(`still ${now.status}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await shop.click('nav a[href="#/orders"]');
      await shop.click('nav a[href="#/subscriptions"]');
      const pastDue = shop.locator(`#my-subscriptions li[data-status="PAST_DUE"]`);
      await pastDue.waitFor();
      expect(await pastDue.locator(".status").textContent()).toBe(say("sub_PAST_DUE"));
      const details = await pastDue.locator(".detail").allTextContents();
      expect(details).toContain(say("action_SIGN_AGREEMENT"));
      const nextTry = say("nextTry", { amount: "@", date: "@" }).split("@")[0] ?? "-";
      expect(details.some((line) => line.startsWith(nextTry))).toBe(true);
      await looksRight(page, shop, `${lang}_subscriptions-past-due`);

      await pastDue.locator('button[data-action="sign-again"]').click();
      await sheet(page).locator("#approve").click();
      const customerId = (await db.prisma.subscription.findUniqueOrThrow({ where: { id } })).customerId;
      for (let waited = 0; ; waited += 250) {
        const statuses = (
          await db.prisma.agreement.findMany({ where: { customerId }, orderBy: { createdAt: "asc" } })
        ).map((agreement) => agreement.status);
        if (statuses.join() === "REVOKED,ACTIVE") break;
        if (waited > 20_000) throw new Error(`agreements ${statuses.join()}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await page.close();
    });
  },
);
