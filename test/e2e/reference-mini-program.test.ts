// The reference mini program (miniapp/) in the sandbox's wallet container, against the production
// build of the app and its workers, in English and in Arabic at 390 px, with axe-core on every page:
// silent sign-in, an extra scope granted and refused (1001), the cashier with each tradePay result
// code, an order the wallet leaves unknown shown as processing until reconciliation settles it,
// escrow confirm, agreement setup and one-tap pay (and "finish the agreement first" before it, and
// for 2001), a refund's status, push opt-in, the order history.
import type { BrowserContext, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { axeFindings } from "@/test/support/axe";
import { launchBrowser } from "@/test/support/browser";
import { sheet } from "@/test/support/container";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
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
let workers: WorkerProcess | undefined;
const queuePrefix = uniquePrefix();
let operator: TestOperator;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
let browser: BrowserContext;

beforeAll(async () => {
  [db, sandbox, mini] = await Promise.all([
    createTestDatabase(),
    startTestSandbox({ settings: { refundDelaySeconds: 0 } }),
    serveReferenceMiniProgram(),
  ]);
  await seedDemoCatalog(db.prisma);
  const origin = `http://app-${mini.port}.localhost:${new URL(sandbox.url).port}`;
  // The app's jobs go to this test's workers: the default prefix is every other test's too.
  app = await startNextApp({
    databaseUrl: db.url,
    sandbox,
    extraEnv: { MINI_PROGRAM_ORIGINS: origin, QUEUE_PREFIX: queuePrefix },
  });
  // The workers reconcile what the wallet left unknown (every second here, not every minute).
  workers = spawnWorkerProcess({
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    ...app.env,
    REDIS_URL: SHARED_REDIS_URL,
    QUEUE_PREFIX: queuePrefix,
    WORKER_SCAN_EVERY_SECONDS: "1",
    LOG_LEVEL: "info", // its "workers started" line
  });
  await waitForStart(workers, 60_000);
  operator = await createTestOperator(db.prisma, "FINANCE", app.env.NEXTAUTH_SECRET);
  chromium = await launchBrowser();
  browser = chromium.browser;
}, 120_000);

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

async function noAxeFindings(shop: Frame, where: string): Promise<void> {
  expect(await axeFindings(shop), where).toEqual([]);
}

async function addToCart(shop: Frame, sku: string, times = 1): Promise<void> {
  for (let count = 0; count < times; count++) await shop.click(`#products li[data-sku="${sku}"] button.add`);
}

async function goTo(shop: Frame, hash: string): Promise<void> {
  await shop.evaluate((target) => {
    location.hash = target;
  }, hash);
}

/** The order page's status text, once it reads `text`. */
async function statusReads(shop: Frame, text: string, timeout = 20_000): Promise<void> {
  await shop.locator("#order-status").filter({ hasText: text }).waitFor({ timeout });
}

async function payAtCashier(page: Page, action: "pay" | "cancel" = "pay"): Promise<void> {
  await sheet(page).locator(`#${action}`).click();
  await sheet(page).locator("#back").click();
}

async function adminCall(path: string, body: unknown): Promise<Response> {
  return fetch(`${app?.url}${path}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${operator.token}`,
      "Idempotency-Key": crypto.randomUUID(),
      "Content-Type": "application/json",
    },
    body: JSON.stringify(body),
  });
}

const currentOrderId = (shop: Frame) => decodeURIComponent(new URL(shop.url()).hash.replace("#/orders/", ""));

