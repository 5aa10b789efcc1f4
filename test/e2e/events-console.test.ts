// Events in the console, in a real browser against the production build, with the bundled events
// worker beside it: an ADMIN adds a webhook endpoint (and copies its secret) and an alert rule, a
// customer pays an order, the order's page shows the webhook delivery, and "Send again" delivers the
// same event (the same webhook-id) once more to the receiver. The dead letter and an endpoint's log
// page apart, each on its own cursor.
// Needs a production build (`npm run build`, which .ci/run does before the browser tests).
import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { axeFindings } from "@/test/support/axe";
import { launchBrowser, pageFromOwnAddress, submitSignIn } from "@/test/support/browser";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { newMiniProgramUser } from "@/test/support/mini-program";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import { createTestOperator, type TestOperator } from "@/test/support/operators";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import { loopbackCertificate } from "@/test/support/tls";
import { waitUntil } from "@/test/support/wait";
import { deletePrefix, SHARED_REDIS_URL, uniquePrefix } from "@/test/support/workers";

let db: TestDatabase;
let sandbox: TestSandbox;
let app: RunningApp | undefined;
let workers: ChildProcess | undefined;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
let browser: BrowserContext;
let admin: TestOperator;
let receiver: { url: string; ids: string[]; close(): Promise<void> };
const prefix = uniquePrefix();

// The production build calls webhooks over https only: the receiver has a certificate the app and
// the worker trust (NODE_EXTRA_CA_CERTS), on 127.0.0.1, which the test's OUTBOUND_ALLOWED_NETWORKS opens.
const certificate = loopbackCertificate();

