// In a real browser against the production build, in English and in Arabic: escrow cancels and voids
// above their requester's limits wait on the Approvals page and the order's page, each saying what it
// is; another operator approves a cancel from Approvals and the wallet cancels the order. The
// Operators page counts failed sign-ins (wrong passwords and codes) in each language's own plural
// forms. Needs a production build (`npm run build`).
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { launchBrowser, pageFromOwnAddress, submitSignIn } from "@/test/support/browser";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { type MiniProgramUser, newMiniProgramUser } from "@/test/support/mini-program";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import { createTestOperator, TEST_OPERATOR_PASSWORD, type TestOperator } from "@/test/support/operators";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import { waitUntil } from "@/test/support/wait";

let db: TestDatabase;
let sandbox: TestSandbox;
let app: RunningApp | undefined;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
let browser: BrowserContext;
let customer: MiniProgramUser;
let desk: TestOperator;
let finance: TestOperator;
let admin: TestOperator;

beforeAll(async () => {
  [db, sandbox] = await Promise.all([createTestDatabase(), startTestSandbox()]);
  await seedDemoCatalog(db.prisma);
  app = await startNextApp({ databaseUrl: db.url, sandbox });
  // Cancels, voids and refunds up to 5,000 IQD each on their own.
  await db.prisma.role.create({
    data: {
      key: "ESCROW_DESK",
      name: "Escrow desk",
      permissions: ["orders.read", "escrow.act"],
      refundLimitFils: 5_000_000n,
      dailyRefundLimitFils: 50_000_000n,
    },
  });
  const secret = app.env.NEXTAUTH_SECRET;
  desk = await createTestOperator(db.prisma, "ESCROW_DESK", secret);
  finance = await createTestOperator(db.prisma, "FINANCE", secret);
  admin = await createTestOperator(db.prisma, "ADMIN", secret);
  customer = await newMiniProgramUser(app.url, sandbox, { fullName: "Zainab", loginId: "+9647701230000" });
  chromium = await launchBrowser();
  browser = chromium.browser;
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  await app?.close();
  await sandbox?.close();
  await db?.drop();
});

const url = (path: string) => `${app?.url}${path}`;

async function signedIn(who: TestOperator): Promise<Page> {
  await browser.clearCookies();
  const page = await pageFromOwnAddress(browser);
  await submitSignIn(page, app?.url as string, who.email, TEST_OPERATOR_PASSWORD);
  await page.waitForURL(url("/admin"));
  return page;
}

async function inLanguage(page: Page, lang: "ar" | "en"): Promise<void> {
  await page.click(`button[lang=${lang}]`);
  await waitUntil(async () => (await page.getAttribute("html", "lang")) === lang, {
    timeoutMs: 10_000,
    what: `the page in ${lang}`,
  });
}

async function paidEscrow(sku: string): Promise<string> {
  const order = await customer.order("ESCROW", [{ sku, quantity: 1 }]);
  await customer.pay(order);
  return order.orderId;
}

