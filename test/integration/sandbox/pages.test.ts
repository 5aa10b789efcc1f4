// The wallet app's pages over plain HTTP: they act for the user signed in to the wallet app in
// this browser (never a guessed one), and the cashier returns the user to the mini program.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CODES } from "@/lib/wallet/product-codes";
import { startTestSandbox, type TestSandbox, uniqueId } from "@/test/support/sandbox";

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox?.close());

/** A browser's cookie jar, reduced to what these pages set. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async request(
    path: string,
    init: { form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const response = await fetch(new URL(path, sandbox.url), {
      method: init.form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        ...(init.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        ...(this.cookies.size > 0
          ? { Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ") }
          : {}),
        ...init.headers,
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const [name = "", value = ""] = pair.split("=");
      this.cookies.set(name, value);
    }
    return {
      status: response.status,
      location: response.headers.get("location"),
      html: await response.text(),
    };
  }
}

const fieldValue = (html: string, id: string) =>
  html.match(new RegExp(`id="${id}"[^>]*value="([^"]*)"`))?.[1];
const textOf = (html: string, id: string) => html.match(new RegExp(`id="${id}"[^>]*>([^<]*)<`))?.[1];

async function prepareAgreement() {
  const prepared = await sandbox.client().prepare({ scopes: "AGREEMENT_PAY" });
  if (prepared.status !== "S") throw new Error(prepared.resultCode);
  return new URL(prepared.data.authorizationUrl as string);
}

/** The wallet user behind an authCode, as the merchant learns it. */
async function customerOf(authCode: string): Promise<string | undefined> {
  const tokens = await sandbox.client().applyToken({ grantType: "AUTHORIZATION_CODE", authCode });
  return tokens.status === "S" ? tokens.data.customerId : undefined;
}

describe("the agreement page signs as the signed-in wallet user", () => {
  it("after the user approved the consent page, the agreement is signed by that same user without typing", async () => {
    const browser = new Browser();
    const { userId } = await sandbox.createUser({ userId: uniqueId("consenting") });
    const consent = await browser.request("/authorize", {
      form: { userId, scopes: "USER_ID", clientId: sandbox.merchant.clientId, decision: "approve" },
    });
    const consentCode = textOf(consent.html, "auth-code") ?? "";
    // Someone else appears in the sandbox afterwards: the newest user must not be the one who signs.
    await sandbox.createUser({ userId: uniqueId("newer") });

    const link = await prepareAgreement();
    const agreement = await browser.request(`${link.pathname}${link.search}`);
    expect(fieldValue(agreement.html, "userId")).toBe(userId);
    expect(textOf(agreement.html, "user-source")).toBe("signed in to the wallet app in this browser");

    const signed = await browser.request("/agreement", {
      form: {
        token: link.searchParams.get("token") ?? "",
        userId: fieldValue(agreement.html, "userId") ?? "",
        decision: "approve",
      },
    });
    const agreementCode = textOf(signed.html, "auth-code") ?? "";
    expect(await customerOf(agreementCode)).toBe(await customerOf(consentCode));
  });

  it("with nobody signed in, the field stays empty and an empty field signs in a new user, not the newest one", async () => {
    const browser = new Browser();
    const { userId: newest } = await sandbox.createUser({ userId: uniqueId("newest") });
    const link = await prepareAgreement();
    const agreement = await browser.request(`${link.pathname}${link.search}`);
    expect(fieldValue(agreement.html, "userId")).toBe("");
    expect(textOf(agreement.html, "user-source")).toMatch(/^nobody is signed in/);

    const signed = await browser.request("/agreement", {
      form: { token: link.searchParams.get("token") ?? "", userId: "", decision: "approve" },
    });
    const customerId = await customerOf(textOf(signed.html, "auth-code") ?? "");
    expect(customerId).toBeDefined();
    expect(customerId).not.toBe(newest);
    // The new user is now the signed-in one.
    const another = await prepareAgreement();
    const next = await browser.request(`${another.pathname}${another.search}`);
    expect(fieldValue(next.html, "userId")).toBe(customerId);
  });

  it("a userId in the link wins over the signed-in user; a signed-in user who no longer exists is nobody", async () => {
    const browser = new Browser();
    const { userId } = await sandbox.createUser({ userId: uniqueId("linked") });
    await browser.request("/authorize", {
      form: { userId: "gone-after-reset", scopes: "USER_ID", decision: "approve" },
    });
    const link = await prepareAgreement();
    const named = await browser.request(`${link.pathname}${link.search}&userId=${userId}`);
    expect(fieldValue(named.html, "userId")).toBe(userId);

    await sandbox.control("POST", "/sandbox/reset");
    const afterReset = await prepareAgreement();
    const page = await browser.request(`${afterReset.pathname}${afterReset.search}`);
    expect(fieldValue(page.html, "userId")).toBe("");
  });
});

