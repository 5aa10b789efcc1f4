// `npm run screenshots`: pictures of the operator console for the README, taken from the real app.
// Starts its own database, wallet sandbox and `next start` (the production build: run `npm run build`
// first), places demo orders the way a mini program does (sessions, orders, cashier payments, an
// escrow order, a refund through the console's API, a payment the wallet answered U), spreads the
// paid orders over the last 30 days so the chart has a shape (the only direct database write: demo
// history), then photographs the pages in headless Debian Chromium, in English and Arabic, on a
// desktop and on a phone. Writes docs/screenshots/*.png.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { startOperatorSession } from "@/lib/operators/sessions/operator-sessions";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { definePlan } from "@/lib/payments/subscriptions/plans";
import type { PrismaClient } from "@/lib/platform/db";
import { launchBrowser } from "@/test/support/browser";
import { createTestDatabase } from "@/test/support/database";
import { newMiniProgramUser, type PlacedOrder } from "@/test/support/mini-program";
import { startNextApp } from "@/test/support/next-app";
import { createTestOperator, TEST_OPERATOR_PASSWORD } from "@/test/support/operators";
import { startTestSandbox } from "@/test/support/sandbox";
import { waitUntil } from "@/test/support/wait";

const OUT_DIR = path.resolve("docs/screenshots");
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };
const LAPTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
const PHONE_BROWSER =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36";

