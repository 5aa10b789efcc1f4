// Headless Debian Chromium for the browser tests (never a downloaded browser). The background
// networking flags matter here: without them Chromium keeps trying hosts this network refuses.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

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
