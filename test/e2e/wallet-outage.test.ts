// The dashboard's word on the wallet, in a real browser against the production build: the app reaches
// the sandbox through a switch this test throws. With the switch off (every connection dropped, as an
// outage looks from here) the dashboard warns, in English and in Arabic, on a phone, calmly readable
// (axe-core finds nothing); switched back on, the warning goes by itself once the silence is no longer
// reused (5 s), and the dashboard says the wallet answers.
// Needs a production build (`npm run build`, which .ci/run does before the browser tests).
import { connect, createServer, type Server, type Socket } from "node:net";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeFindings } from "@/test/support/axe";
import { launchBrowser, pageFromOwnAddress, submitSignIn } from "@/test/support/browser";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import { waitUntil } from "@/test/support/wait";

/** A TCP switch in front of the sandbox: on, it passes connections through; off, it drops them. */
async function startSwitch(target: URL) {
  const open = new Set<Socket>();
  const state = { on: false };
  const server: Server = createServer((client) => {
    if (!state.on) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.once("close", () => open.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    set(on: boolean) {
      state.on = on;
      // Kept-alive connections go too: an outage ends them as well.
      if (!on) for (const socket of open) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let db: TestDatabase;
let sandbox: TestSandbox;
let walletSwitch: Awaited<ReturnType<typeof startSwitch>>;
let app: RunningApp;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
let browser: BrowserContext;
let admin: TestOperator;

beforeAll(async () => {
  [db, sandbox] = await Promise.all([createTestDatabase(), startTestSandbox()]);
  walletSwitch = await startSwitch(new URL(sandbox.url));
  app = await startNextApp({
    databaseUrl: db.url,
    sandbox,
    extraEnv: { WALLET_BASE_URL: walletSwitch.url },
  });
  admin = await createTestOperator(db.prisma, "ADMIN", app.env.NEXTAUTH_SECRET);
  chromium = await launchBrowser();
  browser = chromium.browser;
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  await app?.close();
  await walletSwitch?.close();
  await sandbox?.close();
  await db?.drop();
});

const url = (path: string) => `${app.url}${path}`;

async function signedIn(): Promise<Page> {
  const page = await pageFromOwnAddress(browser);
  await submitSignIn(page, app.url, admin.email);
  await page.waitForURL(url("/admin"));
  return page;
}

const walletNotice = (page: Page) => page.locator(".wallet-health");

describe("the dashboard while the wallet is down", () => {
  it("warns in English and Arabic on a phone, and says the wallet answers once it is back", async () => {
    walletSwitch.set(false);
    const page = await signedIn();
    await page.setViewportSize({ width: 390, height: 844 });
    const problems: string[] = [];
    const seen: Record<string, string> = {};
    for (const locale of ["en", "ar"]) {
      await browser.addCookies([{ name: "console_locale", value: locale, url: url("/") }]);
      await page.goto(url("/admin"));
      await page.waitForLoadState("networkidle");
      expect(await walletNotice(page).getAttribute("data-wallet")).toBe("unreachable");
      expect(await walletNotice(page).getAttribute("class")).toContain("notice-bad");
      seen[locale] = ((await walletNotice(page).textContent()) ?? "").trim();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) problems.push(`${locale}: scrolls sideways by ${overflow} px`);
      for (const finding of await axeFindings(page)) problems.push(`${locale}: ${finding}`);
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${locale}_wallet-down.png` });
      }
    }
    expect(problems).toEqual([]);
    expect(seen.en).toBe("Wallet: Not reachable: payments and refunds wait until it answers");
    expect(seen.ar).toBe("المحفظة: لا يمكن الوصول إليها: تنتظر المدفوعات والاستردادات حتى تستجيب");

    walletSwitch.set(true);
    await browser.addCookies([{ name: "console_locale", value: "en", url: url("/") }]);
    await waitUntil(
      async () => {
        await page.goto(url("/admin"));
        return (await walletNotice(page).getAttribute("data-wallet")) === "ok" || undefined;
      },
      { timeoutMs: 30_000, intervalMs: 1_000, what: "the dashboard to say the wallet answers" },
    );
    expect(await walletNotice(page).getAttribute("class")).toContain("notice-ok");
    expect(((await walletNotice(page).textContent()) ?? "").trim()).toBe("Wallet: Answering");
    await page.close();
  }, 90_000);
});
