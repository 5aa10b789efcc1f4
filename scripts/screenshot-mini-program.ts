// `npx tsx scripts/screenshot-mini-program.ts`: the README's first picture — the reference mini
// program in the sandbox's wallet container, a coffee just paid — the same on a phone in Arabic, and
// the subscriptions page on a phone in Arabic, just subscribed. Starts its own database, sandbox,
// `next start` (run `npm run build` first) and the mini program's build. Writes
// docs/screenshots/mini-program-container.png, mini-program-phone-ar.png and
// mini-program-subscriptions-ar.png.
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { definePlan } from "@/lib/payments/subscriptions/plans";
import { launchBrowser } from "@/test/support/browser";
import { sheet } from "@/test/support/container";
import { createTestDatabase } from "@/test/support/database";
import { startNextApp } from "@/test/support/next-app";
import { openShop, serveReferenceMiniProgram, words } from "@/test/support/reference-mini-program";
import { startTestSandbox } from "@/test/support/sandbox";

const OUT_DIR = path.resolve("docs/screenshots");

type Urls = { sandbox: string; miniProgram: string; app: string };

/** The subscriptions page in Arabic, a monthly plan just subscribed to (the agreement signed first). */
async function subscriptionsShot(browser: BrowserContext, urls: Urls, planId: string): Promise<void> {
  const { page, shop } = await openShop(browser, urls, { lang: "ar" });
  await shop.evaluate(() => {
    location.hash = "#/subscriptions";
  });
  await shop.click(`#plans li[data-plan="${planId}"] button.subscribe`);
  await sheet(page).locator("#approve").click();
  await shop.locator('#my-subscriptions li[data-status="ACTIVE"]').waitFor();
  await page.waitForTimeout(3_000); // the wallet's toast ("subscribed") gone
  await page.screenshot({ path: path.join(OUT_DIR, "mini-program-subscriptions-ar.png") });
  await page.close();
  console.log("wrote docs/screenshots/mini-program-subscriptions-ar.png");
}

async function main(): Promise<void> {
  const [db, sandbox, mini] = await Promise.all([
    createTestDatabase(),
    startTestSandbox(),
    serveReferenceMiniProgram(),
  ]);
  await seedDemoCatalog(db.prisma);
  const club = await definePlan(db.prisma, {
    sku: "COFFEE-CLUB",
    name: "Coffee club",
    nameArabic: "نادي القهوة",
    priceFils: 15_000_000n,
    intervalUnit: "MONTH",
  });
  await definePlan(db.prisma, {
    sku: "DATES-BOX",
    name: "Dates box",
    nameArabic: "صندوق التمر",
    priceFils: 4_000_000n,
    intervalUnit: "WEEK",
    intervalCount: 2,
    freeFirstPeriod: true,
  });
  const origin = `http://app-${mini.port}.localhost:${new URL(sandbox.url).port}`;
  const app = await startNextApp({
    databaseUrl: db.url,
    sandbox,
    extraEnv: { MINI_PROGRAM_ORIGINS: origin },
  });
  const chromium = await launchBrowser();
  try {
    for (const shot of [
      { lang: "en" as const, viewport: { width: 1100, height: 900 }, file: "mini-program-container.png" },
      { lang: "ar" as const, viewport: { width: 390, height: 844 }, file: "mini-program-phone-ar.png" },
    ]) {
      const { page, shop } = await openShop(
        chromium.browser,
        { sandbox: sandbox.url, miniProgram: mini.url, app: app.url },
        { lang: shot.lang },
      );
      await page.setViewportSize(shot.viewport);
      await shop.click('#products li[data-sku="COFFEE"] button.add');
      await shop.evaluate(() => {
        location.hash = "#/cart";
      });
      await shop.click("#pay-cashier");
      await sheet(page).locator("#pay").click();
      await sheet(page).locator("#back").click();
      await shop
        .locator("#order-status")
        .filter({ hasText: words(shot.lang, "status_PAID") })
        .waitFor();
      await page.waitForTimeout(3_000); // the wallet's toast ("added to the cart") gone
      await page.screenshot({ path: path.join(OUT_DIR, shot.file) });
      await page.close();
      console.log(`wrote docs/screenshots/${shot.file}`);
    }
    await subscriptionsShot(
      chromium.browser,
      { sandbox: sandbox.url, miniProgram: mini.url, app: app.url },
      club.id,
    );
  } finally {
    await chromium.close();
    await app.close();
    await mini.close();
    await sandbox.close();
    await db.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
