// The sandbox's wallet container, in Chromium, with a mini program written apart from ours (a plain
// page that loads the wallet's bridge from its CDN address): every bridge call against the sandbox's
// real pages and state — consent for non-silent scopes, authErrorScopes for refusals and faults,
// single-use expiring authCodes, each tradePay result code, the agreement page under its names,
// the small UI calls, the persona and fault controls. The app is not needed: payments are made with
// the sandbox's signed client, as a merchant backend would.
import path from "node:path";
import type { BrowserContext, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { formatWalletTime } from "@/lib/wallet/signature";
import { axeFindings } from "@/test/support/axe";
import { launchBrowser } from "@/test/support/browser";
import {
  callAlipayJSBridge,
  callMy,
  callMyCall,
  containerAddress,
  openInContainer,
  sheet,
} from "@/test/support/container";
import { startTestSandbox, type TestSandbox, uniqueId } from "@/test/support/sandbox";
import { type StaticServer, serveStatic } from "@/test/support/static-server";

let sandbox: TestSandbox;
let plain: StaticServer;
let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
let browser: BrowserContext;

beforeAll(async () => {
  [sandbox, plain, chromium] = await Promise.all([
    startTestSandbox(),
    serveStatic(path.resolve("test/support/fixtures/plain-mini-program")),
    launchBrowser(),
  ]);
  browser = chromium.browser;
});

afterAll(async () => {
  await chromium?.close();
  await plain?.close();
  await sandbox?.close();
});

const open = (options: { lang?: "en" | "ar"; persona?: string } = {}) =>
  openInContainer(browser, sandbox.url, `${plain.url}/`, options);

async function cashierPayment(expiresInMs = 15 * 60_000): Promise<{ paymentId: string; url: string }> {
  const customer = await sandbox.authorizeCustomer();
  const answer = await sandbox.client().pay({
    productCode: PRODUCT_CODES.CASHIER,
    paymentRequestId: uniqueId("payreq"),
    paymentAmount: { currency: "IQD", value: "2500000" },
    paymentExpiryTime: formatWalletTime(new Date(Date.now() + expiresInMs)),
    order: { orderDescription: "Coffee", buyer: { referenceBuyerId: customer.customerId } },
  });
  if (answer.status !== "A") throw new Error(`pay answered ${answer.status}`);
  return {
    paymentId: answer.data.paymentId as string,
    url: answer.data.redirectActionForm?.redirectionUrl as string,
  };
}

const paymentStatus = async (paymentId: string) =>
  ((await sandbox.control("GET", `/sandbox/payments/${paymentId}`)) as { status: string }).status;

async function chooseFault(page: Page, kind: "auth" | "pay" | "sign", code: string) {
  await page.selectOption(`#fault-${kind}`, code);
}

describe("a page that loads the wallet's bridge by its script tag", () => {
  it("runs unchanged: served through the container, its CDN bridge is the container's", async () => {
    const original = await (await fetch(`${plain.url}/`)).text();
    expect(original).toContain('src="https://cdn.marmot-cloud.com/npm/hylid-bridge/2.10.0/index.js"');
    const { page, app } = await open();
    expect(new URL(app.url()).hostname).toBe(`app-${plain.port}.localhost`);
    expect(await app.evaluate(() => document.querySelector("script[src]")?.getAttribute("src"))).toBe(
      "/__wallet-container/bridge.js",
    );
    expect(await app.evaluate(() => typeof (window as { AlipayJSBridge?: unknown }).AlipayJSBridge)).toBe(
      "object",
    );
    await page.close();
  });

  it("a page served directly (proxy=off) that loads the bridge from the sandbox gets the same bridge", async () => {
    const page = await browser.newPage();
    await page.goto(`${containerAddress(sandbox.url, `${plain.url}/`)}&proxy=off`);
    const frame = await (await page.waitForSelector("iframe#mini-program")).contentFrame();
    await frame?.waitForLoadState();
    // The page's CDN script cannot load here (no such host offline), so it adds the sandbox's.
    await frame?.addScriptTag({ url: `${sandbox.url}/container/bridge.js` });
    const answer = await callMy(frame as Frame, "getAuthCode", { scopes: ["USER_ID"] });
    expect(answer.ok).toBe(true);
    await page.close();
  });
});

describe("my.getAuthCode", () => {
  it("grants silent scopes without a page; the authCode is single-use and expires", async () => {
    const { page, app } = await open();
    const first = await callMy(app, "getAuthCode", { scopes: ["USER_ID"] });
    expect(first).toMatchObject({ ok: true, result: { authSuccessScopes: ["USER_ID"] } });
    expect(await page.locator("#sheet").isHidden()).toBe(true);
    const authCode = String(first.result.authCode);
    const wallet = sandbox.client();
    expect((await wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode })).status).toBe("S");
    expect(await wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode })).toMatchObject({
      status: "F",
      resultCode: "USED_CODE",
    });
    // A string of scopes is read too, and silent scopes together need no page either.
    const second = await callMy(app, "getAuthCode", { scopes: "auth_base USER_LOGIN_ID HASH_LOGIN_ID" });
    expect(second.ok).toBe(true);
    await sandbox.advanceClock(301);
    expect(
      await wallet.applyToken({ grantType: "AUTHORIZATION_CODE", authCode: String(second.result.authCode) }),
    ).toMatchObject({ status: "F", resultCode: "EXPIRED_CODE" });
    await sandbox.control("POST", "/sandbox/clock", { reset: true });
    await page.close();
  });

  it("asks for consent for other scopes: allowed, refused (1001) and closed (1001)", async () => {
    const { page, app } = await open();
    const allowed = callMy(app, "getAuthCode", { scopes: ["USER_ID", "USER_NAME"] });
    await sheet(page).locator("#approve").click();
    expect(await allowed).toMatchObject({
      ok: true,
      result: { authSuccessScopes: ["USER_ID", "USER_NAME"] },
    });
    expect(await page.locator("#sheet").isHidden()).toBe(true);

    const refused = callMy(app, "getAuthCode", { scopes: ["NOTIFICATION_PUSH"] });
    await sheet(page).locator("#deny").click();
    expect(await refused).toMatchObject({
      ok: false,
      result: { error: "1001", authErrorScopes: { NOTIFICATION_PUSH: "1001" } },
    });

    const closed = callMy(app, "getAuthCode", { scopes: ["USER_NAME"] });
    await sheet(page).locator("#approve").waitFor();
    await page.click("#sheet-close");
    expect(await closed).toMatchObject({ ok: false, result: { authErrorScopes: { USER_NAME: "1001" } } });
    await page.close();
  });

  it("refuses AGREEMENT_PAY with 2001 and unknown scopes with 1000, naming only those scopes", async () => {
    const { page, app } = await open();
    expect(await callMy(app, "getAuthCode", { scopes: ["USER_ID", "AGREEMENT_PAY"] })).toMatchObject({
      ok: false,
      result: { error: "2001", authErrorScopes: { AGREEMENT_PAY: "2001" } },
    });
    const unknown = await callMy(app, "getAuthCode", { scopes: ["USER_ID", "NO_SUCH_SCOPE"] });
    expect(unknown).toMatchObject({ ok: false, result: { error: "1000" } });
    expect(unknown.result.authErrorScopes).toEqual({ NO_SUCH_SCOPE: "1000" });
    await page.close();
  });

  it("fails the next call with the fault chosen in the frame (3, 1000, 1002, 1003, 2001), then works again", async () => {
    const { page, app } = await open();
    for (const code of ["3", "1000", "1002", "1003", "2001"]) {
      await chooseFault(page, "auth", code);
      expect(await callMy(app, "getAuthCode", { scopes: ["USER_ID"] })).toMatchObject({
        ok: false,
        result: { error: code, authErrorScopes: { USER_ID: code } },
      });
      expect((await callMy(app, "getAuthCode", { scopes: ["USER_ID"] })).ok).toBe(true);
    }
    await page.close();
  });
});

