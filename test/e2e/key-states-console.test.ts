// What the console shows of API keys that belong to their maker, in a real browser against the
// production build, in English and Arabic: a key suspended while its maker lacks the second factor
// their role requires, a key revoked with its maker's password change, and the webhook endpoint and
// alert rule that key made, turned off with it — each saying why, in the page's language — and an
// ADMIN turning the endpoint back on from the Events page.
// Needs a production build (`npm run build`, which .ci/run does before the browser tests).
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKeySecret } from "@/lib/operators/api-keys/authenticate-api-key";
import { axeFindings } from "@/test/support/axe";
import { launchBrowser, pageFromOwnAddress, submitSignIn } from "@/test/support/browser";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";

let db: TestDatabase;
let sandbox: TestSandbox;
let app: RunningApp | undefined;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
let browser: BrowserContext;
let admin: TestOperator;
let endpointId: string;

async function keyOf(operatorId: string, role: string, name: string, revoked?: string) {
  const { prefix, secretHash } = newApiKeySecret();
  return db.prisma.apiKey.create({
    data: {
      name,
      prefix,
      secretHash,
      role,
      operatorId,
      expiresAt: new Date(Date.now() + 7 * 24 * 3600_000),
      ...(revoked ? { revokedAt: new Date(), revokedReason: revoked } : {}),
    },
  });
}

beforeAll(async () => {
  [db, sandbox] = await Promise.all([createTestDatabase(), startTestSandbox()]);
  app = await startNextApp({ databaseUrl: db.url, sandbox });
  admin = await createTestOperator(db.prisma, "ADMIN", app.env.NEXTAUTH_SECRET);
  await db.prisma.role.create({
    data: {
      key: "NIGHT_SCRIPTS",
      name: "Night scripts",
      permissions: ["orders.read"],
      requireSecondFactor: true,
    },
  });
  const nightOperator = await createTestOperator(db.prisma, "NIGHT_SCRIPTS", app.env.NEXTAUTH_SECRET);
  await keyOf(nightOperator.id, "NIGHT_SCRIPTS", "night export");
  const revoked = await keyOf(admin.id, "ADMIN", "old integration", "MAKER_PASSWORD_CHANGED");
  const off = { enabled: false, disabledReason: "API_KEY_REVOKED", createdByApiKeyId: revoked.id };
  endpointId = (
    await db.prisma.webhookEndpoint.create({
      data: {
        url: "https://receiver.example/hooks",
        events: [],
        secretCipher: "unused",
        createdBy: admin.email,
        ...off,
      },
    })
  ).id;
  await db.prisma.alertRule.create({
    data: {
      eventType: "payment.unknown",
      channel: "EMAIL",
      target: "night@shop.example",
      createdBy: admin.email,
      ...off,
    },
  });
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

async function signedIn(locale: "en" | "ar"): Promise<Page> {
  await browser.clearCookies();
  const page = await pageFromOwnAddress(browser);
  await submitSignIn(page, app?.url as string, admin.email);
  await page.waitForURL(url("/admin"));
  await browser.addCookies([{ name: "console_locale", value: locale, url: url("/") }]);
  return page;
}

const WORDS = {
  en: {
    suspended: ["Suspended", "requires a second factor they have not set up"],
    revoked: ["Revoked", "Revoked when its maker's password was changed."],
    off: "Turned off: the API key it was made with was revoked.",
    madeWithKey: "Made with an API key",
  },
  ar: {
    suspended: ["معلَّق", "يتطلب عامل تحقق ثانياً لم يُعدّه بعد"],
    revoked: ["مُبطَل", "أُبطل عند تغيير كلمة مرور منشئه."],
    off: "أُوقف: أُبطل مفتاح API الذي أُنشئ به.",
    madeWithKey: "أُنشئ بمفتاح API",
  },
} as const;

describe("keys, endpoints and rules say why they do not work", () => {
  for (const locale of ["en", "ar"] as const) {
    it(`in ${locale === "en" ? "English" : "Arabic"}`, async () => {
      const words = WORDS[locale];
      const page = await signedIn(locale);
      const problems: string[] = [];

      await page.goto(url("/admin/api-keys"));
      const suspended = await page.locator('tr[data-api-key="night export"]').innerText();
      for (const text of words.suspended) expect(suspended).toContain(text);
      expect(
        await page
          .locator('tr[data-api-key="night export"] [data-api-key-state]')
          .getAttribute("data-api-key-state"),
      ).toBe("SUSPENDED");
      const revoked = await page.locator('tr[data-api-key="old integration"]').innerText();
      for (const text of words.revoked) expect(revoked).toContain(text);
      problems.push(...(await axeFindings(page)).map((finding) => `api-keys: ${finding}`));

      await page.goto(url("/admin/events"));
      const endpoint = await page.locator('tr[data-webhook="https://receiver.example/hooks"]').innerText();
      expect(endpoint).toContain(words.off);
      expect(endpoint).toContain(words.madeWithKey);
      problems.push(...(await axeFindings(page)).map((finding) => `events: ${finding}`));

      await page.goto(url("/admin/alerts"));
      const rule = await page.locator('tr[data-alert-rule="payment.unknown"]').innerText();
      expect(rule).toContain(words.off);
      problems.push(...(await axeFindings(page)).map((finding) => `alerts: ${finding}`));
      expect(problems).toEqual([]);
      await page.close();
    }, 120_000);
  }

  it("an ADMIN turns the endpoint back on from the Events page, and the reason goes", async () => {
    const page = await signedIn("en");
    await page.goto(url("/admin/events"));
    const row = page.locator('tr[data-webhook="https://receiver.example/hooks"]');
    await row.getByRole("button", { name: "Turn on" }).click();
    await expect
      .poll(
        async () =>
          (await db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).enabled,
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    const stored = await db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    expect(stored.disabledReason).toBeNull();
    await page.reload();
    expect(await row.innerText()).not.toContain(WORDS.en.off);
    await page.close();
  }, 120_000);
});
