// The console tells the truth about money, in a real browser against the production build, on a
// 390 px phone in English and in Arabic (issue 29): a refund awaiting approval or still in flight is
// never shown as refunded; a price typed "1.250" is said back as one thousand two hundred and fifty
// and a change beyond tenfold needs a tick; a resolved flag shows its note, and a flag raised again
// says why; an unknown payment says the wallet answered "unknown" (not "no answer"), when it is next
// checked and what to tell the customer. axe-core checks each page it reads.
// Needs a production build (`npm run build`).
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { flagOrder } from "@/lib/payments/orders/flag-order";
import { resolveOrderFlag } from "@/lib/payments/orders/resolve-flag";
import { axeFindings } from "@/test/support/axe";
import { launchBrowser, pageFromOwnAddress, submitSignIn } from "@/test/support/browser";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { type MiniProgramUser, newMiniProgramUser } from "@/test/support/mini-program";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import { createTestOperator, identityOf, type TestOperator } from "@/test/support/operators";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import { waitUntil } from "@/test/support/wait";

let db: TestDatabase;
let sandbox: TestSandbox;
let app: RunningApp;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
let browser: BrowserContext;
let customer: MiniProgramUser;
const operators = {} as Record<"FINANCE" | "SUPPORT" | "ADMIN", TestOperator>;
const LOCALES = ["en", "ar"] as const;

beforeAll(async () => {
  [db, sandbox] = await Promise.all([createTestDatabase(), startTestSandbox()]);
  await seedDemoCatalog(db.prisma);
  app = await startNextApp({ databaseUrl: db.url, sandbox });
  for (const role of ["FINANCE", "SUPPORT", "ADMIN"] as const) {
    operators[role] = await createTestOperator(db.prisma, role, app.env.NEXTAUTH_SECRET);
  }
  customer = await newMiniProgramUser(app.url, sandbox);
  chromium = await launchBrowser();
  browser = chromium.browser;
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  await app?.close();
  await sandbox?.close();
  await db?.drop();
});

const url = (path: string) => `${app.url}${path}`;

/** Signed in as `role`, on a 390 px phone, in `locale`. */
async function phone(role: keyof typeof operators, locale: (typeof LOCALES)[number]): Promise<Page> {
  await browser.clearCookies();
  const page = await pageFromOwnAddress(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await submitSignIn(page, app.url, operators[role].email);
  await page.waitForURL(url("/admin"));
  await browser.addCookies([{ name: "console_locale", value: locale, url: url("/") }]);
  return page;
}

/** Opens `path` and checks it with axe-core and for sideways scrolling. */
async function open(page: Page, path: string) {
  await page.goto(url(path));
  await page.waitForLoadState("networkidle");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await axeFindings(page), path).toEqual([]);
}

async function paid(sku: string, quantity: number) {
  const order = await customer.order("CASHIER", [{ sku, quantity }]);
  await customer.pay(order);
  return order.orderId;
}

async function refund(who: TestOperator, orderId: string, amount: string) {
  const answer = await fetch(url(`/api/admin/orders/${orderId}/refunds`), {
    method: "POST",
    headers: {
      ...who.browser(app.url),
      "content-type": "application/json",
      "Idempotency-Key": crypto.randomUUID(),
    },
    body: JSON.stringify({ amount, reason: "returned" }),
  });
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
}