describe("my.tradePay at the sandbox's cashier", () => {
  it("9000 when the user pays, 6001 when they cancel or close the cashier", async () => {
    const { page, app } = await open();
    const paid = await cashierPayment();
    const payResult = callMy(app, "tradePay", { paymentUrl: paid.url });
    await sheet(page).locator("#pay").click();
    await sheet(page).locator("#back").click();
    expect(await payResult).toEqual({ ok: true, result: { resultCode: "9000", memo: "Payment successful" } });
    expect(await paymentStatus(paid.paymentId)).toBe("SUCCESS");

    const cancelled = await cashierPayment();
    const cancelResult = callMy(app, "tradePay", { paymentUrl: cancelled.url });
    await sheet(page).locator("#cancel").click();
    await sheet(page).locator("#back").click();
    expect(await cancelResult).toMatchObject({ ok: true, result: { resultCode: "6001" } });
    expect(await paymentStatus(cancelled.paymentId)).toBe("CANCELLED");

    const left = await cashierPayment();
    const leftResult = callMy(app, "tradePay", { paymentUrl: left.url });
    await sheet(page).locator("#pay").waitFor();
    await page.click("#sheet-close");
    expect(await leftResult).toMatchObject({ ok: true, result: { resultCode: "6001" } });
    expect(await paymentStatus(left.paymentId)).toBe("PROCESSING");
    await page.close();
  });

  it("8000 and 6004 from the frame's faults although the user paid; 6002 without opening the cashier", async () => {
    const { page, app } = await open();
    for (const code of ["8000", "6004"]) {
      const payment = await cashierPayment();
      await chooseFault(page, "pay", code);
      const answer = callMy(app, "tradePay", { paymentUrl: payment.url });
      await sheet(page).locator("#pay").click();
      await sheet(page).locator("#back").click();
      expect(await answer).toMatchObject({ ok: true, result: { resultCode: code } });
      expect(await paymentStatus(payment.paymentId)).toBe("SUCCESS");
    }
    const payment = await cashierPayment();
    await chooseFault(page, "pay", "6002");
    expect(await callMy(app, "tradePay", { paymentUrl: payment.url })).toMatchObject({
      ok: true,
      result: { resultCode: "6002" },
    });
    expect(await page.locator("#sheet").isHidden()).toBe(true);
    expect(await paymentStatus(payment.paymentId)).toBe("PROCESSING");
    await page.close();
  });

  it("4000 for a payment that closed; fail (2) for an address that is not this wallet's cashier", async () => {
    const { page, app } = await open();
    const payment = await cashierPayment(60_000);
    await sandbox.advanceClock(120);
    const answer = callMy(app, "tradePay", { paymentUrl: payment.url });
    await sheet(page).locator("#status").waitFor();
    await page.click("#sheet-close");
    expect(await answer).toMatchObject({ ok: true, result: { resultCode: "4000" } });
    expect(
      await callMy(app, "tradePay", { paymentUrl: "https://elsewhere.example/cashier/1" }),
    ).toMatchObject({
      ok: false,
      result: { error: 2 },
    });
    await sandbox.control("POST", "/sandbox/clock", { reset: true });
    await page.close();
  });

  it("AlipayJSBridge.call('tradePay', …, callback) pays the same way", async () => {
    const { page, app } = await open();
    const payment = await cashierPayment();
    const answer = callAlipayJSBridge(app, "tradePay", { paymentUrl: payment.url });
    await sheet(page).locator("#pay").click();
    await sheet(page).locator("#back").click();
    expect(await answer).toMatchObject({ resultCode: "9000" });
    await page.close();
  });
});

