// What a page handler returns, and the pieces the wallet's pages share: result pages, and the
// http(s)-only redirect targets the pages send the browser back to.
import { type Html, html, page } from "./html";

export interface PageResult {
  status: number;
  html?: string;
  redirect?: string;
  /** Set-Cookie header values. */
  setCookies?: string[];
}

/** A finished page: `#result` says what happened (the authCode pages add their own fields). */
export function resultPage(
  status: number,
  title: string,
  outcome: { ok: boolean; text: string },
  more?: Html,
): PageResult {
  return {
    status,
    html: page(
      title,
      html`<div class="card"><h1>${title}</h1><p class="${outcome.ok ? "ok" : "error"}" id="result">${outcome.text}</p>${more}</div>`,
    ),
  };
}

/** The user pressed Cancel/Decline: the JSAPI's fail callback error 1001. */
export function cancelledPage(title: string): PageResult {
  return resultPage(200, title, { ok: false, text: "Error 1001: the user cancelled." });
}

/** An absolute http(s) URL, or nothing: the pages never send a browser anywhere else. */
export function httpUrl(value: string | null | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

export function withParams(target: URL, params: Record<string, string | undefined>): string {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
