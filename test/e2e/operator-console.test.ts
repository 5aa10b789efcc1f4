// The operator console in a real browser, against the production build, its database, Redis and the wallet
// sandbox: operators sign in through the page as each role, find an order by the wallet's paymentId,
// read its timeline, refund part of it and watch the refund complete, accept an escrow order so the
// customer's confirm-receipt goes through, reconcile an unknown payment from the attention list; a
// VIEWER is refused in the page and on a direct POST; repeated wrong passwords lock an account; the
// Arabic console is laid out right to left.
// Needs a production build (`npm run build`, which .ci/run does before the browser tests).
import { decode } from "next-auth/jwt";
import { TOTP } from "otpauth";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatAmount } from "@/lib/console/i18n/format";
import { moneyFigures } from "@/lib/console/money-figures";
import { dayRange } from "@/lib/console/orders/list-orders";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { flagOrder } from "@/lib/payments/orders/flag-order";
import { flagColumns } from "@/lib/payments/orders/order-flags";
import { launchBrowser, pageFromOwnAddress, submitSignIn } from "@/test/support/browser";
import { clearOfBaghdadMidnight } from "@/test/support/clock";
import { loopbackAddress, signInOverHttp } from "@/test/support/console-sign-in";
import { createTestDatabase, type TestDatabase } from "@/test/support/database";
import { type MiniProgramUser, newMiniProgramUser } from "@/test/support/mini-program";
import { type RunningApp, startNextApp } from "@/test/support/next-app";
import { createTestOperator, TEST_OPERATOR_PASSWORD, type TestOperator } from "@/test/support/operators";
import { startTestSandbox, type TestSandbox } from "@/test/support/sandbox";
import { waitUntil } from "@/test/support/wait";

let db: TestDatabase;
let sandbox: TestSandbox;
let app: RunningApp | undefined;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
let browser: BrowserContext;
let customer: MiniProgramUser;
const operators = {} as Record<"VIEWER" | "FINANCE" | "ADMIN", TestOperator>;