describe("walletSignContract and its other names", () => {
  async function preparedLink(): Promise<string> {
    const prepared = await sandbox.client().prepare({
      scopes: "AGREEMENT_PAY",
      extendInfo: JSON.stringify({ contractDesc: "Weekly coffee", language: "en-US" }),
    });
    if (prepared.status !== "S") throw new Error(`prepare answered ${prepared.status}`);
    return prepared.data.authorizationUrl as string;
  }

  it("signs as the wallet user under walletSignContract, qicardSignContract and my.signContract", async () => {
    const { page, app } = await open();
    const calls = [
      (url: string) => callMyCall(app, "walletSignContract", { authorizationUrl: url }),
      (url: string) => callMyCall(app, "qicardSignContract", { authUrl: url }),
      (url: string) => callMy(app, "signContract", { signStr: url }),
    ];
    for (const call of calls) {
      const answer = call(await preparedLink());
      expect(await sheet(page).locator("#contract").textContent()).toBe("Weekly coffee");
      await sheet(page).locator("#approve").click();
      const signed = await answer;
      expect(signed.ok).toBe(true);
      const token = await sandbox
        .client()
        .applyToken({ grantType: "AUTHORIZATION_CODE", authCode: String(signed.result.authCode) });
      expect(token.status).toBe("S");
    }
    await page.close();
  });

  it("fails with 6001 when the user declines or closes it, 6002 from the frame's fault", async () => {
    const { page, app } = await open();
    const declined = callMyCall(app, "walletSignContract", { authorizationUrl: await preparedLink() });
    await sheet(page).locator("#deny").click();
    expect(await declined).toMatchObject({ ok: false, result: { error: "6001" } });
    const closed = callMyCall(app, "walletSignContract", { authorizationUrl: await preparedLink() });
    await sheet(page).locator("#approve").waitFor();
    await page.click("#sheet-close");
    expect(await closed).toMatchObject({ ok: false, result: { error: "6001" } });
    await chooseFault(page, "sign", "6002");
    expect(
      await callMyCall(app, "walletSignContract", { authorizationUrl: await preparedLink() }),
    ).toMatchObject({ ok: false, result: { error: "6002" } });
    await page.close();
  });
});