describe("refund figures", () => {
  const orders = {} as Record<"done" | "awaiting" | "inFlight", string>;
  beforeAll(async () => {
    orders.done = await paid("MUG", 4);
    orders.awaiting = await paid("MUG", 4);
    orders.inFlight = await paid("MUG", 4);
    await sandbox.settings({ refundDelaySeconds: 0 });
    await refund(operators.FINANCE, orders.done, "10000000");
    await waitUntil(
      async () =>
        (await db.prisma.order.findUniqueOrThrow({ where: { id: orders.done } })).confirmedRefundFils > 0n,
      { timeoutMs: 15_000, what: "the refund to be confirmed" },
    );
    // Above Support's own limit (25,000 IQD): waits for approval.
    await refund(operators.SUPPORT, orders.awaiting, "40000000");
    await sandbox.settings({ refundDelaySeconds: 3600 });
    await refund(operators.FINANCE, orders.inFlight, "20000000");
  }, 60_000);

  const words = {
    en: {
      partly: "Partly refunded: 10,000 IQD",
      awaiting: "Refund awaiting approval: 40,000 IQD",
      inFlight: "Refund in flight: 20,000 IQD",
    },
    ar: {
      partly: "مسترد جزئياً: 10,000 د.ع",
      awaiting: "استرداد ينتظر الموافقة: 40,000 د.ع",
      inFlight: "استرداد قيد التنفيذ: 20,000 د.ع",
    },
  };

  it.each(LOCALES)(
    "the list names pending and in-flight refunds as such, never as refunded (%s)",
    async (locale) => {
      const page = await phone("FINANCE", locale);
      await open(page, "/admin/orders");
      const note = (id: string) => page.locator(`tr[data-order="${id}"] .refund-note`);
      expect(await note(orders.done).allTextContents()).toEqual([words[locale].partly]);
      expect(await note(orders.awaiting).allTextContents()).toEqual([
        expect.stringContaining(words[locale].awaiting),
      ]);
      expect(await note(orders.inFlight).allTextContents()).toEqual([
        expect.stringContaining(words[locale].inFlight),
      ]);
      for (const id of [orders.awaiting, orders.inFlight]) {
        expect(
          await page
            .locator(`tr:has(a[href="/admin/orders/${id}"]) [data-refund-state="PARTLY_REFUNDED"]`)
            .count(),
        ).toBe(0);
      }
      // The refunded filter lists what the wallet confirmed only.
      await open(page, "/admin/orders?refunded=true");
      const listed = await page
        .locator("tr[data-order]")
        .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-order")));
      expect(listed).toEqual([orders.done]);
      // The order page's money says what waits for approval, apart from what was refunded.
      await open(page, `/admin/orders/${orders.awaiting}`);
      const money = await page.locator("#money").textContent();
      expect(money).toContain(
        locale === "en" ? "Refunds awaiting approval (not sent yet)" : "استردادات تنتظر الموافقة",
      );
      await page.close();
    },
    120_000,
  );
});

describe("a price said back before it is saved", () => {
  it.each([
    ["en", "TEA", "Iraqi tea: 1,000 IQD → 1,250 IQD", "one thousand two hundred and fifty dinars"],
    ["ar", "COFFEE", "قهوة بالهيل: 2,500 د.ع ← 1,250 د.ع", "ألف ومئتان وخمسون دينارًا"],
  ] as const)(
    "1.250 is one thousand two hundred and fifty; 1.25 is refused; a tenth needs a tick (%s)",
    async (locale, sku, restated, inWords) => {
      const page = await phone("ADMIN", locale);
      await open(page, "/admin/catalog");
      await page.click(`button[data-dialog="${sku}"]`);
      const dialog = page.locator("dialog[open]");
      const price = dialog.locator("input[name=price]");
      await price.fill("1.250");
      expect(await dialog.getByTestId("price-restated").textContent()).toContain(restated);
      expect(await dialog.getByTestId("price-words").textContent()).toBe(inWords);
      expect(await dialog.getByTestId("price-warning").count()).toBe(0);
      expect(await axeFindings(page)).toEqual([]);

      await price.fill("1.25");
      expect(await dialog.getByRole("alert").first().textContent()).toContain(
        locale === "en" ? "whole dinars" : "بالدينار الكامل",
      );

      // A tenth of the price: warned, refused until ticked, then saved.
      await price.fill("12");
      await dialog.getByTestId("price-warning").waitFor();
      await dialog.locator("button[data-confirm]").click();
      await dialog.getByRole("alert").last().waitFor();
      expect((await db.prisma.product.findUniqueOrThrow({ where: { sku } })).priceFils).not.toBe(12_000n);
      await dialog.locator("input[name=confirmLargePriceChange]").check();
      await dialog.locator("button[data-confirm]").click();
      await waitUntil(
        async () => (await db.prisma.product.findUniqueOrThrow({ where: { sku } })).priceFils === 12_000n,
        {
          timeoutMs: 10_000,
          what: "the confirmed price to be saved",
        },
      );
      await page.close();
    },
    120_000,
  );
});