beforeAll(async () => {
  // Refunds complete (and are notified) a second after they are asked for.
  [db, sandbox] = await Promise.all([
    createTestDatabase(),
    startTestSandbox({ settings: { refundDelaySeconds: 1 } }),
  ]);
  await seedDemoCatalog(db.prisma);
  app = await startNextApp({ databaseUrl: db.url, sandbox });
  for (const role of ["VIEWER", "FINANCE", "ADMIN"] as const) {
    operators[role] = await createTestOperator(db.prisma, role, app.env.NEXTAUTH_SECRET);
  }
  // Known to the wallet by name (with its vowel marks) and a mobile number, as a real customer is.
  customer = await newMiniProgramUser(app.url, sandbox, { fullName: "عَلِيّ حَسَن", loginId: "+9647701234567" });
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

/**
 * A fresh browser session signed in through the sign-in page. Each comes from its own client address:
 * sign-in attempts are also limited per address, and these tests sign in many times from one machine.
 */
async function signIn(email: string, password = TEST_OPERATOR_PASSWORD): Promise<Page> {
  await browser.clearCookies();
  const page = await pageFromOwnAddress(browser);
  await submitSignIn(page, app?.url as string, email, password);
  return page;
}

/** What an authenticator app with this key shows `steps` 30-second steps from now. */
function totpCode(key: string, steps = 0): string {
  return new TOTP({ secret: key, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
}

async function signedIn(role: keyof typeof operators): Promise<Page> {
  const page = await signIn(operators[role].email);
  await page.waitForURL(url("/admin"));
  return page;
}

async function paidOrder(flow: "CASHIER" | "ESCROW", sku = "DATES", quantity = 2) {
  const order = await customer.order(flow, [{ sku, quantity }]);
  await customer.pay(order);
  return order;
}

describe("the operator console", () => {
  it("four eyes: a Support refund above its limit waits; the requester cannot approve it; Finance approves it from Approvals and the wallet refunds it", async () => {
    await db.prisma.role.update({ where: { key: "SUPPORT" }, data: { refundLimitFils: 5_000_000n } });
    const support = await createTestOperator(db.prisma, "SUPPORT", app?.env.NEXTAUTH_SECRET);
    const order = await paidOrder("CASHIER"); // 24,000 IQD
    const asking = await signIn(support.email);
    await asking.waitForURL(url("/admin"));
    await asking.goto(url(`/admin/orders/${order.orderId}`));
    await asking.click('button[data-action="refund"]');
    await asking.fill("dialog input[name=amount]", "10000");
    await asking.fill("dialog input[name=reason]", "The whole box came back");
    await asking.click('dialog button[data-confirm="edit"]');
    await asking.click('dialog button[data-confirm="review"]');
    expect(await asking.getByTestId("action-result").textContent()).toContain("waits for another operator");
    const request = await db.prisma.refundRequest.findFirstOrThrow({ where: { orderId: order.orderId } });
    expect(request).toMatchObject({ status: "PENDING", amountFils: 10_000_000n });
    expect(await db.prisma.refund.count({ where: { orderId: order.orderId } })).toBe(0);
    // The requester sees their request with "withdraw", never "approve"; Approvals is not theirs.
    await asking.goto(url(`/admin/orders/${order.orderId}`));
    const row = asking.locator(`[data-refund-request="${request.id}"]`);
    await row.waitFor();
    expect(await row.locator(`button[data-dialog="approve-${request.id}"]`).count()).toBe(0);
    expect(await row.locator(`button[data-dialog="reject-${request.id}"]`).count()).toBe(1);
    expect(await asking.locator('nav a[href="/admin/approvals"]').count()).toBe(0);
    await asking.close();

    const approving = await signedIn("FINANCE");
    await approving.click('nav a[href="/admin/approvals"]');
    await approving.locator(`button[data-dialog="approve-${request.id}"]`).click();
    expect(await approving.locator("dialog[open]").textContent()).toContain("10,000 IQD");
    await approving.fill("dialog[open] input[name=note]", "Box checked at the counter");
    await approving.locator("dialog[open] button[data-confirm]").click();
    // The dialog stays with the wallet's answer until it is closed; then nothing waits any more.
    await approving
      .getByTestId("approval-result")
      .filter({ hasText: "Done: the wallet refunded 10,000 IQD" })
      .waitFor({ timeout: 20_000 });
    await approving.locator("dialog[open] button[data-close]").click();
    await approving.locator("#no-approvals").waitFor({ timeout: 15_000 });
    await waitUntil(
      async () =>
        (await db.prisma.refund.findUnique({ where: { id: request.id } }))?.status === "SUCCESS" || undefined,
      { timeoutMs: 20_000, what: "the approved refund to complete" },
    );
    expect(await db.prisma.refundRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      status: "APPROVED",
      decidedBy: `operator:${operators.FINANCE.id}`,
      decisionNote: "Box checked at the counter",
    });
    await approving.goto(url(`/admin/orders/${order.orderId}`));
    expect(await approving.locator(`[data-refund-request="${request.id}"]`).textContent()).toContain(
      "Approved by",
    );
    await approving.close();
  });

  it("redirects a visitor who is not signed in to the sign-in page", async () => {
    await browser.clearCookies();
    const page = await browser.newPage();
    await page.goto(url("/admin/orders"));
    expect(new URL(page.url()).pathname).toBe("/admin/sign-in");
    await page.close();
  });

  it("finds a caller's order by their name typed without vowel marks, by phone digits typed in Arabic-Indic, and by the short id a list shows", async () => {
    const order = await paidOrder("CASHIER", "KLEICHA", 1);
    const page = await signedIn("FINANCE");
    const search = async (q: string) => {
      await page.goto(url(`/admin/orders?q=${encodeURIComponent(q)}`));
      return page.locator(`#orders tr[data-order="${order.orderId}"]`);
    };
    const byName = await search("علي حسن");
    expect(await page.locator("[data-match]").getAttribute("data-match")).toBe("customerName");
    expect(await byName.textContent()).toContain("عَلِيّ حَسَن");
    expect(await byName.textContent()).toContain("+964****567");

    const byPhone = await search("٠٧٧٠ ١٢٣ ٤٥٦٧");
    expect(await page.locator("[data-match]").getAttribute("data-match")).toBe("phone");
    expect(await byPhone.count()).toBe(1);

    // The short id as the list prints it ("…1e6a4b70"), typed with a capital as phones do.
    await page.goto(url("/admin/orders"));
    const shown =
      (await page.locator(`tr[data-order="${order.orderId}"] td`).nth(1).textContent())?.trim() ?? "";
    expect(shown).toMatch(/^…[0-9a-f]{8}$/);
    const byShortId = await search(shown.toUpperCase());
    expect(await page.locator("[data-match]").getAttribute("data-match")).toBe("shortId");
    expect(await byShortId.count()).toBe(1);
    expect(await page.locator("#orders tbody tr").count()).toBe(1);

    // The customer's own page: their totals and this order.
    await byShortId.locator("a.person").click();
    await page.waitForURL(/\/admin\/customers\//);
    expect(await page.locator("h1").textContent()).toContain("عَلِيّ حَسَن");
    expect(await page.locator(`#customer-orders tr[data-order="${order.orderId}"]`).count()).toBe(1);

    // The same search in the Arabic console, and what it says it found, in Arabic.
    await page.click("button[lang=ar]");
    await waitUntil(async () => (await page.getAttribute("html", "dir")) === "rtl", {
      timeoutMs: 10_000,
      what: "the Arabic console",
    });
    await search("علي حسن");
    expect(await page.locator("[data-match]").textContent()).toBe("طلبات العملاء بهذا الاسم.");
    await search("٠٧٧٠ ١٢٣ ٤٥٦٧");
    expect(await page.locator("[data-match]").getAttribute("data-match")).toBe("phone");
    await page.click("button[lang=en]");
    await page.close();
  });

  it("finds an order by the wallet's paymentId, shows its timeline, refunds part of it and sees the refund complete", async () => {
    const order = await paidOrder("CASHIER"); // 2 × DATES = 24,000 IQD
    const page = await signedIn("FINANCE");
    await page.click('nav a[href="/admin/orders"]');
    await page.fill("input[name=q]", order.paymentId as string);
    await page.click("form[action='/admin/orders'] button[type=submit]");
    await page.waitForURL(/q=/);
    expect(await page.locator(".notice-info").textContent()).toBe("Found by wallet payment id.");
    const rows = page.locator("#orders tbody tr");
    expect(await rows.count()).toBe(1);
    await rows.first().locator("a").first().click();
    await page.waitForURL(url(`/admin/orders/${order.orderId}`));

    // The timeline: status changes, the pay call with its answer, the verified notification.
    const timeline = page.locator("#timeline");
    expect(await timeline.locator('li[data-kind="wallet"]').first().textContent()).toContain("pay");
    expect(await timeline.locator('li[data-kind="notification"]').first().textContent()).toContain(
      "Signature verified",
    );
    expect(await timeline.textContent()).toContain("Awaiting payment → Paid");

    await page.click('button[data-action="refund"]');
    expect(await page.getByTestId("refund-formula").textContent()).toBe(
      "Captured 24,000 IQD − refunded 0 IQD − in process 0 IQD = refundable 24,000 IQD",
    );
    // The amount starts empty; nothing is sent before the review restates it in words.
    expect(await page.inputValue("dialog input[name=amount]")).toBe("");
    await page.fill("dialog input[name=amount]", "١٠٬٠٠٠");
    await page.fill("dialog input[name=reason]", "One box arrived damaged");
    await page.click('dialog button[data-confirm="edit"]');
    expect(await page.getByTestId("action-review").textContent()).toBe(
      "Refund 10,000 IQD of 24,000 IQD to عَلِيّ حَسَن. Reason: One box arrived damaged",
    );
    expect(await db.prisma.refund.count({ where: { orderId: order.orderId } })).toBe(0);
    expect(await page.locator('dialog button[data-confirm="review"]').textContent()).toBe(
      "Refund 10,000 IQD",
    );
    await page.click('dialog button[data-confirm="review"]');
    expect(await page.getByTestId("action-result").textContent()).toMatch(/processing|Done/);
    await page.click("dialog .dialog-foot .btn-primary");
    // The wallet's answer stays on the page once the dialog is closed, followed until it is done.
    await page
      .locator("#last-action-result", { hasText: "Done: the wallet refunded 10,000 IQD" })
      .waitFor({ timeout: 20_000 });
    // The list says the order was refunded in part (confirmed by the wallet), under its amount.
    await page.goto(url(`/admin/orders?q=${order.paymentId}`));
    expect(await page.locator(`tr[data-order="${order.orderId}"] [data-refund-state]`).textContent()).toBe(
      "Partly refunded: 10,000 IQD",
    );
    await page.click("button[lang=ar]");
    await waitUntil(async () => (await page.getAttribute("html", "dir")) === "rtl", {
      timeoutMs: 10_000,
      what: "the Arabic console",
    });
    expect(await page.locator(`tr[data-order="${order.orderId}"] [data-refund-state]`).textContent()).toBe(
      "مسترد جزئياً: 10,000 د.ع",
    );
    await page.click("button[lang=en]");
    await waitUntil(async () => (await page.getAttribute("html", "dir")) === "ltr", {
      timeoutMs: 10_000,
      what: "the English console",
    });
    await page.goto(url(`/admin/orders/${order.orderId}`));

    // The page checks again by itself while the refund is in the wallet's hands.
    await page.locator('#refunds [data-status="SUCCESS"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("refundable").textContent()).toBe("14,000 IQD");
    const refund = await db.prisma.refund.findFirstOrThrow({ where: { orderId: order.orderId } });
    expect(refund).toMatchObject({
      status: "SUCCESS",
      amountFils: 10_000_000n,
      reason: "One box arrived damaged",
    });
    const audit = await db.prisma.auditEntry.findFirstOrThrow({ where: { subjectId: refund.id } });
    expect(audit).toMatchObject({ action: "order.refund", operatorId: operators.FINANCE.id });
    await page.close();
  });

  it("accepts a paid escrow order, after which the customer's confirm-receipt succeeds", async () => {
    const order = await paidOrder("ESCROW", "KLEICHA", 1);
    expect((await customer.confirmReceipt(order.orderId)).status).toBe(409);

    const page = await signedIn("FINANCE");
    // It waits on the dashboard for the operator.
    const waiting = page.locator('[data-attention="/admin/orders?status=PAID&flow=ESCROW"]');
    expect(await waiting.textContent()).toContain(order.orderId.slice(-8));
    await page.goto(url(`/admin/orders/${order.orderId}`));
    // Void fits only after acceptance (the spec's escrow table): before it, cancel returns the money.
    expect(
      await page
        .locator("button[data-action]")
        .evaluateAll((buttons) => buttons.map((b) => b.dataset.action)),
    ).toEqual(["accept", "cancel"]);
    await page.click('button[data-action="accept"]');
    expect(await page.locator("dialog").textContent()).toContain("can no longer be cancelled");
    await page.click("dialog button[data-confirm]");
    expect(await page.getByTestId("action-result").textContent()).toBe("Done: the wallet confirmed it.");
    await page.click("dialog .dialog-foot .btn-primary");
    await page.locator('.page-head [data-status="ACCEPTED"]').waitFor();

    const confirmed = await customer.confirmReceipt(order.orderId);
    expect(confirmed.status).toBe(200);
    expect(await customer.orderStatus(order.orderId)).toBe("CONFIRMED");
    await page.close();
  });

  it("cancels an escrow order behind buttons that never share a word, in English and Arabic; the day's money leaves it out", {
    timeout: 120_000,
  }, async () => {
    await clearOfBaghdadMidnight(50_000);
    const order = await paidOrder("ESCROW", "MUG", 1);
    const page = await signedIn("FINANCE");
    await page.goto(url(`/admin/orders/${order.orderId}`));
    await page.click('button[data-action="cancel"]');
    const dismiss = await page.locator("dialog button[data-dismiss]").textContent();
    const confirm = await page.locator('dialog button[data-confirm="review"]').textContent();
    expect([dismiss, confirm]).toEqual(["Close without changes", "Cancel the order"]);
    expect(await page.getByTestId("action-review").textContent()).toContain("15,000 IQD");
    await page.click("dialog button[data-dismiss]");
    await page.click("button[lang=ar]");
    await waitUntil(async () => (await page.getAttribute("html", "dir")) === "rtl", {
      timeoutMs: 10_000,
      what: "the Arabic console",
    });
    await page.click('button[data-action="cancel"]');
    const arabic = [
      await page.locator("dialog button[data-dismiss]").textContent(),
      await page.locator('dialog button[data-confirm="review"]').textContent(),
    ];
    expect(arabic).toEqual(["إغلاق دون تغيير", "إلغاء الطلب"]);
    await page.click('dialog button[data-confirm="review"]');
    expect(await page.getByTestId("action-result").textContent()).not.toMatch(/[A-Za-z]{3}/);
    await page.click("dialog .dialog-foot .btn-primary");
    // The wallet's answer stays after the page refreshes to the cancelled order.
    await page.locator('.page-head [data-status="CANCELLED"]').waitFor();
    expect(await page.locator("#last-action-result").isVisible()).toBe(true);

    // Applying the payment's notification again asks first, answers in words, and the contradiction
    // it finds (SUCCESS for a cancelled order) is flagged under the operator's name, not the wallet's.
    const notification = await db.prisma.notification.findFirstOrThrow({
      where: { orderId: order.orderId, kind: "PAYMENT" },
    });
    await page.goto(url("/admin/notifications"));
    await page.click(`button[data-dialog="reapply-${notification.id}"]`);
    expect(await page.locator("dialog[open]").textContent()).toContain("باسمك");
    await page.click("dialog[open] button[data-confirm]");
    const outcome = page.locator("[data-reapplied]");
    await outcome.waitFor();
    expect(await outcome.textContent()).not.toMatch(/[A-Za-z{}"]/);
    const flag = await db.prisma.orderEvent.findFirstOrThrow({
      where: { orderId: order.orderId, type: "ATTENTION_FLAGGED" },
    });
    expect(flag.actor).toBe(`operator:${operators.FINANCE.id}`);
    expect((await db.prisma.notification.findFirstOrThrow({ where: { id: notification.id } })).status).toBe(
      notification.status,
    );
    // And the flag it raised is cleared from the order's page with a note: nothing stays on the list.
    await page.goto(url(`/admin/orders/${order.orderId}`));
    await page.click('button[data-dialog="resolve-flag"]');
    await page.fill("dialog[open] textarea[name=note]", "الدفع الأصلي أُعيد بالإلغاء");
    await page.click("dialog[open] button[data-confirm]");
    await page.locator("#attention").waitFor({ state: "detached" });

    // The dashboard's money of the day is the service's, and leaves the cancelled escrow order out.
    await page.goto(url("/admin"));
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const figures = await moneyFigures({ prisma: db.prisma }, dayRange({ from: today, to: today }));
    const shown = async (figure: string) =>
      (await page.getByTestId(`money-${figure}`).innerText()).split("\n")[0];
    expect(await shown("paid")).toBe(formatAmount(figures.paid.amountFils, "ar"));
    expect(await shown("returned")).toBe(formatAmount(figures.returned.amountFils, "ar"));
    expect(figures.returned.amountFils).toBeGreaterThanOrEqual(15_000_000n);
    await page.click("button[lang=en]");
    await page.close();
  });

  it("lists an unknown payment in the attention list and settles it with the wallet's answer", async () => {
    await sandbox.setFault("pay", "U");
    const order = await customer.order("CASHIER", [{ sku: "COFFEE", quantity: 1 }]);
    expect(order.status).toBe("PROCESSING"); // what the mini program sees of an unknown result
    const page = await signedIn("FINANCE");
    const unknown = page.locator('[data-attention="/admin/orders?status=UNKNOWN"]');
    expect(await unknown.textContent()).toContain("Payments with an unknown result");
    await unknown.locator(`a[href="/admin/orders/${order.orderId}"]`).click();
    await page.waitForURL(url(`/admin/orders/${order.orderId}`));
    // Why it is unknown, in words with the wallet's code beside them, in English and in Arabic.
    expect(await page.getByTestId("order-why").textContent()).toBe(
      "The outcome is not known yet (the wallet could not say, or its answer did not come); it is asked again until it is settled (UNKNOWN_EXCEPTION)",
    );
    await page.click("button[lang=ar]");
    await waitUntil(async () => (await page.getAttribute("html", "dir")) === "rtl", {
      timeoutMs: 10_000,
      what: "the Arabic console",
    });
    expect(await page.getByTestId("order-why").textContent()).toBe(
      "النتيجة غير معروفة بعد (لم تستطع المحفظة تحديدها، أو لم يصل جوابها)؛ يُسأل من جديد حتى تُحسم (UNKNOWN_EXCEPTION)",
    );
    await page.click("button[lang=en]");
    await waitUntil(async () => (await page.getAttribute("html", "dir")) === "ltr", {
      timeoutMs: 10_000,
      what: "the English console",
    });
    await page.click('button[data-action="reconcile"]');
    await page.click("dialog button[data-confirm]");
    // The wallet did create the payment: the customer has yet to pay at the cashier.
    // (Awaiting payment is itself unsettled: the answer also says when the next check is.)
    expect(await page.getByTestId("action-result").textContent()).toMatch(
      /^Checked with the wallet: the order is now Awaiting payment\b/,
    );
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.orderId } })).status).toBe(
      "PENDING",
    );
    await page.close();
  });

  it("shows a VIEWER the order without actions, refuses them the admin pages, and refuses their direct POST", async () => {
    const order = await paidOrder("CASHIER", "COFFEE", 1);
    const page = await signedIn("VIEWER");
    await page.goto(url(`/admin/orders/${order.orderId}`));
    expect(await page.locator("button[data-action]").count()).toBe(0);
    expect(await page.locator("#no-actions").textContent()).toBe(
      "Your role can view orders but not act on them.",
    );
    expect(await page.locator('nav a[href="/admin/operators"]').count()).toBe(0);

    await page.goto(url("/admin/operators"));
    expect(new URL(page.url()).pathname).toBe("/admin/forbidden");
    expect(await page.locator("#forbidden").textContent()).toContain(
      "This page needs the permission “Manage operators and roles”",
    );

    // The browser's own session cookie, from our own origin: only the role stops it.
    const refused = await page.request.post(url(`/api/admin/orders/${order.orderId}/refunds`), {
      headers: { "idempotency-key": crypto.randomUUID(), origin: url("") },
      data: { amount: "1000", reason: "not allowed" },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
    expect(await db.prisma.refund.count({ where: { orderId: order.orderId } })).toBe(0);
    await page.close();
  });

  it("lets an ADMIN see operators and the audit log of what operators did", async () => {
    const page = await signedIn("ADMIN");
    await page.click('nav a[href="/admin/operators"]');
    expect(await page.locator(`tr[data-operator="${operators.VIEWER.email}"]`).textContent()).toContain(
      "Viewer",
    );
    await page.click('nav a[href="/admin/audit"]');
    // Each entry in words, with the amount a refund moved; the filter names actions in words too.
    const refundEntry = page.locator('td[data-action="order.refund"]').first();
    expect(await refundEntry.textContent()).toMatch(/^Refunded[\d,]+ IQD$/);
    await page.click("button[lang=ar]");
    await waitUntil(async () => (await page.getAttribute("html", "dir")) === "rtl", {
      timeoutMs: 10_000,
      what: "the Arabic console",
    });
    expect(await page.locator('td[data-action="order.refund"]').first().textContent()).toMatch(
      /^استرداد[\d,]+ د\.ع$/,
    );
    await page.click("button[lang=en]");
    await waitUntil(async () => (await page.getAttribute("html", "dir")) === "ltr", {
      timeoutMs: 10_000,
      what: "the English console",
    });
    await page.selectOption("select[name=action]", "order.refund");
    await page.click("form[action='/admin/audit'] button[type=submit]");
    await page.waitForURL(/action=order.refund/);
    expect(
      await page
        .locator("td[data-action]")
        .evaluateAll((cells) => [...new Set(cells.map((cell) => (cell as HTMLElement).dataset.action))]),
    ).toEqual(["order.refund"]);
    // The session cookie next-auth issued at sign-in lives no longer than the session (8 h).
    const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
    const token = await decode({ token: cookie?.value, secret: app?.env.NEXTAUTH_SECRET as string });
    expect(Number(token?.exp) - Number(token?.iat)).toBeLessThanOrEqual(8 * 3600);
    const asBearer = () =>
      fetch(url("/api/admin/orders?limit=1"), { headers: { Authorization: `Bearer ${cookie?.value}` } });
    expect((await asBearer()).status).toBe(200);
    // Signing out comes back to this app's own sign-in page (next-auth learns our address from
    // PUBLIC_BASE_URL), and the session is gone: also for a copy of its token, replayed as Bearer.
    await page.click("text=Sign out");
    await page.waitForURL(url("/admin/sign-in"));
    await page.goto(url("/admin"));
    expect(new URL(page.url()).pathname).toBe("/admin/sign-in");
    expect((await asBearer()).status).toBe(401);
    await page.close();
  });

  it("lets an ADMIN make an API key shown once, which a script then uses, until it is revoked in the page", async () => {
    const page = await signedIn("ADMIN");
    await page.click('nav a[href="/admin/api-keys"]');
    await page.click("button[data-dialog=new-api-key]");
    await page.fill("input[name=name]", "nightly CSV export");
    await page.selectOption("select[name=role]", "VIEWER");
    await page.fill("input[name=days]", "30");
    await page.click("dialog[open] button[type=submit]");
    const secret = await page.locator("input[data-secret]").inputValue();
    expect(secret).toMatch(/^wmk_/);
    await page.click("dialog[open] >> text=I have copied it");
    const row = page.locator('tr[data-api-key="nightly CSV export"]');
    await row.waitFor();
    expect(await row.textContent()).toContain("Active");
    expect(await page.content(), "the page shows the key only in its dialog").not.toContain(secret);

    const script = () =>
      fetch(url("/api/admin/orders?limit=1"), { headers: { Authorization: `Bearer ${secret}` } });
    expect((await script()).status).toBe(200);
    await row.locator("button[data-dialog^=revoke-]").click();
    await page.click("dialog[open] button[data-confirm]");
    await page.locator('tr[data-api-key="nightly CSV export"]', { hasText: "Revoked" }).waitFor();
    expect((await script()).status).toBe(401);
    await page.close();
  });

  it("a stranger's wrong passwords slow the stranger, never the operator, and are audited with their address", async () => {
    const target = await createTestOperator(db.prisma, "FINANCE", app?.env.NEXTAUTH_SECRET);
    const stranger = { from: loopbackAddress() };
    const base = url("");
    const guesses = [];
    for (let i = 0; i < 5; i++) {
      guesses.push(
        (await signInOverHttp(base, { email: target.email, password: `guess ${i}` }, stranger)).error,
      );
    }
    expect(guesses).toEqual(Array(5).fill("INVALID"));
    // From the stranger's address, that e-mail now waits, even with the right password.
    const right = { email: target.email, password: TEST_OPERATOR_PASSWORD };
    expect((await signInOverHttp(base, right, stranger)).error).toMatch(/^LOCKED:\d+$/);
    // The operator at the shop signs in in the browser as always. (This app runs as production, behind
    // "one proxy": the browser's X-Forwarded-For plays it. The tests of npm run dev and npm start show
    // that a typed address buys nothing when the app is reached directly.)
    const page = await signIn(target.email, TEST_OPERATOR_PASSWORD);
    await page.waitForURL(url("/admin"));
    const stored = await db.prisma.operator.findUniqueOrThrow({ where: { id: target.id } });
    expect(stored.failedSignIns).toBe(0);
    await page.close();

    // The stranger's sign-ins are in the audit log with their address.
    const refused = await db.prisma.auditEntry.findMany({
      where: { subjectId: target.id, action: "operator.sign-in-refused" },
    });
    expect(refused.map((entry) => (entry.after as { address: string }).address)).toEqual(
      Array(5).fill(stranger.from),
    );
  });

  it("'sign out all other sessions' ends another browser's session at its next request", async () => {
    const target = await createTestOperator(db.prisma, "VIEWER", app?.env.NEXTAUTH_SECRET);
    const credentials = { email: target.email, password: TEST_OPERATOR_PASSWORD };
    // The shop's laptop, signed in earlier (another browser: its own cookie).
    const laptop = await signInOverHttp(url(""), credentials, {
      headers: { "x-forwarded-for": "10.77.0.1" },
    });
    expect(laptop.ok, laptop.error).toBe(true);
    const fromLaptop = () =>
      fetch(url("/api/admin/orders?limit=1"), { headers: { cookie: laptop.sessionCookie ?? "" } });
    expect((await fromLaptop()).status).toBe(200);

    // On the phone: the operator opens "Your account" from their name, and signs the others out.
    const page = await signIn(target.email);
    await page.waitForURL(url("/admin"));
    await page.click("header a.who");
    await page.waitForURL(url("/admin/sessions"));
    expect(await page.locator("tr[data-session]").count()).toBe(3);
    expect(await page.locator("tr[data-session]", { hasText: "This browser" }).count()).toBe(1);
    await page.click('button[data-dialog="end-other-sessions"]');
    await page.click("dialog[open] button[data-confirm]");
    await waitUntil(async () => (await page.locator("tr[data-session]").count()) === 1 || undefined, {
      timeoutMs: 10_000,
      what: "only this browser's session to be left",
    });
    expect((await fromLaptop()).status).toBe(401);
    // The laptop's browser, opening the console, is sent to sign in (once, not round in circles).
    const opened = await fetch(url("/admin"), { headers: { cookie: laptop.sessionCookie ?? "" } });
    expect(new URL(opened.url).pathname).toBe("/admin/sign-in");
    expect(opened.status).toBe(200);
    // This browser goes on.
    await page.goto(url("/admin/orders"));
    expect(new URL(page.url()).pathname).toBe("/admin/orders");
    await page.close();
  });

  it("an ADMIN sets a new password and changes a role only after saying what that does; the operator's old session ends", async () => {
    const target = await createTestOperator(db.prisma, "VIEWER", app?.env.NEXTAUTH_SECRET);
    const old = () => fetch(url("/api/admin/orders?limit=1"), { headers: target.script() });
    expect((await old()).status).toBe(200);
    const page = await signedIn("ADMIN");
    await page.goto(url("/admin/operators"));
    const row = page.locator(`tr[data-operator="${target.email}"]`);
    await row.locator(`button[data-dialog="password-${target.id}"]`).click();
    const dialog = page.locator("dialog[open]");
    expect(await dialog.textContent()).toContain("Their sessions end");
    await dialog.locator("input[name=password]").fill("a brand new passphrase 2026");
    await dialog.locator("button[data-confirm]").click();
    await waitUntil(async () => (await old()).status === 401 || undefined, {
      timeoutMs: 10_000,
      what: "the operator's old session to end",
    });
    const signedInAgain = await signInOverHttp(
      url(""),
      { email: target.email, password: "a brand new passphrase 2026" },
      { headers: { "x-forwarded-for": "10.78.0.1" } },
    );
    expect(signedInAgain.ok, signedInAgain.error).toBe(true);

    // The role: the dialog names what changes; nothing changes until it is confirmed.
    await page.reload();
    await row.locator(`button[data-dialog="role-${target.id}"]`).click();
    await page.locator("dialog[open] select[name=role]").selectOption("FINANCE");
    expect((await db.prisma.operator.findUniqueOrThrow({ where: { id: target.id } })).role).toBe("VIEWER");
    await page.locator("dialog[open] button[data-confirm]").click();
    await waitUntil(
      async () =>
        (await db.prisma.operator.findUniqueOrThrow({ where: { id: target.id } })).role === "FINANCE" ||
        undefined,
      { timeoutMs: 10_000, what: "the new role" },
    );
    await page.close();
  });

  it("an operator sets up two-step sign-in with the key read from the page, then signs in with password and code; a recovery code works once", async () => {
    const target = await createTestOperator(db.prisma, "FINANCE", app?.env.NEXTAUTH_SECRET);
    const page = await signIn(target.email);
    await page.waitForURL(url("/admin"));
    await page.goto(url("/admin/sessions"));
    await page.click('button[data-action="start-2fa"]');
    const key = (await page.locator("[data-totp-secret]").textContent()) ?? "";
    expect(await page.locator("img.qr").getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
    await page.fill("#second-factor input[name=code]", totpCode(key));
    await page.click("#second-factor button[type=submit]");
    await page.locator("[data-recovery-codes] li").first().waitFor();
    const recovery = await page.locator("[data-recovery-codes] li").allTextContents();
    expect(recovery).toHaveLength(10);
    await page.click("text=I have saved them");
    await page.locator('[data-second-factor="on"]').waitFor();
    await page.close();

    // Signing in now asks for the code after the password (the next step's: this one's is spent).
    const withCode = async (code: string) => {
      const next = await signIn(target.email);
      await next.locator("#sign-in-error", { hasText: "Two-step sign-in is on" }).waitFor();
      await next.fill("input[name=code]", code);
      await next.click("button[type=submit]");
      return next;
    };
    const second = await withCode(totpCode(key, 1));
    await second.waitForURL(url("/admin"));
    await second.close();
    const third = await withCode(recovery[0] as string);
    await third.waitForURL(url("/admin"));
    await third.close();
    const fourth = await withCode(recovery[0] as string);
    await fourth.locator("#sign-in-error", { hasText: "already used" }).waitFor();
    expect(new URL(fourth.url()).pathname).toBe("/admin/sign-in");
    await fourth.close();
  });

  it("switches to Arabic and lays the console out right to left", async () => {
    const page = await signedIn("FINANCE");
    await page.click("button[lang=ar]");
    await waitUntil(async () => (await page.getAttribute("html", "dir")) === "rtl", {
      timeoutMs: 10_000,
      what: "the page to be drawn right to left",
    });
    expect(await page.getAttribute("html", "lang")).toBe("ar");
    expect(await page.locator('nav a[href="/admin/orders"]').textContent()).toBe("الطلبات");
    expect(await page.locator("main").evaluate((main) => getComputedStyle(main).direction)).toBe("rtl");
    // The navigation starts on the right.
    const first = await page.locator('nav a[href="/admin"]').boundingBox();
    const second = await page.locator('nav a[href="/admin/orders"]').boundingBox();
    expect(first?.x ?? 0, "x of the first item (drawn right of the second)").toBeGreaterThan(
      second?.x ?? Number.POSITIVE_INFINITY,
    );
    // Amounts keep their digits in order inside the Arabic text.
    await page.goto(url("/admin/orders"));
    expect(await page.locator("#orders tbody tr .amount").first().textContent()).toMatch(/^[\d,]+ د\.ع$/);
    // An order's lines are named in Arabic, the English name beneath.
    const order = await paidOrder("CASHIER", "TEA", 2);
    await page.goto(url(`/admin/orders/${order.orderId}`));
    const line = page.locator("tr", { has: page.locator("td", { hasText: "TEA" }) });
    expect(await line.locator("td").nth(1).innerText()).toBe("شاي عراقي\nIraqi tea");

    // A refund of more than is left, typed on an Arabic keyboard: the review, then the refusal, all in
    // Arabic — the amounts in dinars, no English, no fils.
    await page.click('button[data-action="refund"]');
    await page.fill("dialog input[name=amount]", "٣٠٠٠");
    await page.fill("dialog input[name=reason]", "إرجاع");
    await page.click('dialog button[data-confirm="edit"]');
    expect(await page.getByTestId("action-review").textContent()).toContain("3,000 د.ع");
    await page.click('dialog button[data-confirm="review"]');
    const refusal = page.locator("dialog .notice-bad");
    await refusal.waitFor();
    const words = (await refusal.textContent()) ?? "";
    expect(words).not.toMatch(/[A-Za-z]/);
    expect(words).toContain("د.ع");
    await page.click("dialog button[data-change]");
    await page.click("dialog button[data-dismiss]");

    // A flag raised on the order is resolved from its page with a note, in Arabic.
    await flagOrder(db.prisma, order.orderId, { kind: "SUCCESS_ON_FINAL", status: "CANCELLED" });
    await page.reload();
    const attention = (await page.locator("#attention").textContent()) ?? "";
    expect(attention).toContain("تقول المحفظة إن الدفع نجح، لكن حالة الطلب «ملغى»");
    await page.click('button[data-dialog="resolve-flag"]');
    await page.fill("dialog[open] textarea[name=note]", "تحققت مع دعم المحفظة");
    await page.click("dialog[open] button[data-confirm]");
    await page.locator("#attention").waitFor({ state: "detached" });
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.orderId } })).needsAttention).toBe(
      false,
    );
    // A refund the wallet contradicts, on the dashboard's list of refunds that need a person: why, in
    // Arabic, with both statuses in words (the columns as apply-refund-status.ts writes them).
    const refunded = await db.prisma.refund.findFirstOrThrow({ where: { status: "SUCCESS" } });
    await db.prisma.refund.update({
      where: { id: refunded.id },
      data: flagColumns({
        kind: "REFUND_CONTRADICTION",
        refundRequestId: refunded.refundRequestId,
        wallet: "FAIL",
        ours: "SUCCESS",
      }),
    });
    await page.goto(url("/admin"));
    expect(await page.locator("#attention").textContent()).toContain(
      "تقول المحفظة إن الاسترداد «مرفوض»، لكن سجلاتنا تقول «تم الاسترداد»",
    );
    await db.prisma.refund.update({ where: { id: refunded.id }, data: { needsAttention: false } });

    await page.click("button[lang=en]");
    await waitUntil(async () => (await page.getAttribute("html", "dir")) === "ltr", {
      timeoutMs: 10_000,
      what: "the page to be drawn left to right again",
    });
    await page.close();
  });
});
