// Browser pages that play the wallet app: consent (my.getAuthCode), cashier (my.tradePay),
// agreement (walletSignContract) and, unless SANDBOX_MODE=off, the status page. The wallet container
// that runs a mini program with them is sandbox/container/.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SandboxContext } from "../context";
import { resetClock } from "../domain/reset";
import { readBody } from "../http/read-body";
import { redirect, sendHtml, sendJson } from "../http/respond";
import { renderAgreement, submitAgreement } from "./agreement";
import { renderAuthorize, submitAuthorize } from "./authorize";
import { renderCashier, returnTarget, submitCashier } from "./cashier";
import { html, page } from "./html";
import type { PageResult } from "./results";
import { renderStatus } from "./status";

function index(ctx: SandboxContext): PageResult {
  const body = html`<div class="card"><h1>Wallet sandbox</h1>
<p>A local stand-in for the wallet: the signed API under <code>/v1/*</code>, the pages the wallet app shows, and ${ctx.mode === "off" ? "no control API (SANDBOX_MODE=off)" : html`the control API under <code>/sandbox/*</code>`}.</p>
<ul>
<li><a href="/authorize?scopes=USER_ID,USER_NAME">Authorization page</a> (my.getAuthCode)</li>
${ctx.mode === "off" ? "" : html`<li><a href="/status">Status</a>: payments, refunds and notifications</li>`}
${ctx.mode === "off" ? "" : html`<li><a href="/container">Wallet container</a>: run a mini program with the wallet's bridge</li>`}
</ul></div>`;
  return { status: 200, html: page("Home", body) };
}

async function form(request: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(request, 64 * 1024));
}

async function pageFor(
  ctx: SandboxContext,
  request: IncomingMessage,
  url: URL,
): Promise<PageResult | undefined> {
  const path = url.pathname;
  const method = request.method ?? "GET";
  const cookieHeader = request.headers.cookie;
  const cashier = path.match(/^\/cashier\/([^/]+)$/);
  if (path === "/" && method === "GET") return index(ctx);
  if (path === "/authorize" && method === "GET") return renderAuthorize(ctx, url.searchParams, cookieHeader);
  if (path === "/authorize" && method === "POST") return submitAuthorize(ctx, await form(request));
  if (cashier && method === "GET") {
    const returnTo = returnTarget(ctx, {
      returnTo: url.searchParams.get("returnTo"),
      referer: request.headers.referer,
    });
    return renderCashier(ctx, decodeURIComponent(cashier[1] ?? ""), returnTo);
  }
  if (cashier && method === "POST")
    return submitCashier(ctx, decodeURIComponent(cashier[1] ?? ""), await form(request));
  if (path === "/agreement" && method === "GET") return renderAgreement(ctx, url.searchParams, cookieHeader);
  if (path === "/agreement" && method === "POST") return submitAgreement(ctx, await form(request));
  if (ctx.mode === "off") return undefined;
  if (path === "/status" && method === "GET") return renderStatus(ctx, url.searchParams);
  if (path === "/status/reset-clock" && method === "POST") {
    resetClock(ctx);
    return { status: 303, redirect: "/status" };
  }
  return undefined;
}

export async function handlePageRequest(
  ctx: SandboxContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  if (url.pathname === "/health" && request.method === "GET") {
    sendJson(response, 200, { ok: true, mode: ctx.mode });
    return;
  }
  const result = await pageFor(ctx, request, url);
  if (!result) {
    sendHtml(response, 404, page("Not found", html`<div class="card"><h1>Not found</h1></div>`));
    return;
  }
  if (result.setCookies) response.setHeader("Set-Cookie", result.setCookies);
  if (result.redirect) redirect(response, result.redirect);
  else sendHtml(response, result.status, result.html ?? "");
}
