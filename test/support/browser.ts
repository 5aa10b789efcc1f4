// Headless Debian Chromium for the browser tests (never a downloaded browser). The background
// networking flags matter here: without them Chromium keeps trying hosts this network refuses.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { distinctAddress } from "./addresses";
import { TEST_OPERATOR_PASSWORD } from "./operators";

export async function launchBrowser(): Promise<{ browser: BrowserContext; close(): Promise<void> }> {
  const profileDir = mkdtempSync(join(tmpdir(), "e2e-profile-"));
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new page that comes from a client address of its own: sign-in attempts are limited per address,
 * and the browser tests sign in many times from one machine.
 */
export async function pageFromOwnAddress(browser: BrowserContext): Promise<Page> {
  const page = await browser.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": distinctAddress() });
  return page;
}

/** Fills in and sends the console's sign-in form; the caller waits for whatever should follow. */
export async function submitSignIn(
  page: Page,
  baseUrl: string,
  email: string,
  password = TEST_OPERATOR_PASSWORD,
): Promise<void> {
  await page.goto(`${baseUrl}/admin/sign-in`);
  await page.fill("input[name=email]", email);
  await page.fill("input[name=password]", password);
  await page.click("button[type=submit]");
}