describe("flags and unknown outcomes", () => {
  it.each(LOCALES)(
    "a resolved flag shows its note; raised again it says which new fact (%s)",
    async (locale) => {
      const orderId = await paid("TEA", 1);
      await flagOrder(db.prisma, orderId, { kind: "PAYMENT_UNSETTLED", afterMs: 86_400_000 });
      const note = locale === "en" ? "Called the wallet: they confirm it." : "اتصلت بالمحفظة: أكدوا الدفع.";
      await resolveOrderFlag(
        { prisma: db.prisma, now: () => new Date() },
        identityOf(operators.ADMIN, "ADMIN"),
        orderId,
        note,
      );
      const page = await phone("FINANCE", locale);
      await open(page, `/admin/orders/${orderId}`);
      expect(await page.getByTestId("resolved-note").textContent()).toContain(note);
      expect(await page.locator("#attention").count()).toBe(0);

      await flagOrder(db.prisma, orderId, {
        kind: "AMOUNT_MISMATCH",
        notification: "payment",
        amount: "1 IQD",
      });
      await open(page, `/admin/orders/${orderId}`);
      expect(await page.locator("#attention").textContent()).toContain(
        locale === "en"
          ? "Raised again — the wallet reported something new"
          : "أُعيدت الإشارة — أبلغت المحفظة بشيء جديد",
      );
      await page.close();
    },
    120_000,
  );

  it.each(LOCALES)(
    "an unknown payment: the wallet's own U in words, the next check, and what to tell the customer (%s)",
    async (locale) => {
      await sandbox.setFault("pay", "U");
      const order = await customer.order("CASHIER", [{ sku: "KLEICHA", quantity: 1 }]);
      expect(order.status).toBe("PROCESSING");
      const page = await phone("FINANCE", locale);
      await open(page, `/admin/orders/${order.orderId}`);
      const notice = page.getByTestId("unknown-notice");
      expect(await notice.getByTestId("unknown-cause").textContent()).toContain(
        locale === "en" ? "The wallet answered, but could not say yet" : "أجابت المحفظة، لكنها لم تستطع بعد",
      );
      expect(await notice.getByTestId("unknown-tell-customer").textContent()).toContain(
        locale === "en" ? "Please do not pay again" : "رجاءً لا تدفع مرة أخرى",
      );
      const timeline = await page.locator("#timeline").textContent();
      expect(timeline).toContain(
        locale === "en" ? "The wallet answered: outcome unknown (U)" : "أجابت المحفظة: النتيجة مجهولة (U)",
      );
      expect(timeline).not.toContain(
        locale === "en" ? "No answer from the wallet" : "لم تُجب المحفظة (انتهت المهلة",
      );

      // Checking by hand while the wallet still cannot say: "still unknown", and when the next check is.
      await sandbox.setFault("inquiryPayment", "U");
      await page.click('button[data-action="reconcile"]');
      await page.click('dialog button[data-confirm="review"]');
      const result = await page.getByTestId("action-result").textContent();
      expect(result).toContain(locale === "en" ? "the outcome is still unknown" : "النتيجة ما زالت مجهولة");
      expect(result).toContain(
        locale === "en" ? "The next automatic check is at" : "التحقق التلقائي التالي في",
      );
      await page.close();
    },
    120_000,
  );
});
