// The console walked through a shop's day the way operators in Baghdad use it — English on a desktop,
// Arabic on a 390 px phone — against the production build, its database and the wallet sandbox, with
// axe-core on every page and dialog it opens. One test per finding of issue 29 it answers:
// (4) every action ends with its result in view, with the amount that moved; (5) four eyes said up
// front; (7) Arabic without internals, plural forms and bidi isolation; (8) the phone layout; (9)
// controls and sessions as permissions say, and no hydration error.
// Needs a production build (`npm run build`, which .ci/run does before the browser tests).
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "@/lib/payments/catalog/seed-catalog";
import { distinctAddress } from "@/test/support/addresses";
import { launchBrowser } from "@/test/support/browser";
import { signInOverHttp } from "@/test/support/console-sign-in";
import { ALL_VIEWS, consoleIn, VIEWS, type View, visibleText } from "@/test/support/console-views";
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
let finance: TestOperator;
let admin: TestOperator;

const CUSTOMER = "عَلِيّ حَسَن";

beforeAll(async () => {
  // Refunds are processing for six seconds, then the wallet notifies that they are done: long enough
  // that the dialog's first answer is "processing" even on a busy machine, short enough to follow.
  [db, sandbox] = await Promise.all([
    createTestDatabase(),
    startTestSandbox({ settings: { refundDelaySeconds: 6 } }),
  ]);
  await seedDemoCatalog(db.prisma);
  app = await startNextApp({ databaseUrl: db.url, sandbox });
  // Named as operators are: a Latin name would pass for an internal code in the Arabic checks.
  finance = await createTestOperator(db.prisma, "FINANCE", app.env.NEXTAUTH_SECRET, { name: "نور حسن" });
  admin = await createTestOperator(db.prisma, "ADMIN", app.env.NEXTAUTH_SECRET, { name: "سارة علي" });
  customer = await newMiniProgramUser(app.url, sandbox, { fullName: CUSTOMER, loginId: "+9647701234567" });
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
const open = (view: View, operator?: TestOperator) => consoleIn(browser, url(""), view, operator?.token);
const operatorOf = (role: string, name: string) =>
  createTestOperator(db.prisma, role, app?.env.NEXTAUTH_SECRET, { name });

async function paidOrder(flow: "CASHIER" | "ESCROW", sku: string, quantity: number) {
  const order = await customer.order(flow, [{ sku, quantity }]);
  await customer.pay(order);
  return order;
}

/** A refund sent through the console's API as a script would, in fils. */
async function refundByApi(operator: TestOperator, orderId: string, amount: string, reason: string) {
  const response = await fetch(url(`/api/admin/orders/${orderId}/refunds`), {
    method: "POST",
    headers: {
      ...operator.script(),
      "content-type": "application/json",
      "idempotency-key": crypto.randomUUID(),
    },
    body: JSON.stringify({ amount, reason }),
  });
  if (response.status >= 300) throw new Error(`refund: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as { state: string; request?: { id: string }; refund?: { id: string } };
}

const reviewOf = async (page: Page) => (await page.getByTestId("action-review").textContent()) ?? "";

/** Opens an order's refund dialog and reads the amount and reason, up to the review. */
async function reviewRefund(page: Page, amount: string, reason: string) {
  await page.click('button[data-action="refund"]');
  await page.fill("dialog input[name=amount]", amount);
  await page.fill("dialog input[name=reason]", reason);
  await page.click('dialog button[data-confirm="edit"]');
}

const WORDS = {
  en: {
    processing: "The wallet is processing it. This page updates when it finishes.",
    refunded: (amount: string) => `Done: the wallet refunded ${amount} IQD to ${CUSTOMER}.`,
    cancelled: (amount: string) =>
      `Done: the order is cancelled and the wallet gave ${amount} IQD back to ${CUSTOMER}.`,
    iqd: (amount: string) => `${amount} IQD`,
    waitsPerRefund:
      "This will wait for approval: 40,000 IQD is above your limit of 25,000 IQD per refund. Another operator approves it (Approvals) before anything is sent to the wallet.",
    waitsPerDay:
      "This will wait for approval: it would take you past your daily limit of 60,000 IQD (30,000 IQD left today). Another operator approves it (Approvals) before anything is sent to the wallet.",
    askApproval: "Ask for approval of 40,000 IQD",
    refundButton: "Refund 5,000 IQD",
    theCustomer: "the customer",
    askedAt: "Asked at",
    reason: "Reason",
    holders: ["1 operator", "2 operators"],
    scanApps: "Google Authenticator",
    thirdPerson: (name: string) => `Where ${name} is signed in`,
    endedByAdmin: "An administrator signed you out of this browser. Sign in again to go on.",
  },
  ar: {
    processing: "المحفظة تعالج العملية. تتحدّث هذه الصفحة عند انتهائها.",
    refunded: (amount: string) => `تم: أعادت المحفظة ${amount} د.ع إلى ${CUSTOMER}.`,
    cancelled: (amount: string) => `تم: أُلغي الطلب وأعادت المحفظة ${amount} د.ع إلى ${CUSTOMER}.`,
    iqd: (amount: string) => `${amount} د.ع`,
    waitsPerRefund:
      "سينتظر هذا الموافقة: 40,000 د.ع أكبر من حدّك البالغ 25,000 د.ع للاسترداد الواحد. يوافق عليه موظف آخر (الموافقات) قبل أن يُرسل أي شيء إلى المحفظة.",
    waitsPerDay:
      "سينتظر هذا الموافقة: به تتجاوز حدّك اليومي البالغ 60,000 د.ع (المتبقي اليوم 30,000 د.ع). يوافق عليه موظف آخر (الموافقات) قبل أن يُرسل أي شيء إلى المحفظة.",
    askApproval: "طلب الموافقة على 40,000 د.ع",
    refundButton: "استرداد 5,000 د.ع",
    theCustomer: "العميل",
    askedAt: "وقت الطلب",
    reason: "السبب",
    holders: ["موظف واحد", "موظفان"],
    scanApps: "Google Authenticator",
    thirdPerson: (name: string) => `أين سجّل ${name} الدخول`,
    endedByAdmin: "أنهى أحد المسؤولين جلستك على هذا المتصفح. سجّل الدخول من جديد لتتابع.",
  },
} as const;

describe("the console says what happened (issue 29)", () => {
  it("4. every action ends with its result in view: a refund is followed to done in its dialog, an approval shows the wallet's answer, a cancel names the amount it gave back behind a red button", async () => {
    const problems: string[] = [];
    for (const view of VIEWS) {
      const words = WORDS[view.locale];
      const screen = await open(view, finance);
      const { page } = screen;

      // The refund's first answer is "processing"; the dialog itself then says it is done.
      const order = await paidOrder("CASHIER", "DATES", 2); // 24,000 IQD
      await screen.open(`/admin/orders/${order.orderId}`);
      await reviewRefund(page, "10000", "One box arrived damaged");
      await page.click('dialog button[data-confirm="review"]');
      const result = page.getByTestId("action-result");
      expect(await result.textContent(), view.name).toBe(words.processing);
      await result.filter({ hasText: words.refunded("10,000") }).waitFor({ timeout: 20_000 });
      problems.push(...(await screen.problems()));
      await page.click("dialog .dialog-foot .btn-primary");
      expect(await page.locator("#last-action-result").textContent(), view.name).toBe(
        words.refunded("10,000"),
      );

      // Cancelling an escrow order: a red button; the result and the review name the 15,000 given back.
      const escrow = await paidOrder("ESCROW", "MUG", 1);
      await screen.open(`/admin/orders/${escrow.orderId}`);
      await page.click('button[data-action="cancel"]');
      const confirm = page.locator('dialog button[data-confirm="review"]');
      expect(await confirm.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
        "rgb(163, 35, 27)",
      );
      await confirm.click();
      expect(await result.textContent(), view.name).toBe(words.cancelled("15,000"));
      await page.locator('.page-head [data-status="CANCELLED"]').waitFor();
      const review = (await page.getByTestId("action-review").textContent()) ?? "";
      expect(review, "the review after the page behind it refreshed").toContain(words.iqd("15,000"));
      expect(review, "no amount of 0").not.toMatch(/(^|[^\d,])0 (IQD|د\.ع)/);
      problems.push(...(await screen.problems()));
      await page.close();

      // Approve and refund: the approver sees the wallet's answer, and it stays on the page.
      const support = await operatorOf("SUPPORT", "أحمد كريم");
      const big = await paidOrder("CASHIER", "DATES", 4); // 48,000 IQD
      const asked = await refundByApi(support, big.orderId, "40000000", "The whole order came back");
      const requestId = asked.request?.id as string;
      const approving = await open(view, finance);
      await approving.open("/admin/approvals");
      await approving.page.click(`button[data-dialog="approve-${requestId}"]`);
      await approving.page.click("dialog[open] button[data-confirm]");
      const answer = approving.page.getByTestId("approval-result");
      await answer.filter({ hasText: words.refunded("40,000") }).waitFor({ timeout: 20_000 });
      problems.push(...(await approving.problems()));
      await approving.page.click("dialog[open] button[data-close]");
      const decided = approving.page.locator(`#decided tr[data-decided="${requestId}"]`);
      await decided.waitFor();
      expect(await decided.getAttribute("data-sent-status")).toBe("SUCCESS");
      problems.push(...(await approving.problems()));
      await approving.page.close();
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it("5. four eyes said up front: the review says a refund will wait for approval (per refund, per day) before it is sent; approvals name the customer to who may see names; waiting requests are in Needs attention", async () => {
    const problems: string[] = [];
    const counter = `COUNTER_${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    await db.prisma.role.create({
      data: {
        key: counter,
        name: "Counter",
        permissions: ["orders.read", "orders.refund", "refunds.approve"],
        refundLimitFils: 50_000_000n,
        dailyRefundLimitFils: 60_000_000n,
      },
    });
    for (const view of VIEWS) {
      const words = WORDS[view.locale];
      const support = await operatorOf("SUPPORT", "أحمد كريم");
      const order = await paidOrder("CASHIER", "DATES", 4); // 48,000 IQD
      const asking = await open(view, support);
      await asking.open(`/admin/orders/${order.orderId}`);
      // Under the limit: nothing about approval, the button refunds.
      await reviewRefund(asking.page, "5000", "One box");
      expect(await reviewOf(asking.page)).not.toContain(words.waitsPerRefund.slice(0, 20));
      expect(await asking.page.locator('dialog button[data-confirm="review"]').textContent()).toBe(
        words.refundButton,
      );
      await asking.page.click("dialog button[data-change]");
      await asking.page.fill("dialog input[name=amount]", "40000");
      await asking.page.fill("dialog input[name=reason]", "The whole box came back");
      await asking.page.click('dialog button[data-confirm="edit"]');
      expect(await reviewOf(asking.page), view.name).toContain(words.waitsPerRefund);
      expect(await asking.page.locator('dialog button[data-confirm="review"]').textContent()).toBe(
        words.askApproval,
      );
      expect(await db.prisma.refundRequest.count({ where: { orderId: order.orderId } })).toBe(0);
      problems.push(...(await asking.problems()));
      await asking.page.click('dialog button[data-confirm="review"]');
      await asking.page.getByTestId("action-result").waitFor();
      const request = await db.prisma.refundRequest.findFirstOrThrow({ where: { orderId: order.orderId } });
      await asking.page.close();

      // The daily limit, the other path: 30,000 refunded today of 60,000, then 40,000 more.
      const cashier = await operatorOf(counter, "زينب كاظم");
      const second = await paidOrder("CASHIER", "DATES", 6); // 72,000 IQD
      await refundByApi(cashier, second.orderId, "30000000", "First half");
      const daily = await open(view, cashier);
      await daily.open(`/admin/orders/${second.orderId}`);
      await reviewRefund(daily.page, "40000", "Second half");
      expect(await reviewOf(daily.page), view.name).toContain(words.waitsPerDay);
      await daily.page.close();

      // Waiting requests are in "Needs attention", for those who approve and those who asked.
      for (const who of [finance, support]) {
        const dashboard = await open(view, who);
        await dashboard.open("/admin");
        const attention = await visibleText(dashboard.page, "#attention");
        expect(attention, `${view.name} dashboard`).toContain(order.orderId.slice(-8));
        expect(await dashboard.page.locator("#attention .notice-ok").count()).toBe(0);
        problems.push(...(await dashboard.problems()));
        await dashboard.page.close();
      }

      // Approvals name the customer to those who may see names, in the list and in the dialog.
      const approving = await open(view, finance);
      await approving.open("/admin/approvals");
      const row = approving.page.locator(`tr[data-refund-request="${request.id}"]`);
      expect(await row.textContent()).toContain(CUSTOMER);
      await row.locator(`button[data-dialog="approve-${request.id}"]`).click();
      expect(await approving.page.locator("dialog[open]").textContent()).toContain(CUSTOMER);
      problems.push(...(await approving.problems()));
      await approving.page.close();
      // …and not to a role that approves without seeing customers' personal data.
      const blind = await open(view, cashier);
      await blind.open("/admin/approvals");
      const blindRow = blind.page.locator(`tr[data-refund-request="${request.id}"]`);
      expect(await blindRow.textContent()).not.toContain(CUSTOMER);
      await blindRow.locator(`button[data-dialog="approve-${request.id}"]`).click();
      const dialog = (await blind.page.locator("dialog[open]").textContent()) ?? "";
      expect(dialog).not.toContain(CUSTOMER);
      expect(dialog).toContain(words.theCustomer);
      await blind.page.close();
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it("7. Arabic without internals: states, event types, actions and actors in words on the timeline, events and audit pages (codes under Technical details); plural forms; Latin isolated inside Arabic", async () => {
    const problems: string[] = [];
    const order = await paidOrder("CASHIER", "KLEICHA", 2);
    await refundByApi(finance, order.orderId, "3000000", "Crumbled in the box");
    await waitUntil(
      async () =>
        (await db.prisma.refund.findFirst({ where: { orderId: order.orderId } }))?.status === "SUCCESS" ||
        undefined,
      { timeoutMs: 20_000, what: "the refund to complete" },
    );
    // Two roles, held by one operator and by two: "1 operator", "2 operators" (never "operator(s)").
    const [one, two] = [`ONE_${crypto.randomUUID().slice(0, 6)}`, `TWO_${crypto.randomUUID().slice(0, 6)}`];
    for (const key of [one, two]) {
      await db.prisma.role.create({ data: { key, name: key.slice(0, 3), permissions: ["orders.read"] } });
    }
    for (const [role, name] of [
      [one, "هدى"],
      [two, "علي"],
      [two, "مريم"],
    ] as const) {
      await operatorOf(role, name);
    }
    for (const view of VIEWS) {
      const words = WORDS[view.locale];
      const screen = await open(view, admin);
      const { page } = screen;
      await screen.open(`/admin/orders/${order.orderId}`);
      for (const section of ["#timeline", "#events"]) {
        const shown = await visibleText(page, section, ".result-code .mono");
        expect(internals(shown), `${view.name} ${section}`).toEqual([]);
      }
      // Who did it: the customer by name, the operator by name, the wallet in words.
      const actors = await page.locator("#timeline [data-actor]").allTextContents();
      expect(actors.join(" | "), view.name).toContain(CUSTOMER);
      expect(actors.join(" | ")).toContain("نور حسن");
      // The codes are still there for whoever debugs, folded away.
      expect(
        await page.locator('#timeline li[data-type="CREATED"] details[data-technical]').textContent(),
      ).toContain("CREATED");
      problems.push(...(await screen.problems()));

      await screen.open("/admin/audit");
      expect(internals(await visibleText(page, "main", ".result-code .mono")), `${view.name} audit`).toEqual(
        [],
      );
      problems.push(...(await screen.problems()));

      await screen.open("/admin/events");
      await page.click('button[data-dialog="new-webhook"]');
      expect(internals(await visibleText(page, "dialog[open]")), `${view.name} events`).toEqual([]);
      problems.push(...(await screen.problems()));
      await page.keyboard.press("Escape");

      await screen.open("/admin/roles");
      expect(await page.locator(`[data-role="${one}"] .badge`).textContent()).toBe(words.holders[0]);
      expect(await page.locator(`[data-role="${two}"] .badge`).textContent()).toBe(words.holders[1]);
      expect(await visibleText(page, "main")).not.toMatch(/\(s\)/);
      await page.close();

      // Two-step sign-in: the apps' Latin names are isolated, so "2FAS…" keeps its ellipsis.
      const fresh = await operatorOf("VIEWER", "هدى");
      const setup = await open(view, fresh);
      await setup.open("/admin/sessions");
      await setup.page.click('button[data-action="start-2fa"]');
      const scan = setup.page.locator("#second-factor form p").first();
      expect(await scan.textContent()).toContain(words.scanApps);
      const [letter = 0, ellipsis = 0] = await charactersAt(scan, ["S…", 0], ["S…", 1]);
      expect(ellipsis, `${view.name}: "…" drawn right after "2FAS"`).toBeGreaterThan(letter);
      problems.push(...(await setup.problems()));
      await setup.page.close();
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it("8. phone: the sign-in page fits 390 px; card labels keep their place beside Latin and Arabic values; approval cards keep Asked at; chart labels are readable", async () => {
    const problems: string[] = [];
    const order = await paidOrder("CASHIER", "DATES", 2);
    await refundByApi(finance, order.orderId, "2000000", "One box arrived damaged");
    await refundByApi(finance, order.orderId, "1000000", "البضاعة تالفة");
    const support = await operatorOf("SUPPORT", "أحمد كريم");
    const big = await paidOrder("CASHIER", "DATES", 4);
    const asked = await refundByApi(support, big.orderId, "30000000", "Wrong size");
    for (const view of ALL_VIEWS) {
      const words = WORDS[view.locale];
      const signIn = await open(view);
      await signIn.open("/admin/sign-in");
      const card = await signIn.page.locator(".signin-card").boundingBox();
      expect((card?.x ?? 0) + (card?.width ?? 0), `${view.name} sign-in card`).toBeLessThanOrEqual(
        view.width,
      );
      problems.push(...(await signIn.problems()));
      await signIn.page.close();
      if (view.width > 400) continue;

      // The refunds card: a Latin reason and an Arabic one, each on the side away from its label.
      const screen = await open(view, finance);
      await screen.open(`/admin/orders/${order.orderId}`);
      await screen.page.locator('#refunds [data-status="SUCCESS"]').first().waitFor({ timeout: 20_000 });
      const reasons = screen.page.locator(`#refunds td[data-label="${words.reason}"]`);
      expect(await reasons.count()).toBe(2);
      for (const cell of await reasons.all()) {
        expect(await valueSide(cell), `${view.name}: ${await cell.textContent()}`).toBe(
          view.locale === "ar" ? "left" : "right",
        );
      }
      problems.push(...(await screen.problems()));

      // The approval card keeps "Asked at".
      await screen.open("/admin/approvals");
      const askedAt = screen.page.locator(
        `tr[data-refund-request="${asked.request?.id}"] td[data-label="${words.askedAt}"]`,
      );
      expect(await askedAt.isVisible(), `${view.name}: Asked at`).toBe(true);
      problems.push(...(await screen.problems()));

      // The chart's labels at the page's own size, not shrunk with the drawing.
      await screen.open("/admin");
      const heights = await screen.page.locator("section:has(svg.chart)").evaluate(labelHeights);
      expect(heights.length, view.name).toBeGreaterThanOrEqual(3);
      expect(Math.min(...heights), `${view.name}: chart label heights ${heights}`).toBeGreaterThanOrEqual(11);
      await screen.page.close();
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it("9. permissions and sessions: no Download CSV without export; another operator's sessions named apart and in the third person, ended all at once; the ended browser is told why; no hydration error on Events", async () => {
    const problems: string[] = [];
    for (const view of VIEWS) {
      const words = WORDS[view.locale];
      // Download CSV only for a role that may export.
      for (const [role, shown] of [
        ["SUPPORT", 0],
        ["VIEWER", 1],
        ["FINANCE", 1],
      ] as const) {
        const screen = await open(view, await operatorOf(role, "هدى"));
        await screen.open("/admin/orders");
        expect(
          await screen.page.locator('a[href^="/api/admin/orders/export"]').count(),
          `${view.name} ${role}`,
        ).toBe(shown);
        problems.push(...(await screen.problems()));
        await screen.page.close();
      }

      // Another operator, signed in on a phone and on a laptop.
      const target = await operatorOf("SUPPORT", "أحمد كريم");
      const [phone, laptop] = await Promise.all(
        [ANDROID, WINDOWS].map((agent) =>
          signInOverHttp(
            url(""),
            { email: target.email, password: TEST_OPERATOR_PASSWORD },
            { headers: { "user-agent": agent, "x-forwarded-for": distinctAddress() } },
          ),
        ),
      );
      const managing = await open(view, admin);
      await managing.open(`/admin/sessions?operator=${target.id}`);
      expect(await managing.page.locator("main h2").first().textContent()).toBe(
        words.thirdPerson("أحمد كريم"),
      );
      if (view.locale === "en") expect(await visibleText(managing.page, "main")).not.toMatch(/\byou(r)?\b/i);
      const rows = await managing.page.locator("tr[data-session]").allInnerTexts();
      expect(rows.length).toBe(3);
      expect(new Set(rows).size, "each session reads apart").toBe(3);
      expect(rows.join("\n")).toContain("Android 14 (SM-A546E)");
      expect(rows.join("\n")).toContain("Edge 156");
      problems.push(...(await managing.problems()));
      await managing.page.click('button[data-dialog="end-all-sessions"]');
      problems.push(...(await managing.problems()));
      await managing.page.click("dialog[open] button[data-confirm]");
      await managing.page.locator("tr[data-session]").first().waitFor({ state: "detached" });
      await managing.page.close();

      // The phone's browser, opening the console again, is told an administrator signed it out.
      const ended = await open(view);
      await browser.addCookies([
        { name: "next-auth.session-token", value: cookieValue(phone?.sessionCookie), url: url("") },
      ]);
      await ended.open("/admin/orders");
      expect(new URL(ended.page.url()).pathname).toBe("/admin/sign-in");
      expect(await ended.page.locator("#session-ended").textContent()).toBe(words.endedByAdmin);
      problems.push(...(await ended.problems()));
      await ended.page.close();
      const fromLaptop = await fetch(url("/api/admin/orders?limit=1"), {
        headers: { cookie: laptop?.sessionCookie ?? "" },
      });
      expect(fromLaptop.status).toBe(401);

      // The Events page hydrates without React's #418 (collected as a page error by problems()).
      const events = await open(view, admin);
      await events.open("/admin/events");
      await events.page.click('button[data-dialog="new-webhook"]');
      problems.push(...(await events.problems()));
      await events.page.close();
    }
    expect(problems).toEqual([]);
  }, 240_000);
});

const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36 Edg/156.0";

function cookieValue(cookie: string | undefined): string {
  return cookie?.split("=").slice(1).join("=") ?? "";
}

/**
 * What a reader would take for an internal code: SNAKE_CASE states and event types, bare status
 * words in capitals, dotted event names, `customer:<id>`-style actors, e-mail addresses.
 */
function internals(text: string): string[] {
  return [
    ...text.matchAll(
      /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b(?:CREATED|PAID|PAYMENT|REFUND|ORDER|APPLIED|SUCCESS)\b|\b[a-z]+\.[a-z-]+\b|\b(?:customer|operator|worker|wallet):\S*|\S+@\S+\.\w+/g,
    ),
  ].map((match) => match[0]);
}

/** The x positions of characters in an element's text, each named by a snippet and an index in it. */
function charactersAt(
  element: ReturnType<Page["locator"]>,
  ...wanted: [snippet: string, index: number][]
): Promise<number[]> {
  return element.evaluate((root, wanted) => {
    const text = root.textContent ?? "";
    return wanted.map(([snippet, index]) => {
      let offset = text.indexOf(snippet) + index;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = (node as Text).data.length;
        if (offset < length) {
          const range = document.createRange();
          range.setStart(node, offset);
          range.setEnd(node, offset + 1);
          return range.getBoundingClientRect().x;
        }
        offset -= length;
      }
      return Number.NaN;
    });
  }, wanted);
}

/** Where a card cell's value sits: against its left or right edge (its label takes the other side). */
function valueSide(cell: ReturnType<Page["locator"]>): Promise<"left" | "right" | "middle"> {
  return cell.evaluate((td) => {
    const range = document.createRange();
    range.selectNodeContents(td);
    const value = range.getBoundingClientRect();
    const box = td.getBoundingClientRect();
    if (Math.abs(value.left - box.left) < 2) return "left";
    if (Math.abs(box.right - value.right) < 2) return "right";
    return "middle";
  });
}

/** The rendered heights of a chart card's text (what the drawing says beside its bars), in px. */
function labelHeights(section: Element): number[] {
  const heights: number[] = [];
  const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("title, h2") || !(node as Text).data.trim()) continue;
    if (!parent.closest("svg, figure")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    heights.push(range.getBoundingClientRect().height);
  }
  return heights;
}
