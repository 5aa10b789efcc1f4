// Browser pages that play the wallet app: consent (my.getAuthCode), cashier (my.tradePay),
// agreement (walletSignContract) and, unless SANDBOX_MODE=off, the status page.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SandboxContext } from "../context";
import { readBody } from "../http/read-body";
import { redirect, sendHtml, sendJson } from "../http/respond";
import { renderAgreement, submitAgreement } from "./agreement";
import { type PageResult, renderAuthorize, submitAuthorize } from "./authorize";
import { renderCashier, submitCashier } from "./cashier";
import { html, page } from "./html";
import {
  renderSimulatorShop,
  renderSimulatorStart,
  type SimulatorResult,
  sessionFromCookie,
  submitSimulatorOrder,
  submitSimulatorStart,
} from "./simulator";
import { renderStatus } from "./status";

function index(ctx: SandboxContext): PageResult {
  const body = html`<div class="card"><h1>Wallet sandbox</h1>
<p>A local stand-in for the wallet: the signed API under <code>/v1/*</code>, the pages the wallet app shows, and ${ctx.mode === "off" ? "no control API (SANDBOX_MODE=off)" : html`the control API under <code>/sandbox/*</code>`}.</p>
<ul>
<li><a href="/authorize?scopes=USER_ID,USER_NAME">Authorization page</a> (my.getAuthCode)</li>
${ctx.mode === "off" ? "" : html`<li><a href="/status">Status</a>: payments, refunds and notifications</li>`}
${ctx.mode === "off" ? "" : html`<li><a href="/simulator">Mini program simulator</a>: drive your backend's <code>/api/mini/*</code> routes</li>`}
</ul></div>`;
  return { status: 200, html: page("Home", body) };
}

async function form(request: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(request, 64 * 1024));
}

export async function handlePageRequest(
  ctx: SandboxContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const path = url.pathname;
  const method = request.method ?? "GET";
  let result: (PageResult & Pick<SimulatorResult, "setCookie">) | undefined;
  const simulatorToken = sessionFromCookie(request.headers.cookie);
  const cashier = path.match(/^\/cashier\/([^/]+)$/);
  if (path === "/health" && method === "GET") {
    sendJson(response, 200, { ok: true, mode: ctx.mode });
    return;
  }
  if (path === "/" && method === "GET") result = index(ctx);
  else if (path === "/authorize" && method === "GET") result = renderAuthorize(ctx, url.searchParams);
  else if (path === "/authorize" && method === "POST") result = submitAuthorize(ctx, await form(request));
  else if (cashier && method === "GET") result = renderCashier(ctx, decodeURIComponent(cashier[1] ?? ""));
  else if (cashier && method === "POST")
    result = await submitCashier(ctx, decodeURIComponent(cashier[1] ?? ""), await form(request));
  else if (path === "/agreement" && method === "GET") result = renderAgreement(ctx, url.searchParams);
  else if (path === "/agreement" && method === "POST") result = submitAgreement(ctx, await form(request));
  else if (path === "/status" && method === "GET" && ctx.mode !== "off")
    result = renderStatus(ctx, url.searchParams);
  else if (ctx.mode !== "off" && path.startsWith("/simulator")) {
    if (path === "/simulator" && method === "GET") result = renderSimulatorStart(url.searchParams);
    else if (path === "/simulator/start" && method === "POST")
      result = await submitSimulatorStart(ctx, await form(request));
    else if (path === "/simulator/shop" && method === "GET")
      result = await renderSimulatorShop(url.searchParams, simulatorToken);
    else if (path === "/simulator/order" && method === "POST")
      result = await submitSimulatorOrder(url.searchParams, await form(request), simulatorToken);
  }
  if (!result) {
    sendHtml(response, 404, page("Not found", html`<div class="card"><h1>Not found</h1></div>`));
    return;
  }
  if (result.setCookie) response.setHeader("Set-Cookie", result.setCookie);
  if (result.redirect) redirect(response, result.redirect);
  else sendHtml(response, result.status, result.html ?? "");
}
