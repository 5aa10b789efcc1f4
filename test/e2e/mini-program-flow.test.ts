// The whole product in a real browser: the sandbox's mini program simulator drives the merchant app
// (the production build, its real routes, database, Redis). Approve scopes, session, profile, catalog, order;
// the user pays at the sandbox cashier, comes back to the mini program, and the wallet's signed
// notification makes the order PAID. Agreements are signed by the wallet app's signed-in user; escrow
// receipts are confirmed once an operator accepted.
// Needs a production build (`npm run build`, which .ci/run does before the browser tests).
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { launchBrowser } from "@/test/support/browser";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";

let db: TestDatabase;
let sandbox: TestSandbox;
let app: RunningApp | undefined;
let appUrl: string;
let browser: BrowserContext;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
let operator: TestOperator;

beforeAll(async () => {
  [db, sandbox] = await Promise.all([createTestDatabase(), startTestSandbox()]);
  await seedDemoCatalog(db.prisma);
  app = await startNextApp({ databaseUrl: db.url, sandbox });
  appUrl = app.url;
  operator = await createTestOperator(db.prisma, "FINANCE", app.env.NEXTAUTH_SECRET);
  chromium = await launchBrowser();
  browser = chromium.browser;
});

afterAll(async () => {
  await chromium?.close();
  await app?.close();
  await sandbox?.close();
  await db?.drop();
});

const shopUrl = () => `${sandbox.url}/simulator/shop?app=${encodeURIComponent(appUrl)}`;

/** A new wallet user opens the mini program in the wallet app: scopes approved, session started. */
async function openMiniProgram(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${sandbox.url}/simulator?app=${encodeURIComponent(appUrl)}`);
  await page.click("#open");
  await page.waitForURL(/\/simulator\/shop/);
  return page;
}

async function placeOrder(page: Page, order: { sku: string; quantity: number; flow: string }) {
  await page.selectOption("#sku", order.sku);
  await page.fill("input[name=quantity]", String(order.quantity));
  await page.selectOption("select[name=flow]", order.flow);
  await page.click("#order");
}

const newestOrder = () => db.prisma.order.findFirstOrThrow({ orderBy: { createdAt: "desc" } });

/** The order's status as the simulator shows it, reloading while the notification is on its way. */
async function statusOnShop(page: Page, orderId: string, wanted: string): Promise<string> {
  let status = "";
  for (let attempt = 0; attempt < 40 && status !== wanted; attempt++) {
    if (attempt > 0) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await page.goto(shopUrl());
    }
    status = (await page.locator(`tr[data-order="${orderId}"] .status`).textContent())?.trim() ?? "";
  }
  return status;
}

describe("a mini program user, end to end", () => {
  it("sees the catalog, orders, pays at the cashier, returns to the mini program and sees PAID", async () => {
    const page = await openMiniProgram();
    // Session started with the authCode; the profile comes from inquiryUserInfo, limited to the scopes.
    const profile = await page.locator("#profile").textContent();
    expect(profile).toContain("userName");
    expect(profile).not.toContain("contactInfos");

    // The catalog from GET /api/mini/products, with prices as people read them.
    expect(await page.locator('#products tr[data-sku="COFFEE"] .price').textContent()).toBe("2,500 IQD");
    expect(await page.locator('#products tr[data-sku="DATES"] .price').textContent()).toBe("12,000 IQD");
    expect(await page.locator("#products tr[data-sku]").count()).toBe(5);

    await placeOrder(page, { sku: "COFFEE", quantity: 2, flow: "CASHIER" });

    // my.tradePay: the cashier of the wallet, for the amount the server computed from its catalog.
    await page.waitForURL(/\/cashier\//);
    expect(await page.locator("#amount").textContent()).toBe("5,000 IQD");
    await page.click("#pay");
    expect((await page.locator("#result").textContent())?.trim()).toBe("Payment successful");

    // Back to the mini program, where the notification makes the order PAID.
    await page.click("#back");
    await page.waitForURL(/\/simulator\/shop/);
    const order = await newestOrder();
    expect(await statusOnShop(page, order.id, "PAID")).toBe("PAID");
    expect(await page.locator(`tr[data-order="${order.id}"] .amount`).textContent()).toBe("5,000 IQD");
    const notification = await db.prisma.notification.findFirstOrThrow({ where: { orderId: order.id } });
    expect(notification).toMatchObject({ kind: "PAYMENT", verified: true, status: "APPLIED" });
    await page.close();
  });

  it("signs an agreement as the wallet app's user without typing an id, binds it, and pays without the cashier", async () => {
    const page = await openMiniProgram();
    const walletUser = (await page.locator("#wallet-user").textContent())?.trim() ?? "";
    // Someone else is the newest wallet user by the time the agreement page opens.
    await sandbox.createUser();

    await page.click("#sign-agreement");
    await page.waitForURL(/\/agreement\?/);
    expect(await page.locator("#userId").inputValue()).toBe(walletUser);
    await page.click("#approve");

    await page.waitForURL(/\/simulator\/agreement\/signed/);
    expect((await page.locator("#notice").textContent())?.trim()).toBe(
      "Agreement ACTIVE: AGREEMENT orders are paid without the cashier.",
    );

    await placeOrder(page, { sku: "TEA", quantity: 3, flow: "AGREEMENT" });
    await page.waitForURL(/\/simulator\/shop/);
    const order = await newestOrder();
    expect(order.flow).toBe("AGREEMENT");
    expect(await statusOnShop(page, order.id, "PAID")).toBe("PAID");
    expect(await page.locator(`tr[data-order="${order.id}"] .amount`).textContent()).toBe("3,000 IQD");
    await page.close();
  });

  it("confirms receipt of an escrow order only after an operator accepted it, showing the refusal before", async () => {
    const page = await openMiniProgram();
    await placeOrder(page, { sku: "KLEICHA", quantity: 1, flow: "ESCROW" });
    await page.waitForURL(/\/cashier\//);
    await page.click("#pay");
    await page.click("#back");
    const order = await newestOrder();
    expect(await statusOnShop(page, order.id, "PAID")).toBe("PAID");

    await page.click(`tr[data-order="${order.id}"] .confirm-receipt`);
    const refusal = page.locator("#notice");
    expect(await refusal.getAttribute("class")).toContain("error");
    expect(await refusal.textContent()).toContain(
      "ESCROW_NOT_ACCEPTED: The shop has not accepted this order yet. Receipt can be confirmed once it has: read the order again later.",
    );

    // The operator accepts through the admin API, then the customer's confirmation goes through.
    const accepted = await fetch(`${appUrl}/api/admin/orders/${order.id}/accept`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${operator.token}`,
        "Idempotency-Key": crypto.randomUUID(),
        "Content-Type": "application/json",
      },
      body: "{}",
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ order: { status: "ACCEPTED" } });
    await page.goto(shopUrl());
    await page.click(`tr[data-order="${order.id}"] .confirm-receipt`);
    expect((await page.locator("#notice").textContent())?.trim()).toBe(
      "Receipt confirmed: the order is CONFIRMED.",
    );
    expect((await page.locator(`tr[data-order="${order.id}"] .status`).textContent())?.trim()).toBe(
      "CONFIRMED",
    );
    await page.close();
  });
});