async function startReceiver() {
  const ids: string[] = [];
  const server: Server = createServer(
    { key: certificate.keyPem, cert: certificate.certPem },
    async (request, response) => {
      for await (const _chunk of request);
      ids.push(String(request.headers["webhook-id"]));
      response.writeHead(200).end("ok");
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    ids,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  [db, sandbox, receiver] = await Promise.all([createTestDatabase(), startTestSandbox(), startReceiver()]);
  await seedDemoCatalog(db.prisma);
  app = await startNextApp({
    databaseUrl: db.url,
    sandbox,
    extraEnv: { QUEUE_PREFIX: prefix, NODE_EXTRA_CA_CERTS: certificate.certFile },
  });
  workers = spawn(process.execPath, ["dist/workers.mjs", "events"], {
    env: { ...process.env, ...app.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  admin = await createTestOperator(db.prisma, "ADMIN", app.env.NEXTAUTH_SECRET);
  chromium = await launchBrowser();
  browser = chromium.browser;
}, 120_000);

afterAll(async () => {
  workers?.kill("SIGTERM");
  await chromium?.close();
  await app?.close();
  await receiver?.close();
  await sandbox?.close();
  await db?.drop();
  await deletePrefix(SHARED_REDIS_URL, prefix);
  certificate.remove();
});

const url = (path: string) => `${app?.url}${path}`;

async function signedInAsAdmin(): Promise<Page> {
  await browser.clearCookies();
  const page = await pageFromOwnAddress(browser);
  await submitSignIn(page, app?.url as string, admin.email);
  await page.waitForURL(url("/admin"));
  return page;
}

describe("events in the console", () => {
  it("an ADMIN adds a webhook endpoint and an alert rule; a paid order's delivery shows on its page and is sent again", async () => {
    const page = await signedInAsAdmin();

    // The webhook endpoint, from the Events page; its secret is shown once.
    await page.click('nav a[href="/admin/events"]');
    await page.click('button[data-dialog="new-webhook"]');
    await page.fill("dialog input[name=url]", receiver.url);
    await page.fill("dialog input[name=description]", "Fulfilment");
    await page.check('dialog input[name=events][value="order.paid"]');
    await page.click("dialog button[type=submit]");
    expect(await page.locator("dialog input[data-secret]").inputValue()).toMatch(/^whsec_/);
    await page.click("dialog .dialog-foot .btn-primary");
    await page.waitForSelector(`tr[data-webhook="${receiver.url}"]`);
    expect(await page.locator(`tr[data-webhook="${receiver.url}"]`).textContent()).toContain("Order paid");

    // The alert rule, from the Alerts page.
    await page.click('nav a[href="/admin/alerts"]');
    await page.click('button[data-dialog="new-alert-rule"]');
    await page.selectOption("dialog select[name=eventType]", "payment.unknown");
    await page.fill("dialog input[name=target]", "ops@shop.example");
    await page.click("dialog button[type=submit]");
    await page.waitForSelector('tr[data-alert-rule="payment.unknown"]');
    expect(await page.locator('tr[data-alert-rule="payment.unknown"]').textContent()).toContain(
      "ops@shop.example",
    );

    // A customer pays; the events worker delivers order.paid to the endpoint.
    const customer = await newMiniProgramUser(app?.url as string, sandbox);
    const order = await customer.order("CASHIER", [{ sku: "DATES", quantity: 1 }]);
    await customer.pay(order);
    await waitUntil(async () => receiver.ids.length === 1 || undefined, {
      timeoutMs: 30_000,
      what: "the webhook delivery",
    });

    // The order's page shows the event and its delivery.
    await page.goto(url(`/admin/orders/${order.orderId}`));
    const paid = page.locator('#events li[data-event="order.paid"]');
    expect(await paid.textContent()).toContain("Order paid");
    const delivery = paid.locator('tr[data-target-kind="WEBHOOK"]');
    expect(await delivery.textContent()).toContain(receiver.url);
    expect(await delivery.locator(".badge").textContent()).toBe("Delivered");

    // Sent again: the same event id reaches the receiver a second time.
    await delivery.locator("button[data-resend]").click();
    await waitUntil(async () => receiver.ids.length === 2 || undefined, {
      timeoutMs: 30_000,
      what: "the re-send",
    });
    expect(receiver.ids[1]).toBe(receiver.ids[0]);
    await waitUntil(
      async () => {
        await page.reload();
        const row = page.locator('#events li[data-event="order.paid"] tr[data-target-kind="WEBHOOK"]');
        const [status, tries] = [
          await row.locator(".badge").textContent(),
          await row.locator("td.num").textContent(),
        ];
        return status === "Delivered" && tries === "2" ? true : undefined;
      },
      { timeoutMs: 20_000, what: "the delivery shown as delivered, on its second try" },
    );
    await page.close();
  }, 120_000);

  it("every page of the console and an order's, on a 390 px phone in English and Arabic: nothing scrolls sideways, axe-core finds nothing", async () => {
    const order = (await db.prisma.order.findFirstOrThrow({ where: { status: "PAID" } })).id;
    const problems: string[] = [];
    for (const locale of ["en", "ar"]) {
      const page = await signedInAsAdmin();
      await browser.addCookies([{ name: "console_locale", value: locale, url: url("/") }]);
      await page.setViewportSize({ width: 390, height: 844 });
      const customer = (await db.prisma.order.findFirstOrThrow({ where: { id: order } })).customerId;
      const pages = [
        "/admin",
        "/admin/orders",
        "/admin/refunds",
        "/admin/customers",
        `/admin/customers/${customer}`,
        "/admin/notifications",
        "/admin/catalog",
        "/admin/audit",
        "/admin/api-keys",
        "/admin/events",
        "/admin/alerts",
        "/admin/sessions",
        "/admin/operators",
        "/admin/roles",
        "/admin/approvals",
        `/admin/orders/${order}`,
      ];
      for (const path of pages) {
        await page.goto(url(path));
        await page.waitForLoadState("networkidle");
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) problems.push(`${locale} ${path}: scrolls sideways by ${overflow} px`);
        const violations = await axeFindings(page);
        for (const violation of violations) problems.push(`${locale} ${path}: ${violation}`);
        if (process.env.SCREENSHOT_DIR) {
          await page.screenshot({
            path: `${process.env.SCREENSHOT_DIR}/${locale}${path.replaceAll("/", "_")}.png`,
            fullPage: true,
          });
        }
      }
      await page.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("the dead letter and an endpoint's log page on their own: next page, then back to the first", async () => {
    const endpoint = await db.prisma.webhookEndpoint.findFirstOrThrow({ where: { url: receiver.url } });
    const logged = await db.prisma.eventDelivery.count({ where: { target: endpoint.id } });
    // 57 that gave up (a kitchen hook) and 55 more in the endpoint's log, a second apart.
    await addDeliveries(57, { targetKind: "HOOK", target: "kitchen-ticket", status: "DEAD" });
    await addDeliveries(55, { targetKind: "WEBHOOK", target: endpoint.id, status: "DELIVERED" });
    const page = await signedInAsAdmin();
    await page.goto(url(`/admin/events?endpoint=${endpoint.id}`));
    const rows = (list: string) => page.locator(`#${list} tr[data-delivery]`).count();
    expect([await rows("dead"), await rows("log")]).toEqual([50, 50]);

    // The dead letter's next page: the 7 oldest, and the endpoint's log stays on its first page.
    await page.click('#dead a[rel="next"]');
    await page.waitForURL(/deadAfter=/);
    expect([await rows("dead"), await rows("log")]).toEqual([7, 50]);
    expect(await page.locator('#dead a[rel="next"]').count()).toBe(0);

    // The log's next page keeps the dead letter where it was.
    await page.click('#log a[rel="next"]');
    await page.waitForURL(/logAfter=/);
    expect([await rows("dead"), await rows("log")]).toEqual([7, 55 + logged - 50]);
    expect(new URL(page.url()).searchParams.get("endpoint")).toBe(endpoint.id);

    // "First page" drops only its own list's cursor.
    await page.locator("#dead .pager a", { hasText: "First page" }).click();
    await page.waitForURL((address) => !address.searchParams.has("deadAfter"));
    expect([await rows("dead"), await rows("log")]).toEqual([50, 55 + logged - 50]);
    await page.close();
  }, 60_000);
});

/**
 * Deliveries written directly, one event each, the newest now and each older by a second; their
 * events already dispatched.
 */
async function addDeliveries(
  count: number,
  delivery: { targetKind: "HOOK" | "WEBHOOK"; target: string; status: "DEAD" | "DELIVERED" },
) {
  const rows = Array.from({ length: count }, (_, index) => ({
    eventId: crypto.randomUUID(),
    at: new Date(Date.now() - (index + 1) * 1_000),
  }));
  await db.prisma.outboxEvent.createMany({
    // Already dispatched: the events worker running beside the app must not deliver them again.
    data: rows.map((row) => ({
      id: row.eventId,
      type: "order.paid",
      payload: {},
      occurredAt: row.at,
      dispatchedAt: row.at,
    })),
  });
  await db.prisma.eventDelivery.createMany({
    data: rows.map((row, index) => ({
      eventId: row.eventId,
      eventOccurredAt: row.at,
      seq: BigInt(index + 1),
      ...delivery,
      attempts: 1,
      createdAt: row.at,
      updatedAt: row.at,
    })),
  });
}
