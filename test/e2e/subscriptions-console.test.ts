// Subscriptions end to end against the production build: a customer binds an agreement and
// subscribes through /api/mini/subscriptions, then pauses; an operator finds the subscription in the
// console's list (its filters and search box) and opens its page, on a 390 px phone in English and in
// Arabic, each page checked with axe-core and for sideways scrolling; then resumes it and sets it to
// end at its period's end through the page's dialogs.
// Needs a production build (`npm run build`, which .ci/run does before the browser tests).
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definePlan } from "@/lib/payments/subscriptions/plans";
import { axeFindings } from "@/test/support/axe";
import { launchBrowser, pageFromOwnAddress, submitSignIn } from "@/test/support/browser";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";

let db: TestDatabase;
let sandbox: TestSandbox;
let app: RunningApp;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
let browser: BrowserContext;
let support: TestOperator;
let subscriptionId: string;

async function call<T>(
  path: string,
  init: { token?: string; json?: unknown; key?: boolean } = {},
): Promise<T> {
  const response = await fetch(`${app.url}${path}`, {
    method: init.json === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.key ? { "idempotency-key": crypto.randomUUID() } : {}),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

beforeAll(async () => {
  [db, sandbox] = await Promise.all([createTestDatabase(), startTestSandbox()]);
  app = await startNextApp({ databaseUrl: db.url, sandbox });
  support = await createTestOperator(db.prisma, "SUPPORT", app.env.NEXTAUTH_SECRET);
  const plan = await definePlan(db.prisma, {
    sku: "COFFEE-CLUB",
    name: "Coffee club",
    nameArabic: "نادي القهوة",
    priceFils: 20_000_000n,
    intervalUnit: "MONTH",
  });
  // The mini program: a session, an agreement signed and bound, a subscription, then a pause.
  const { userId } = await sandbox.createUser();
  const { authCode } = await sandbox.createAuthCode(userId, ["USER_ID"]);
  const { sessionToken: token } = await call<{ sessionToken: string }>("/api/mini/session", {
    json: { authCode },
  });
  const prepared = await call<{ authorizationUrl: string }>("/api/mini/agreements", { token, json: {} });
  const signed = await sandbox.control<{ authCode: string }>("POST", "/sandbox/agreements/authorize", {
    authorizationUrl: prepared.authorizationUrl,
    userId,
  });
  await call("/api/mini/agreements/bind", { token, json: { authCode: signed.authCode } });
  const plans = await call<{ plans: { planId: string }[] }>("/api/mini/subscriptions/plans");
  expect(plans.plans.map((listed) => listed.planId)).toEqual([plan.id]);
  const subscribed = await call<{ subscriptionId: string; status: string }>("/api/mini/subscriptions", {
    token,
    key: true,
    json: { planId: plan.id },
  });
  expect(subscribed.status).toBe("ACTIVE");
  subscriptionId = subscribed.subscriptionId;
  const paused = await call<{ status: string }>(`/api/mini/subscriptions/${subscriptionId}/pause`, {
    token,
    json: {},
  });
  expect(paused.status).toBe("PAUSED");
  chromium = await launchBrowser();
  browser = chromium.browser;
}, 180_000);

afterAll(async () => {
  await chromium?.close();
  await app?.close();
  await sandbox?.close();
  await db?.drop();
});

const url = (path: string) => `${app.url}${path}`;

async function phone(locale: "en" | "ar"): Promise<Page> {
  await browser.clearCookies();
  const page = await pageFromOwnAddress(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await submitSignIn(page, app.url, support.email);
  await page.waitForURL(url("/admin"));
  await browser.addCookies([{ name: "console_locale", value: locale, url: url("/") }]);
  return page;
}

async function open(page: Page, path: string) {
  await page.goto(url(path));
  await page.waitForLoadState("networkidle");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await axeFindings(page), path).toEqual([]);
}

describe("the console's subscriptions on a phone", () => {
  it.each([
    ["en", "Subscriptions", "Paused", "Coffee club", "Periods"],
    ["ar", "الاشتراكات", "متوقف مؤقتاً", "نادي القهوة", "الفترات"],
  ] as const)(
    "%s: the list finds the paused subscription, its page shows the paid period",
    async (locale, title, paused, plan, periods) => {
      const page = await phone(locale);
      await open(page, "/admin/subscriptions?status=PAUSED");
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(title);
      await expect(page.getByRole("link", { name: title }).count()).resolves.toBeGreaterThan(0);
      const row = page.locator("tbody tr");
      await expect(row.count()).resolves.toBe(1);
      await expect(row.first().textContent()).resolves.toContain(paused);
      await expect(row.first().textContent()).resolves.toContain(plan);
      await open(page, `/admin/subscriptions/${subscriptionId}`);
      await expect(page.getByRole("heading", { level: 2, name: periods }).count()).resolves.toBe(1);
      // Period 2 scheduled (paused: no charge), period 1 paid.
      const rows = await page.locator("tbody tr").allTextContents();
      expect(rows.some((text) => text.includes(locale === "en" ? "Paid" : "مدفوعة"))).toBe(true);
      await page.close();
    },
  );
});

describe("the console's subscription list's filters and a subscription's actions", () => {
  it.each([
    ["en", "Subscriptions of this plan.", "Nothing matches"],
    ["ar", "اشتراكات هذه الخطة.", "لا شيء يطابق"],
  ] as const)(
    "%s: the search box finds the plan by its SKU; a status without any says so",
    async (locale, found, none) => {
      const page = await phone(locale);
      await open(page, "/admin/subscriptions?q=coffee-club");
      await expect(page.locator("[data-match=plan]").textContent()).resolves.toBe(found);
      await expect(page.locator("tbody tr").count()).resolves.toBe(1);
      await open(page, "/admin/subscriptions?q=NO-SUCH-PLAN");
      await expect(page.locator(".notice-warn").textContent()).resolves.toContain(none);
      await open(page, "/admin/subscriptions?status=CANCELLED");
      await expect(page.locator("tbody tr").count()).resolves.toBe(0);
      await page.close();
    },
  );

  it("resumes in English, then sets it to end at the period's end in Arabic, each through its dialog", async () => {
    const en = await phone("en");
    await open(en, `/admin/subscriptions/${subscriptionId}`);
    await en.locator("[data-dialog=resume]").click();
    await expect(en.locator("dialog[open]").textContent()).resolves.toContain("Charging starts again");
    expect(await axeFindings(en), "the resume dialog").toEqual([]);
    await en.locator("dialog[open] [data-confirm]").click();
    await en.locator("[data-status=ACTIVE]").first().waitFor();
    await en.close();

    const ar = await phone("ar");
    await open(ar, `/admin/subscriptions/${subscriptionId}`);
    await ar.locator("[data-dialog=cancel-at-period-end]").click();
    await expect(ar.locator("dialog[open] h2").textContent()).resolves.toBe("إنهاء بنهاية الفترة");
    expect(await axeFindings(ar), "the end-at-period-end dialog").toEqual([]);
    await ar.locator("dialog[open] [data-confirm]").click();
    await ar.getByText("ينتهي بنهاية الفترة").first().waitFor();
    // Still active until then, and the resume to take it back is offered.
    await expect(ar.locator("[data-status=ACTIVE]").count()).resolves.toBeGreaterThan(0);
    await expect(ar.locator("[data-dialog=resume]").count()).resolves.toBe(1);
    await ar.close();
    const stored = await db.prisma.subscription.findUniqueOrThrow({ where: { id: subscriptionId } });
    expect([stored.status, stored.cancelAtPeriodEnd]).toEqual(["ACTIVE", true]);
    const audit = await db.prisma.auditEntry.findMany({
      where: { subjectId: subscriptionId },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((entry) => entry.action)).toEqual(["subscription.resume", "subscription.cancel"]);
  });
});
