// The two ways operators in Baghdad use the console, for browser tests that check each page both
// ways: English on a desktop, Arabic on a 390 px phone (and, for layout checks, the other two
// pairings). A page opens signed in as a test operator (their session token as the browser's
// cookie: no sign-in form, so no sign-in rate limit), with what went wrong on it collected: axe-core
// findings, sideways scrolling, and errors the page threw (React's hydration errors among them).
import type { BrowserContext, Page } from "playwright-core";
import { axeFindings } from "./axe";

export interface View {
  locale: "en" | "ar";
  width: number;
  height: number;
  /** "en desktop", "ar 390 px": in the test's messages. */
  name: string;
}

const DESKTOP_EN: View = { locale: "en", width: 1280, height: 860, name: "en desktop" };
const PHONE_AR: View = { locale: "ar", width: 390, height: 844, name: "ar 390 px" };
const PHONE_EN: View = { locale: "en", width: 390, height: 844, name: "en 390 px" };
const DESKTOP_AR: View = { locale: "ar", width: 1280, height: 860, name: "ar desktop" };

/** English on a desktop and Arabic on a phone: how every finding is checked. */
export const VIEWS: readonly View[] = [DESKTOP_EN, PHONE_AR];
/** All four pairings, for what is about layout. */
export const ALL_VIEWS: readonly View[] = [DESKTOP_EN, PHONE_AR, PHONE_EN, DESKTOP_AR];

export interface ConsolePage {
  page: Page;
  view: View;
  /** Goes to a console path and waits until the page is quiet. */
  open(path: string): Promise<void>;
  /** axe-core findings, sideways scroll and page errors so far, each naming the view and the page. */
  problems(): Promise<string[]>;
}

/** A page of the console in `view`, as the operator whose session token is `token` (none: signed out). */
export async function consoleIn(
  browser: BrowserContext,
  baseUrl: string,
  view: View,
  token?: string,
): Promise<ConsolePage> {
  await browser.clearCookies();
  await browser.addCookies([
    { name: "console_locale", value: view.locale, url: baseUrl },
    ...(token ? [{ name: "next-auth.session-token", value: token, url: baseUrl }] : []),
  ]);
  const page = await browser.newPage();
  await page.setViewportSize({ width: view.width, height: view.height });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${view.name} ${page.url()}: ${error.message.slice(0, 200)}`));
  return {
    page,
    view,
    async open(path) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState("networkidle");
    },
    async problems() {
      const where = `${view.name} ${new URL(page.url()).pathname}`;
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      const found = (await axeFindings(page)).map((finding) => `${where}: ${finding}`);
      if (overflow > 0) found.push(`${where}: scrolls sideways by ${overflow} px`);
      return [...found, ...errors.splice(0)];
    },
  };
}

/**
 * The text a reader sees in an element, without what is folded away under "Technical details" (or
 * any other closed <details>), and without what `ignore` selects.
 */
export function visibleText(page: Page, selector: string, ignore?: string): Promise<string> {
  return page.locator(selector).evaluate((element, ignore) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const details of copy.querySelectorAll("details:not([open])")) {
      for (const child of [...details.childNodes]) if (child.nodeName !== "SUMMARY") child.remove();
    }
    if (ignore) for (const ignored of copy.querySelectorAll(ignore)) ignored.remove();
    return copy.textContent ?? "";
  }, ignore);
}
