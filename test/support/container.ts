// The sandbox's wallet container in a browser test: open a mini program in it, reach the mini
// program's frame and the wallet's sheet, and call the bridge from inside the mini program as its
// own code would (my.*, my.call, AlipayJSBridge.call).
import type { BrowserContext, Frame, Page } from "playwright-core";
import { distinctAddress } from "./addresses";
import { waitUntil } from "./wait";

export interface BridgeAnswer {
  ok: boolean;
  result: Record<string, unknown>;
}

export function containerAddress(sandboxUrl: string, appUrl: string, options: { lang?: "en" | "ar" } = {}) {
  const url = new URL("/container", sandboxUrl);
  url.searchParams.set("app", appUrl);
  if (options.lang) url.searchParams.set("lang", options.lang);
  return url.toString();
}

/** The mini program's frame once its page has loaded (and with it the bridge). */
async function miniProgramFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector("iframe#mini-program");
  return waitUntil(
    async () => {
      const frame = await handle.contentFrame();
      if (!frame) return undefined;
      const ready = await frame
        .evaluate(() => typeof (window as { my?: unknown }).my === "object")
        .catch(() => false);
      return ready ? frame : undefined;
    },
    { timeoutMs: 15_000, what: "the mini program and its bridge to load" },
  );
}

/**
 * The mini program's calls to its backend come from a client address of their own, as a proxy in
 * front of the backend reports it (X-Forwarded-For). The backend allows each address 20 sessions a
 * minute, counted in Redis; from 127.0.0.1, every test on the machine (and every CI run sharing the
 * Redis) would spend that one budget, and a sign-in would now and then be refused with 429. The
 * header is added as a proxy adds it, on the way: set on the page it would be the mini program's
 * own, and its CORS preflight (which allows no such header) would fail.
 */
async function fromOwnAddress(page: Page): Promise<void> {
  const address = distinctAddress();
  await page.route("**/api/mini/**", (route) =>
    route.continue({ headers: { ...route.request().headers(), "x-forwarded-for": address } }),
  );
}

/**
 * Opens the container on the mini program at 390 px, as a new wallet user (the panel's button): a
 * wallet user with this persona is signed in before the mini program starts.
 */
export async function openInContainer(
  browser: BrowserContext,
  sandboxUrl: string,
  appUrl: string,
  options: { lang?: "en" | "ar"; persona?: string } = {},
): Promise<{ page: Page; app: Frame }> {
  const page = await browser.newPage();
  await fromOwnAddress(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const answer = await page.request.post(`${sandboxUrl}/container/api/wallet-user`, {
    data: { fresh: true, persona: options.persona ?? "normal" },
  });
  if (!answer.ok()) throw new Error(`new wallet user: HTTP ${answer.status()}`);
  await page.goto(containerAddress(sandboxUrl, appUrl, options));
  return { page, app: await miniProgramFrame(page) };
}

/** A my.* call from inside the mini program; resolves with what its success or fail callback got. */
export function callMy(app: Frame, api: string, params: Record<string, unknown> = {}): Promise<BridgeAnswer> {
  return app.evaluate(
    ([name, options]) =>
      new Promise<BridgeAnswer>((resolve) => {
        const my = (window as unknown as { my: Record<string, (o: object) => void> }).my;
        my[name]?.({
          ...options,
          success: (result: Record<string, unknown>) => resolve({ ok: true, result }),
          fail: (result: Record<string, unknown>) => resolve({ ok: false, result }),
        });
      }),
    [api, params] as const,
  );
}

/** my.call(name, params) — the wallet's extension calls such as walletSignContract. */
export function callMyCall(app: Frame, name: string, params: Record<string, unknown>): Promise<BridgeAnswer> {
  return app.evaluate(
    ([api, options]) =>
      new Promise<BridgeAnswer>((resolve) => {
        const my = (window as unknown as { my: { call: (n: string, o: object) => void } }).my;
        my.call(api, {
          ...options,
          success: (result: Record<string, unknown>) => resolve({ ok: true, result }),
          fail: (result: Record<string, unknown>) => resolve({ ok: false, result }),
        });
      }),
    [name, params] as const,
  );
}

/** AlipayJSBridge.call(name, params, callback): one callback, errors inside the result. */
export function callAlipayJSBridge(app: Frame, name: string, params: Record<string, unknown>) {
  return app.evaluate(
    ([api, options]) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const bridge = (window as unknown as { AlipayJSBridge: { call: (...args: unknown[]) => void } })
          .AlipayJSBridge;
        bridge.call(api, options, resolve);
      }),
    [name, params] as const,
  );
}

/** The wallet's page in the sheet over the mini program (consent, cashier, agreement). */
export function sheet(page: Page) {
  return page.frameLocator("#sheet-frame");
}