/** An operator's action over the API, as a script sends it. */
async function act(who: TestOperator, orderId: string, action: string, body: unknown = {}) {
  const response = await fetch(url(`/api/admin/orders/${orderId}/${action}`), {
    method: "POST",
    headers: { ...who.script(), "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { request?: { id: string } } };
}

describe("cancel and void requests in the console", () => {
  it("wait on Approvals and the order's page, named in English and Arabic; another operator approves the cancel", async () => {
    const toCancel = await paidEscrow("KLEICHA"); // 6,000 IQD
    const cancel = await act(desk, toCancel, "cancel");
    expect(cancel.status).toBe(202);
    const toVoid = await paidEscrow("DATES"); // 12,000 IQD
    expect((await act(finance, toVoid, "accept")).status).toBe(200);
    const voided = await act(desk, toVoid, "void", { amount: "7000000" });
    expect(voided.status).toBe(202);
    const cancelId = cancel.body.request?.id as string;
    const voidId = voided.body.request?.id as string;

    const page = await signedIn(finance);
    await page.goto(url("/admin/approvals"));
    const cancelRow = page.locator(`tr[data-refund-request="${cancelId}"]`);
    const voidRow = page.locator(`tr[data-refund-request="${voidId}"]`);
    expect(await cancelRow.textContent()).toContain("Escrow cancel");
    expect(await voidRow.textContent()).toContain("Escrow void");
    expect(await voidRow.textContent()).toContain("7,000 IQD");

    await inLanguage(page, "ar");
    expect(await cancelRow.textContent()).toContain("إلغاء ضمان");
    expect(await voidRow.textContent()).toContain("إعادة مبلغ محجوز");
    await page.goto(url(`/admin/orders/${toVoid}`));
    const onOrder = page.locator(`#refund-requests tr[data-refund-request="${voidId}"]`);
    expect(await onOrder.textContent()).toContain("إعادة مبلغ محجوز");
    // Waiting: its decision, in words fit for a void, right there.
    expect(await onOrder.textContent()).toContain("الموافقة على إعادة 7,000 د.ع من المبلغ المحجوز");
    // While it waits the order offers no other void.
    expect(await page.locator('button[data-action="void"]').count()).toBe(0);

    await inLanguage(page, "en");
    await page.goto(url("/admin/approvals"));
    await page.locator(`button[data-dialog="approve-${cancelId}"]`).click();
    expect(await page.locator("dialog[open]").textContent()).toContain(
      "Approve cancelling this escrow order (6,000 IQD back",
    );
    await page.locator("dialog[open] button[data-confirm]").click();
    await waitUntil(
      async () =>
        (await db.prisma.order.findUniqueOrThrow({ where: { id: toCancel } })).status === "CANCELLED" ||
        undefined,
      { timeoutMs: 20_000, what: "the approved cancel to reach the wallet" },
    );
    await page.goto(url(`/admin/orders/${toCancel}`));
    const decided = page.locator(`#refund-requests tr[data-refund-request="${cancelId}"]`);
    expect(await decided.textContent()).toContain("Approved by");
    expect(await decided.textContent()).toContain("Escrow cancel");
    await page.close();
  });
});

describe("failed sign-ins on the Operators page", () => {
  it("are counted in each language's own plural forms", async () => {
    const counts = [1, 2, 3, 11];
    const guessed = await Promise.all(
      counts.map(() => createTestOperator(db.prisma, "VIEWER", app?.env.NEXTAUTH_SECRET)),
    );
    for (const [index, operator] of guessed.entries()) {
      await db.prisma.operator.update({ where: { id: operator.id }, data: { failedSignIns: counts[index] } });
    }
    const page = await signedIn(admin);
    await page.goto(url("/admin/operators"));
    const state = (email: string) =>
      page.locator(`tr[data-operator="${email}"] [data-failed-sign-ins]`).textContent();
    const [one, two, three, eleven] = guessed.map((operator) => operator.email) as [
      string,
      string,
      string,
      string,
    ];
    expect(await state(one)).toBe("1 failed sign-in (wrong password or code) since the last sign-in");
    expect(await state(three)).toBe("3 failed sign-ins (wrong passwords or codes) since the last sign-in");
    await inLanguage(page, "ar");
    expect(await state(one)).toBe("محاولة دخول فاشلة واحدة (كلمة مرور أو رمز خاطئ) منذ آخر دخول");
    expect(await state(two)).toBe("محاولتا دخول فاشلتان (كلمة مرور أو رمز خاطئ) منذ آخر دخول");
    expect(await state(three)).toBe("3 محاولات دخول فاشلة (كلمات مرور أو رموز خاطئة) منذ آخر دخول");
    expect(await state(eleven)).toBe("11 محاولة دخول فاشلة (كلمات مرور أو رموز خاطئة) منذ آخر دخول");
    await inLanguage(page, "en");
    await page.close();
  });
});
