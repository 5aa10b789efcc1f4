// Passkeys and the second-factor policy in the browser, with Chromium's virtual authenticator (CDP
// WebAuthn.addVirtualAuthenticator: a platform authenticator that verifies its user). WebAuthn needs
// a host name, so this app is reached as http://localhost. An ADMIN requires a second factor of
// everyone on the Roles page; an operator without one signs in, is sent to "Your account", adds a
// passkey there, and can then work; signed out, the passkey alone signs them in again.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { launchBrowser, pageFromOwnAddress, submitSignIn } from "@/test/support/browser";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import { waitUntil } from "@/test/support/wait";

let db: TestDatabase;
let sandbox: TestSandbox;
let app: RunningApp;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
let browser: BrowserContext;
let admin: TestOperator;
let cashier: TestOperator;

beforeAll(async () => {
  [db, sandbox] = await Promise.all([createTestDatabase(), startTestSandbox()]);
  await seedDemoCatalog(db.prisma);
  app = await startNextApp({ databaseUrl: db.url, sandbox, host: "localhost" });
  admin = await createTestOperator(db.prisma, "ADMIN", app.env.NEXTAUTH_SECRET);
  cashier = await createTestOperator(db.prisma, "SUPPORT", app.env.NEXTAUTH_SECRET);
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

/** A page whose browser has a platform authenticator with a verified user, always present. */
async function pageWithAuthenticator(): Promise<Page> {
  const page = await pageFromOwnAddress(browser);
  const cdp = await browser.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

function signInWithPassword(page: Page, email: string): Promise<void> {
  return submitSignIn(page, app.url, email);
}

describe("passkeys and the second-factor policy", () => {
  it("an ADMIN requires a second factor; the cashier is made to enrol, adds a passkey, and signs in with it alone", async () => {
    await browser.clearCookies();
    const adminPage = await pageWithAuthenticator();
    await signInWithPassword(adminPage, admin.email);
    await adminPage.waitForURL(url("/admin"));
    await adminPage.click('nav a[href="/admin/roles"]');
    await adminPage.click('button[data-policy="require"]');
    await waitUntil(
      async () => (await db.prisma.role.count({ where: { requireSecondFactor: false } })) === 0 || undefined,
      { timeoutMs: 10_000, what: "every role to require a second factor" },
    );
    await adminPage.close();

    // The cashier has none: after the password, the console sends them to set one up, and nothing else.
    await browser.clearCookies();
    const page = await pageWithAuthenticator();
    await signInWithPassword(page, cashier.email);
    await page.waitForURL(/\/admin\/sessions\?enrol=required/);
    expect(await page.locator("#second-factor-required").isVisible()).toBe(true);
    expect(await page.locator("nav a").count()).toBe(0);
    await page.goto(url("/admin/orders"));
    await page.waitForURL(/\/admin\/sessions\?enrol=required/);

    await page.click('button[data-dialog="add-passkey"]');
    await page.fill("dialog[open] input[name=name]", "Counter phone");
    await page.click("dialog[open] button[data-confirm]");
    await page.locator("li[data-passkey]").waitFor({ timeout: 15_000 });
    expect(await db.prisma.passkey.count({ where: { operatorId: cashier.id } })).toBe(1);
    await page.goto(url("/admin/orders"));
    expect(new URL(page.url()).pathname).toBe("/admin/orders");

    // Signed out, the passkey alone signs them in again; the password alone no longer does.
    await browser.clearCookies();
    await signInWithPassword(page, cashier.email);
    expect(await page.locator("#sign-in-error").textContent()).toContain("passkey");
    await page.click("#passkey-sign-in");
    await page.waitForURL(url("/admin"));
    const passkey = await db.prisma.passkey.findFirstOrThrow({ where: { operatorId: cashier.id } });
    expect(passkey.lastUsedAt).not.toBeNull();
    const audit = await db.prisma.auditEntry.findFirstOrThrow({
      where: { subjectId: cashier.id, action: "operator.sign-in" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit.after).toMatchObject({ secondFactor: "PASSKEY" });
    await page.close();
  });
});