describe("the cashier returns the user to the mini program", () => {
  async function cashierPayment(paymentRedirectUrl?: string) {
    const customer = await sandbox.authorizeCustomer();
    const paid = await sandbox.client().pay({
      productCode: PRODUCT_CODES.CASHIER,
      paymentRequestId: uniqueId("payreq"),
      paymentAmount: { currency: "IQD", value: "12000250" },
      order: { orderDescription: "Dates", buyer: { referenceBuyerId: customer.customerId } },
      ...(paymentRedirectUrl ? { paymentRedirectUrl } : {}),
    });
    return `/cashier/${paid.data?.paymentId}`;
  }

  /** Opens the cashier (as `opened` says), presses Pay, and returns the result page. */
  async function payThrough(cashier: string, opened: { query?: string; referer?: string } = {}) {
    const browser = new Browser();
    const page = await browser.request(`${cashier}${opened.query ?? ""}`, {
      headers: opened.referer ? { Referer: opened.referer } : {},
    });
    expect(textOf(page.html, "amount")).toBe("12,000.250 IQD");
    const returnTo = fieldValue(page.html, "return-to");
    const result = await browser.request(cashier, { form: { action: "pay", returnTo: returnTo ?? "" } });
    expect(textOf(result.html, "result")).toBe("Payment successful");
    return result.html;
  }

  const backHref = (html: string) =>
    html.match(/<a id="back" href="([^"]*)">Back to the mini program<\/a>/)?.[1];

  it("to the paymentRedirectUrl of pay, when the merchant sent one", async () => {
    const html = await payThrough(await cashierPayment("https://shop.example/orders/42"), {
      query: "?returnTo=/container/return",
    });
    expect(backHref(html)).toBe("https://shop.example/orders/42");
  });

  it("else to the wallet container's return page, when the container opened the cashier", async () => {
    const html = await payThrough(await cashierPayment(), { query: "?returnTo=%2Fcontainer%2Freturn" });
    expect(backHref(html)).toBe("/container/return");
    for (const other of ["/container/api/authorize", "/container", "//elsewhere.example/container/return"]) {
      const elsewhere = await payThrough(await cashierPayment(), {
        query: `?returnTo=${encodeURIComponent(other)}`,
      });
      expect(backHref(elsewhere), other).toBeUndefined();
    }
  });

  it("else to the front end that opened it (its Referer), never to the sandbox's own pages", async () => {
    expect(
      backHref(await payThrough(await cashierPayment(), { referer: "http://127.0.0.1:5199/checkout" })),
    ).toBe("http://127.0.0.1:5199/checkout");
    const fromStatus = await payThrough(await cashierPayment(), { referer: `${sandbox.url}/status` });
    expect(backHref(fromStatus)).toBeUndefined();
    expect(fromStatus).toContain('id="back-hint"');
  });

  it("ignores a returnTo that is not the container's return page, the removed simulator's too", async () => {
    for (const returnTo of ["https://elsewhere.example/", "/simulator/shop", "/status"]) {
      const html = await payThrough(await cashierPayment(), {
        query: `?returnTo=${encodeURIComponent(returnTo)}`,
      });
      expect(backHref(html), returnTo).toBeUndefined();
    }
  });
});

describe("the sandbox's home page", () => {
  it("leads to the wallet container; the mini program simulator it replaced is gone", async () => {
    const home = await (await fetch(`${sandbox.url}/`)).text();
    expect(home).toContain('<a href="/container">Wallet container</a>');
    expect(home).not.toContain("simulator");
    for (const path of ["/simulator", "/simulator/shop?app=http%3A%2F%2F127.0.0.1%3A3000"]) {
      expect((await fetch(`${sandbox.url}${path}`)).status, path).toBe(404);
    }
    const start = await fetch(`${sandbox.url}/simulator/start`, { method: "POST", body: "app=x" });
    expect(start.status).toBe(404);
  });
});
