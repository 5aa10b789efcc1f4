import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { launchBrowser } from "@/test/support/browser";
import {
  type NotifyReceiver,
  startNotifyReceiver,
  verifyReceivedNotification,
} from "@/test/support/notify-receiver";
import { startTestSandbox, type TestSandbox, uniqueId } from "@/test/support/sandbox";

let sandbox: TestSandbox;
let receiver: NotifyReceiver;
let browser: BrowserContext;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  receiver = await startNotifyReceiver();
  chromium = await launchBrowser();
  browser = chromium.browser;
});

afterAll(async () => {
  await chromium?.close();
  await receiver?.close();
  await sandbox?.close();
});

describe("wallet sandbox in a browser", () => {
  it("authorize → pay at the cashier → the notify URL receives a signed notification", async () => {
    const page = await browser.newPage();
    const { userId } = await sandbox.createUser({ userId: uniqueId("e2e_user") });

    // my.getAuthCode: the consent page lists the scopes; the user allows.
    await page.goto(
      `${sandbox.url}/authorize?clientId=${sandbox.merchant.clientId}&scopes=USER_ID,USER_NAME&userId=${userId}`,
    );
    expect(await page.locator("#scopes").textContent()).toContain("USER_NAME");
    await page.click("#approve");
    const authCode = (await page.locator("#auth-code").textContent())?.trim() ?? "";
    expect(authCode).toMatch(/^ac_/);

    // The merchant backend: applyToken, then a cashier payment.
    const wallet = sandbox.client();
    const tokens = await wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode });
    expect(tokens.status).toBe("S");
    const paymentRequestId = uniqueId("e2e_pay");
    const pay = await wallet.pay({
      productCode: PRODUCT_CODES.CASHIER,
      paymentRequestId,
      paymentAmount: { currency: "IQD", value: "125000" },
      order: {
        orderDescription: "Espresso machine",
        buyer: { referenceBuyerId: tokens.data?.customerId as string },
      },
      paymentRedirectUrl: `${receiver.origin}/return`,
      paymentNotifyUrl: receiver.url("/api/wallet/notify/payment"),
    });
    expect(pay.status).toBe("A");
    const redirectionUrl = pay.status === "A" ? (pay.data.redirectActionForm?.redirectionUrl ?? "") : "";

    // my.tradePay: the cashier shows the order; the user pays.
    await page.goto(redirectionUrl);
    expect((await page.locator("#amount").textContent())?.trim()).toBe("125 IQD");
    await page.click("#pay");
    expect((await page.locator("#result").textContent())?.trim()).toBe("Payment successful");
    expect((await page.locator("#status").textContent())?.trim()).toBe("SUCCESS");
    expect(await page.locator("#back").getAttribute("href")).toBe(`${receiver.origin}/return`);

    // The wallet notifies the merchant, signed with the wallet key over the raw body.
    const [notification] = await receiver.waitFor((n) => n.json.paymentRequestId === paymentRequestId);
    if (!notification) throw new Error("no notification");
    expect(notification.path).toBe("/api/wallet/notify/payment");
    expect(verifyReceivedNotification(notification, sandbox.walletPublicKeyPem)).toEqual({ ok: true });
    expect(notification.json).toMatchObject({ paymentId: pay.data?.paymentId, paymentStatus: "SUCCESS" });

    // The status page lists the payment and the delivered notification (tick: the delivery is recorded).
    await sandbox.tick();
    await page.goto(`${sandbox.url}/status?clientId=${sandbox.merchant.clientId}`);
    expect(await page.locator("#payments").textContent()).toContain(pay.data?.paymentId as string);
    expect(await page.locator("#notifications").textContent()).toContain("acknowledged");
  });

  it("redirects back with the authCode, and signs an agreement on the agreement page", async () => {
    const page = await browser.newPage();
    await page.goto(
      `${sandbox.url}/authorize?clientId=${sandbox.merchant.clientId}&scopes=USER_ID&redirectUrl=${encodeURIComponent(`${receiver.origin}/after-auth`)}&state=s1`,
    );
    await page.click("#approve");
    await page.waitForURL(/\/after-auth\?/);
    const back = new URL(page.url());
    expect(back.searchParams.get("authCode")).toMatch(/^ac_/);
    expect(back.searchParams.get("state")).toBe("s1");

    const wallet = sandbox.client();
    const prepared = await wallet.prepare({
      scopes: "AGREEMENT_PAY",
      extendInfo: JSON.stringify({ contractDesc: "Weekly coffee" }),
    });
    expect(prepared.status).toBe("S");
    await page.goto(prepared.data?.authorizationUrl as string);
    expect((await page.locator("#contract").textContent())?.trim()).toBe("Weekly coffee");
    await page.fill("#userId", uniqueId("e2e_agreement"));
    await page.click("#approve");
    const authCode = (await page.locator("#auth-code").textContent())?.trim() ?? "";
    const tokens = await wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode });
    expect(tokens.status).toBe("S");
    const charge = await wallet.pay({
      productCode: PRODUCT_CODES.AGREEMENT,
      paymentRequestId: uniqueId("e2e_agr"),
      paymentAuthCode: tokens.data?.accessToken as string,
      paymentAmount: { currency: "IQD", value: "3000" },
      order: { orderDescription: "Weekly coffee" },
    });
    expect(charge).toMatchObject({ status: "S" });
  });
});