describe("the small UI calls and the frame's controls", () => {
  it("alert waits for OK; toast, loading and system info show what was asked", async () => {
    const { page, app } = await open({ lang: "ar" });
    const alerted = callMy(app, "alert", {
      title: "Hello",
      content: "Your coffee is ready",
      buttonText: "Thanks",
    });
    await page.locator("#alert-title").waitFor();
    expect(await page.locator("#alert-content").textContent()).toBe("Your coffee is ready");
    await page.click("#alert-button");
    expect((await alerted).ok).toBe(true);

    await callMy(app, "showToast", { content: "Added to cart", duration: 5000 });
    expect(await page.locator("#toast").textContent()).toBe("Added to cart");
    await callMy(app, "showLoading", { content: "Paying" });
    expect(await page.locator("#loading").isVisible()).toBe(true);
    await callMy(app, "hideLoading");
    expect(await page.locator("#loading").isHidden()).toBe(true);

    const info = await callMy(app, "getSystemInfo");
    expect(info.result).toMatchObject({ app: "wallet-container", language: "ar", windowWidth: 390 });
    expect(await callMyCall(app, "getLocation", {})).toMatchObject({ ok: false, result: { error: 1 } });
    expect(await callAlipayJSBridge(app, "getLocation", {})).toMatchObject({ error: 1 });
    await page.close();
  });

  it("the persona of the signed-in wallet user and the wallet API's faults are set from the frame", async () => {
    const { page } = await open();
    await page.locator("#wallet-user").filter({ hasText: "(normal)" }).waitFor();
    const userId = (await page.locator("#wallet-user").textContent())?.split(" ")[0] ?? "";
    await page.selectOption("#persona", "low_balance");
    await page.locator("#wallet-user").filter({ hasText: "(low_balance)" }).waitFor();
    expect(await sandbox.control("GET", `/sandbox/users/${userId}`)).toMatchObject({
      persona: "low_balance",
    });

    await page.fill("#fault-operation", "pay");
    await page.selectOption("#fault-outcome", "U");
    await page.click("#server-fault button");
    await page.locator("#server-fault-result").filter({ hasText: "Set" }).waitFor();
    const faults = (await sandbox.control("GET", "/sandbox/faults")) as {
      operation: string;
      outcome: string;
    }[];
    expect(faults).toContainEqual(expect.objectContaining({ operation: "pay", outcome: "U" }));
    await sandbox.control("DELETE", "/sandbox/faults");
    await page.close();
  });

  it("the frame passes axe-core at 390 px, with the wallet's consent sheet open too", async () => {
    const { page, app } = await open();
    expect(await axeFindings(page)).toEqual([]);
    const pending = callMy(app, "getAuthCode", { scopes: ["USER_NAME"] });
    await sheet(page).locator("#approve").waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.click("#sheet-close");
    await pending;
    await page.close();
  });
});