async function main() {
  const db = await createTestDatabase();
  const sandbox = await startTestSandbox({ settings: { refundDelaySeconds: 1 } });
  await seedDemoCatalog(db.prisma);
  const app = await startNextApp({ databaseUrl: db.url, sandbox });
  const chromium = await launchBrowser();
  try {
    const admin = await createTestOperator(db.prisma, "ADMIN", app.env.NEXTAUTH_SECRET, {
      email: "noor@shop.example",
      name: "Noor Hassan",
    });
    const sessionToken = admin.token;
    const adminApi = (orderId: string, action: string, body: object) =>
      fetch(`${app.url}/api/admin/orders/${orderId}/${action}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${sessionToken}`,
          "idempotency-key": crypto.randomUUID(),
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      });

    // Demo orders, placed and paid as the mini program and the wallet would.
    // Customers the wallet knows by name and mobile number, as the console shows them.
    const people = [
      { fullName: "عَلِيّ حَسَن", loginId: "+9647701234567" },
      { fullName: "زينب كاظم", loginId: "+9647809876543" },
      { fullName: "Omar Saleh", loginId: "+9647501112233" },
    ];
    const customers = await Promise.all(people.map((person) => newMiniProgramUser(app.url, sandbox, person)));
    const baskets = [
      { sku: "DATES", quantity: 2 },
      { sku: "COFFEE", quantity: 3 },
      { sku: "KLEICHA", quantity: 1 },
      { sku: "TEA", quantity: 4 },
      { sku: "DATES", quantity: 1 },
    ];
    const paid: PlacedOrder[] = [];
    for (let index = 0; index < 14; index++) {
      const customer = customers[index % customers.length];
      const basket = baskets[index % baskets.length];
      if (!customer || !basket) continue;
      const order = await customer.order("CASHIER", [basket]);
      await customer.pay(order);
      paid.push(order);
    }
    const [buyer] = customers;
    if (!buyer) throw new Error("no customer");
    const refunded = paid[0] as PlacedOrder;
    const refund = await adminApi(refunded.orderId, "refunds", {
      amount: "8000000",
      reason: "One box was damaged",
    });
    if (refund.status >= 300) throw new Error(`refund: HTTP ${refund.status} ${await refund.text()}`);
    const escrowWaiting = await buyer.order("ESCROW", [{ sku: "KLEICHA", quantity: 2 }]);
    await buyer.pay(escrowWaiting);
    const escrowAccepted = await buyer.order("ESCROW", [{ sku: "DATES", quantity: 3 }]);
    await buyer.pay(escrowAccepted);
    await adminApi(escrowAccepted.orderId, "accept", {});
    await buyer.order("CASHIER", [{ sku: "TEA", quantity: 2 }]); // left at the cashier: awaiting payment
    await sandbox.setFault("pay", "U");
    await buyer.order("CASHIER", [{ sku: "COFFEE", quantity: 1 }]); // the wallet's answer was lost
    await waitUntil(
      async () =>
        (await db.prisma.refund.findFirst({ where: { orderId: refunded.orderId } }))?.status === "SUCCESS",
      { timeoutMs: 20_000, what: "the demo refund to complete" },
    );

    // Demo subscriptions on agreement pay: two plans; one customer subscribed to each, one paused,
    // one ending at its period's end, each first period charged through the bound agreement.
    const coffeeClub = await definePlan(db.prisma, {
      sku: "COFFEE-CLUB",
      name: "Coffee club",
      nameArabic: "نادي القهوة",
      priceFils: 20_000_000n,
      intervalUnit: "MONTH",
    });
    const datesBox = await definePlan(db.prisma, {
      sku: "DATES-BOX",
      name: "Weekly dates box",
      nameArabic: "علبة التمر الأسبوعية",
      priceFils: 6_500_000n,
      intervalUnit: "WEEK",
    });
    const [first, second, third] = customers;
    if (!first || !second || !third) throw new Error("three demo customers expected");
    const shownSubscription = await first.subscribe(coffeeClub.id);
    const paused = await second.subscribe(datesBox.id);
    await second.changeSubscription(paused.subscriptionId, "pause");
    const ending = await third.subscribe(coffeeClub.id);
    await third.changeSubscription(ending.subscriptionId, "cancel", { atPeriodEnd: true });

    // Demo history: the paid cashier orders spread over the last 30 days (oldest first).
    for (const [index, order] of paid.slice(1).entries()) {
      const daysAgo = 29 - index * 2;
      await db.prisma.$executeRaw`
        UPDATE orders SET created_at = created_at - make_interval(days => ${daysAgo}),
                          paid_at = paid_at - make_interval(days => ${daysAgo})
         WHERE id = ${order.orderId}`;
    }

    // Demo sessions for "Your sessions": this browser is the shop's laptop; a phone signed in too.
    await db.prisma.operatorSession.update({
      where: { id: admin.sessionId },
      data: { userAgent: LAPTOP, address: "192.168.1.20" },
    });
    await startOperatorSession(
      db.prisma,
      { operatorId: admin.id, userAgent: PHONE_BROWSER, address: "100.64.12.7" },
      { maxAgeMs: 8 * 3600_000, idleMs: 30 * 60_000 },
    );

    // Demo colleagues for the Operators page: a cashier, and a supervisor someone has been guessing at.
    const cashier = await createTestOperator(db.prisma, "SUPPORT", app.env.NEXTAUTH_SECRET, {
      email: "ali@shop.example",
      name: "علي حسن",
    });
    // A refund above the cashier's limit, waiting on the Approvals page (its amount held on the order).
    const returned = await db.prisma.order.findFirstOrThrow({ where: { status: "PAID", refundedFils: 0n } });
    await db.prisma.$transaction([
      db.prisma.order.update({ where: { id: returned.id }, data: { refundedFils: returned.amountFils } }),
      db.prisma.refundRequest.create({
        data: {
          orderId: returned.id,
          amountFils: returned.amountFils,
          reason: "أعاد العميل العلبة كاملة",
          requestedBy: `operator:${cashier.id}`,
        },
      }),
    ]);
    const guessedAt = await createTestOperator(db.prisma, "VIEWER", app.env.NEXTAUTH_SECRET, {
      email: "sara@shop.example",
      name: "Sara Kareem",
    });
    await db.prisma.operator.update({ where: { id: guessedAt.id }, data: { failedSignIns: 6 } });

    mkdirSync(OUT_DIR, { recursive: true });
    await chromium.browser.addCookies([
      { name: "next-auth.session-token", value: sessionToken, url: app.url, httpOnly: true, sameSite: "Lax" },
    ]);
    const shoot = async (
      name: string,
      pathname: string,
      options: { locale: "en" | "ar"; phone?: boolean; beforeShot?: (page: Page) => Promise<void> },
    ) => {
      await chromium.browser.addCookies([{ name: "console_locale", value: options.locale, url: app.url }]);
      const page: Page = await chromium.browser.newPage();
      await page.setViewportSize(options.phone ? PHONE : DESKTOP);
      await page.goto(`${app.url}${pathname}`);
      await page.waitForLoadState("networkidle");
      await options.beforeShot?.(page);
      const file = path.join(OUT_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await page.close();
      console.info(`[screenshots] ${path.relative(process.cwd(), file)}`);
    };
    const detail = `/admin/orders/${refunded.orderId}`;
    await shoot("dashboard", "/admin", { locale: "en" });
    await shoot("orders", "/admin/orders", { locale: "en" });
    await shoot("order-detail", detail, { locale: "en" });
    await shoot("dashboard-ar", "/admin", { locale: "ar" });
    await shoot("orders-ar", "/admin/orders", { locale: "ar" });
    await shoot("order-detail-ar", detail, { locale: "ar" });
    await shoot("escrow-phone", `/admin/orders/${escrowWaiting.orderId}`, { locale: "en", phone: true });
    await shoot("orders-phone-ar", "/admin/orders", { locale: "ar", phone: true });
    await shoot("operators", "/admin/operators", { locale: "en" });
    await shoot("operators-phone-ar", "/admin/operators", { locale: "ar", phone: true });
    await shoot("roles", "/admin/roles", { locale: "en" });
    await shoot("roles-phone-ar", "/admin/roles", { locale: "ar", phone: true });
    await shoot("approvals", "/admin/approvals", { locale: "en" });
    await shoot("approvals-phone-ar", "/admin/approvals", { locale: "ar", phone: true });
    const subscriptionPage = `/admin/subscriptions/${shownSubscription.subscriptionId}`;
    await shoot("subscriptions", "/admin/subscriptions", { locale: "en" });
    await shoot("subscriptions-phone-ar", "/admin/subscriptions", { locale: "ar", phone: true });
    await shoot("subscription-detail", subscriptionPage, { locale: "en" });
    await shoot("subscription-detail-phone-ar", subscriptionPage, { locale: "ar", phone: true });
    await shoot("sessions", "/admin/sessions", { locale: "en" });
    await shoot("sessions-phone-ar", "/admin/sessions", { locale: "ar", phone: true });
    const startTwoStep = async (page: Page) => {
      await page.click('button[data-action="start-2fa"]');
      await page.locator("img.qr").waitFor();
    };
    await shoot("second-factor-setup", "/admin/sessions", { locale: "en", beforeShot: startTwoStep });
    await shoot("second-factor-setup-phone-ar", "/admin/sessions", {
      locale: "ar",
      phone: true,
      beforeShot: startTwoStep,
    });
    const customerId = (await db.prisma.order.findUniqueOrThrow({ where: { id: refunded.orderId } }))
      .customerId;
    await shoot("customer", `/admin/customers/${customerId}`, { locale: "en" });
    await shoot("customer-phone-ar", `/admin/customers/${customerId}`, { locale: "ar", phone: true });
    await shoot("search-by-name-ar", `/admin/orders?q=${encodeURIComponent("علي حسن")}`, { locale: "ar" });
    const reviewRefund = async (page: Page) => {
      await page.click('button[data-action="refund"]');
      await page.fill("dialog input[name=amount]", "4000");
      await page.fill("dialog input[name=reason]", "Returned one box");
      await page.click('dialog button[data-confirm="edit"]');
      await page.getByTestId("action-review").waitFor();
    };
    await shoot("refund-review", detail, { locale: "en", beforeShot: reviewRefund });
    await shoot("refund-review-phone-ar", detail, { locale: "ar", phone: true, beforeShot: reviewRefund });

    // The sign-in page's code step, for an operator with two-step sign-in on (signed out first).
    const withCode = await operatorWithTwoStep(app.url, db.prisma, app.env.NEXTAUTH_SECRET as string);
    await chromium.browser.clearCookies();
    const codeStep = async (page: Page) => {
      await page.fill("input[name=email]", withCode);
      await page.fill("input[name=password]", TEST_OPERATOR_PASSWORD);
      await page.click("button[type=submit]");
      await page.locator("input[name=code]").waitFor();
    };
    await shoot("sign-in-code", "/admin/sign-in", { locale: "en", beforeShot: codeStep });
    await shoot("sign-in-code-phone-ar", "/admin/sign-in", {
      locale: "ar",
      phone: true,
      beforeShot: codeStep,
    });
  } finally {
    await chromium.close();
    await app.close();
    await sandbox.close();
    await db.drop();
  }
}

/** An operator who set up two-step sign-in through the API, as the console does; their e-mail. */
async function operatorWithTwoStep(appUrl: string, prisma: PrismaClient, secret: string): Promise<string> {
  const operator = await createTestOperator(prisma, "SUPPORT", secret, {
    email: "huda@shop.example",
    name: "Huda Jasim",
  });
  const headers = { ...operator.browser(appUrl), "content-type": "application/json" };
  const started = await fetch(`${appUrl}/api/admin/me/second-factor`, { method: "POST", headers });
  const { secret: key } = (await started.json()) as { secret: string };
  const code = new TOTP({ secret: key, period: 30 }).generate();
  const confirmed = await fetch(`${appUrl}/api/admin/me/second-factor/confirm`, {
    method: "POST",
    headers,
    body: JSON.stringify({ code }),
  });
  if (!confirmed.ok) throw new Error(`two-step sign-in: HTTP ${confirmed.status}`);
  return operator.email;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