describe.each(["en", "ar"] as const)("the reference mini program in %s at 390 px", (lang: Language) => {
  const say = (key: Parameters<typeof words>[1], params?: Record<string, string>) => words(lang, key, params);

  it("signs in silently and shows the catalog with prices as people read them", async () => {
    const { page, shop } = await open();
    expect(await page.locator("#sheet").isHidden()).toBe(true);
    expect(await shop.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      lang,
      lang === "ar" ? "rtl" : "ltr",
    ]);
    expect(await shop.locator("#products li").count()).toBe(5);
    const coffee = (await shop.locator('#products li[data-sku="COFFEE"] .price').textContent()) ?? "";
    if (lang === "en") expect(coffee).toBe("2,500 IQD");
    else expect(coffee).toMatch(/٢٬٥٠٠\s*د\.ع/);
    const name = await shop.locator('#products li[data-sku="DATES"] .name').textContent();
    const dates = await db.prisma.product.findUniqueOrThrow({ where: { sku: "DATES" } });
    expect(name).toBe(lang === "ar" ? dates.nameArabic : dates.name);
    await noAxeFindings(shop, "catalog");
    await page.close();
  });

  it("asks for the name (granted) and push messages (refused with 1001, then asked again)", async () => {
    // A customer who has granted only the silent scope: the run in the other language, with the same
    // wallet user, has granted the name and push messages, and the backend remembers granted scopes.
    await db.prisma.customer.updateMany({ data: { scopes: ["USER_ID"] } });
    const { page, shop } = await open();
    await goTo(shop, "#/account");
    await shop.click("#show-name");
    await sheet(page).locator("#approve").click();
    await shop.locator("#profile-name").filter({ hasText: "Sandbox User" }).waitFor();
    await shop.click("#push-opt-in");
    await sheet(page).locator("#deny").click();
    await shop
      .locator(".problem")
      .filter({ hasText: say("auth_1001") })
      .waitFor();
    await noAxeFindings(shop, "account with a refusal");
    await shop.click('.problem button[data-remedy="ask-again"]');
    await sheet(page).locator("#approve").click();
    await shop
      .locator("#push-state")
      .filter({ hasText: say("pushOn") })
      .waitFor();
    // The backend holds the scopes granted: the name still, and push.
    const customer = await db.prisma.customer.findFirstOrThrow({ orderBy: { lastSeenAt: "desc" } });
    expect(customer.scopes).toEqual(expect.arrayContaining(["NOTIFICATION_PUSH", "USER_NAME"]));
    await page.close();
  });

  it("pays at the cashier: 9000 then PAID; 6001 closes the order, which can be ordered again", async () => {
    const { page, shop } = await open();
    await addToCart(shop, "COFFEE", 2);
    await goTo(shop, "#/cart");
    await shop.locator("#cart-total").waitFor();
    await noAxeFindings(shop, "cart");
    await shop.click("#pay-cashier");
    await sheet(page).locator("#amount").filter({ hasText: "5,000 IQD" }).waitFor();
    await payAtCashier(page);
    await shop
      .locator("#pay-result")
      .filter({ hasText: say("pay_9000") })
      .waitFor();
    await statusReads(shop, say("status_PAID"));
    await noAxeFindings(shop, "paid order");

    await goTo(shop, "#/");
    await addToCart(shop, "TEA");
    await goTo(shop, "#/cart");
    await shop.click("#pay-cashier");
    await payAtCashier(page, "cancel");
    await shop
      .locator("#pay-result")
      .filter({ hasText: say("pay_6001") })
      .waitFor();
    // Cancelled at the cashier: the wallet closes the payment, and the backend the order.
    await statusReads(shop, say("status_CLOSED"));
    await shop.click("#order-again");
    await shop.locator('#cart li[data-sku="TEA"]').waitFor();
    await shop.click("#pay-cashier");
    await payAtCashier(page);
    await statusReads(shop, say("status_PAID"));

    // Leaving the cashier without a word: 6001 too, but the payment still waits: pay it now.
    await goTo(shop, "#/");
    await addToCart(shop, "TEA");
    await goTo(shop, "#/cart");
    await shop.click("#pay-cashier");
    await sheet(page).locator("#pay").waitFor();
    await page.click("#sheet-close");
    await statusReads(shop, say("status_PENDING"));
    await shop.click("#pay-now");
    await payAtCashier(page);
    await statusReads(shop, say("status_PAID"));
    await page.close();
  });

  it("8000, 6004, 6002 and 4000 from the wallet app: says what the wallet said, the status from the backend", async () => {
    const { page, shop } = await open();
    for (const code of ["8000", "6004", "4000"] as const) {
      await goTo(shop, "#/");
      await addToCart(shop, "KLEICHA");
      await goTo(shop, "#/cart");
      await page.selectOption("#fault-pay", code);
      await shop.click("#pay-cashier");
      await payAtCashier(page);
      await shop
        .locator("#pay-result")
        .filter({ hasText: say(`pay_${code}`) })
        .waitFor();
      // The user did pay: the backend's notification makes it PAID, whatever the app said.
      await statusReads(shop, say("status_PAID"));
    }
    await goTo(shop, "#/");
    await addToCart(shop, "KLEICHA");
    await goTo(shop, "#/cart");
    await page.selectOption("#fault-pay", "6002");
    await shop.click("#pay-cashier");
    await shop
      .locator("#pay-result")
      .filter({ hasText: say("pay_6002") })
      .waitFor();
    // The cashier never opened: the order waits for payment, and the page checks rather than lie.
    await statusReads(shop, say("checking"));
    expect(await shop.locator("#pay-now").count()).toBe(0);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { id: currentOrderId(shop) } });
    expect(order.status).toBe("PENDING");
    await page.close();
  });

  it("one-tap pay: finish the agreement first (before it, and for 2001), then set it up and pay without the cashier", async () => {
    const { page, shop } = await open();
    await addToCart(shop, "TEA", 3);
    await goTo(shop, "#/cart");
    await shop.click("#pay-agreement");
    await shop
      .locator(".problem")
      .filter({ hasText: say("error_NO_AGREEMENT") })
      .waitFor();
    await shop.click('.problem a[data-remedy="finish-agreement"]');
    await shop
      .locator("#agreement-state")
      .filter({ hasText: say("agreementOff") })
      .waitFor();

    // The wallet's 2001 says the same, with the same way out.
    await page.selectOption("#fault-auth", "2001");
    await shop.click("#show-name");
    await shop
      .locator(".problem")
      .filter({ hasText: say("auth_2001") })
      .waitFor();
    expect(await shop.locator('.problem a[data-remedy="finish-agreement"]').count()).toBe(1);

    await shop.click("#agreement-setup");
    await sheet(page).locator("#approve").click();
    await shop
      .locator("#agreement-state")
      .filter({ hasText: say("agreementOn") })
      .waitFor();
    await noAxeFindings(shop, "account with one-tap pay on");

    await goTo(shop, "#/cart");
    await shop.click("#pay-agreement");
    await statusReads(shop, say("status_PAID"));
    expect(await page.locator("#sheet").isHidden()).toBe(true);
    const order = await db.prisma.order.findUniqueOrThrow({ where: { id: currentOrderId(shop) } });
    expect(order).toMatchObject({ flow: "AGREEMENT", status: "PAID", amountFils: 3_000_000n });

    // The wallet charges but the answer is lost and its notification never comes: processing, and
    // it stays so until reconciliation asks the wallet.
    await sandbox.setFault("pay", "U", 1);
    await sandbox.setFault("payment", "DROP_NOTIFICATION", 1);
    await goTo(shop, "#/");
    await addToCart(shop, "TEA");
    await goTo(shop, "#/cart");
    await shop.click("#pay-agreement");
    await statusReads(shop, say("status_PROCESSING"));
    await noAxeFindings(shop, "processing order");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await shop.locator("#order-status").getAttribute("data-status")).toBe("PROCESSING");
    await statusReads(shop, say("status_PAID"), 45_000);
    await page.close();
  }, 120_000);

  it("escrow: confirm receipt is refused in words until the shop accepts, then confirms", async () => {
    const { page, shop } = await open();
    await addToCart(shop, "DATES");
    await goTo(shop, "#/cart");
    await shop.click("#pay-escrow");
    await payAtCashier(page);
    await statusReads(shop, say("status_PAID_ESCROW"));
    await shop.click("#confirm-receipt");
    await shop
      .locator(".problem")
      .filter({ hasText: say("error_ESCROW_NOT_ACCEPTED") })
      .waitFor();
    const accepted = await adminCall(`/api/admin/orders/${currentOrderId(shop)}/accept`, {});
    expect(accepted.status).toBe(200);
    await statusReads(shop, say("status_ACCEPTED"));
    await shop.click("#confirm-receipt");
    await statusReads(shop, say("status_CONFIRMED"));
    await noAxeFindings(shop, "confirmed escrow order");
    await page.close();
  });

  it("shows a refund's status and the order history", async () => {
    const { page, shop } = await open();
    await addToCart(shop, "COFFEE");
    await goTo(shop, "#/cart");
    await shop.click("#pay-cashier");
    await payAtCashier(page);
    await statusReads(shop, say("status_PAID"));
    const orderId = currentOrderId(shop);
    const refunded = await adminCall(`/api/admin/orders/${orderId}/refunds`, {
      amount: "1000000",
      reason: "spilt",
    });
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    await goTo(shop, "#/orders");
    await goTo(shop, `#/orders/${orderId}`);
    const partial = say("refunded", { amount: "", total: "" }).split(" ")[0] ?? "";
    await shop.locator("#refund").filter({ hasText: partial }).waitFor();
    await noAxeFindings(shop, "refunded order");

    await goTo(shop, "#/orders");
    await shop.locator(`#orders li[data-order="${orderId}"]`).waitFor();
    expect(
      await shop.locator(`#orders li[data-order="${orderId}"] .status`).getAttribute("data-status"),
    ).toBe("PAID");
    await noAxeFindings(shop, "order history");
    await page.close();
  });

  it("a wallet error at sign-in is said in words with a way to retry; the catalog shows meanwhile", async () => {
    const { page, shop } = await open();
    await page.selectOption("#fault-auth", "1002");
    // The catalog answers after the wallet has refused (as on a slow network): the words stay.
    let catalogAnswered = false;
    await page.route("**/api/mini/products*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      catalogAnswered = true;
      await route.fallback();
    });
    await shop.goto(shop.url().split("#")[0] ?? shop.url());
    await shop.locator("#products li").first().waitFor();
    expect(catalogAnswered).toBe(true);
    await shop
      .locator("#sign-in-problem")
      .filter({ hasText: say("auth_1002") })
      .waitFor();
    expect(await shop.locator("#products li").count()).toBe(5);
    await noAxeFindings(shop, "sign-in failure");
    await shop.click('#sign-in-problem button[data-remedy="retry"]');
    await goTo(shop, "#/orders");
    await shop.locator("#orders-empty").waitFor();
    expect(await shop.locator("#sign-in-problem").count()).toBe(0);
    await page.close();
  });

  function open() {
    return openShop(browser, urls(), { lang });
  }
});
