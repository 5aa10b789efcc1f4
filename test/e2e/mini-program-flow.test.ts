// The whole product in a real browser: the sandbox's mini program simulator drives the merchant app
// (`next start`, its real routes, database, Redis) — approve scopes, session, profile, order — the user
// pays at the sandbox cashier, and the wallet's signed notification makes the order PAID.
// Needs a production build (`npm run build`, which .ci/run does before the browser tests).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/catalog/seed-catalog";
import { launchBrowser } from "@/test/support/browser";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { freePort } from "@/test/support/ports";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";

let db: TestDatabase;
let sandbox: TestSandbox;
let app: ChildProcess | undefined;
let appUrl: string;
let browser: BrowserContext;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;

async function waitForHealth(url: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  if (!existsSync(".next/BUILD_ID"))
    throw new Error("run `npm run build` first: this test serves the production build");
  [db, sandbox] = await Promise.all([createTestDatabase(), startTestSandbox()]);
  await seedDemoCatalog(db.prisma);
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  app = spawn("node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "warn",
      PUBLIC_BASE_URL: appUrl,
      DATABASE_URL: db.url,
      REDIS_URL: "redis://127.0.0.1:6379",
      WALLET_BASE_URL: sandbox.url,
      WALLET_CLIENT_ID: sandbox.merchant.clientId,
      MERCHANT_PRIVATE_KEY: sandbox.merchant.privateKeyPem,
      WALLET_PUBLIC_KEY: sandbox.walletPublicKeyPem,
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      SESSION_SECRET: randomBytes(32).toString("base64url"),
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForHealth(`${appUrl}/api/health`);
  chromium = await launchBrowser();
  browser = chromium.browser;
});

afterAll(async () => {
  await chromium?.close();
  app?.kill("SIGTERM");
  await sandbox?.close();
  await db?.drop();
});

describe("a mini program user, end to end", () => {
  it("approves scopes, sees the profile, orders, pays at the cashier, and the order becomes PAID", async () => {
    const page = await browser.newPage();
    await page.goto(`${sandbox.url}/simulator?app=${encodeURIComponent(appUrl)}`);
    await page.click("#open");

    // Session started with the authCode; the profile comes from inquiryUserInfo, limited to the scopes.
    const profile = await page.locator("#profile").textContent();
    expect(profile).toContain("userName");
    expect(profile).not.toContain("contactInfos");

    await page.fill("input[name=sku]", "COFFEE");
    await page.fill("input[name=quantity]", "2");
    await page.click("#order");

    // my.tradePay: the cashier of the wallet, for the amount the server computed from its catalog.
    await page.waitForURL(/\/cashier\//);
    // 2 x COFFEE at 2,500,000 fils = 5,000 IQD.
    expect(await page.locator("#amount").textContent()).toBe("5,000.000 IQD");
    await page.click("#pay");

    const order = await db.prisma.order.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    let status = "";
    for (let attempt = 0; attempt < 40 && status !== "PAID"; attempt++) {
      await page.goto(`${sandbox.url}/simulator/shop?app=${encodeURIComponent(appUrl)}`);
      status = (await page.locator(`tr[data-order="${order.id}"] .status`).textContent())?.trim() ?? "";
      if (status !== "PAID") await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe("PAID");
    const notification = await db.prisma.notification.findFirstOrThrow({ where: { orderId: order.id } });
    expect(notification).toMatchObject({ kind: "PAYMENT", verified: true, status: "APPLIED" });
    await page.close();
  });
});
