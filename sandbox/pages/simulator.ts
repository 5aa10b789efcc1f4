// The mini program simulator (DESIGN.md, "The wallet sandbox"): plays the merchant's mini program in
// a browser, driving the merchant backend's real `/api/mini/*` routes end to end — the user approves
// scopes (my.getAuthCode), the "mini program" starts a session with the authCode, shows the profile,
// places orders and sends the user to the cashier (my.tradePay). It talks to the merchant only over
// HTTP, from the sandbox server (so no CORS setup is needed), and keeps the mini program's session
// token in a cookie, as a mini program would keep it in its storage.
import { randomUUID } from "node:crypto";
import type { SandboxContext } from "../context";
import { AuthorizationError, authorizeScopes } from "../domain/authorization";
import { upsertUser } from "../domain/users";
import type { PageResult } from "./authorize";
import { html, page } from "./html";

const SESSION_COOKIE = "simulator_session";
const SCOPES = ["USER_ID", "USER_NAME", "USER_LOGIN_ID", "USER_CONTACTINFO", "NOTIFICATION_PUSH"];
const PERSONAS = ["normal", "low_balance", "restricted", "risk", "daily_limit"];

export interface SimulatorResult extends PageResult {
  setCookie?: string;
}

/** Only http(s) origins: the simulator fetches whatever it is pointed at, from the sandbox's host. */
function appOrigin(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

async function callApp(
  app: string,
  method: "GET" | "POST",
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(new URL(path, app), {
    method,
    headers: {
      ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { error: { code: `HTTP_${response.status}`, message: text.slice(0, 300) } };
  }
  return { status: response.status, json };
}

function errorText(json: Record<string, unknown>): string {
  const error = json.error as { code?: string; message?: string } | undefined;
  return error ? `${error.code}: ${error.message}` : JSON.stringify(json);
}

function shell(title: string, app: string | undefined, body: ReturnType<typeof html>): string {
  return page(
    `Mini program simulator — ${title}`,
    html`<div class="card"><h1>Mini program simulator</h1>
<p>Plays your mini program against the merchant backend at <code>${app ?? "(none)"}</code>.</p></div>${body}`,
  );
}

export function renderSimulatorStart(query: URLSearchParams): SimulatorResult {
  const app = appOrigin(query.get("app")) ?? "http://127.0.0.1:3000";
  const body = html`<div class="card"><h2>Open the mini program</h2>
<form method="post" action="/simulator/start">
<label>Merchant backend</label><input name="app" value="${app}">
<label>Wallet user persona</label><select name="persona">${PERSONAS.map((persona) => html`<option>${persona}</option>`)}</select>
<label>Scopes the mini program asks for (my.getAuthCode)</label>
${SCOPES.map(
  (scope) =>
    html`<label><input type="checkbox" name="scope" value="${scope}" style="width:auto" ${scope === "USER_ID" || scope === "USER_NAME" ? "checked" : ""}> ${scope}</label>`,
)}
<button type="submit" id="open">Approve and open</button>
</form></div>`;
  return { status: 200, html: shell("start", app, body) };
}

export async function submitSimulatorStart(
  ctx: SandboxContext,
  form: URLSearchParams,
): Promise<SimulatorResult> {
  const app = appOrigin(form.get("app"));
  if (!app)
    return {
      status: 400,
      html: shell("error", undefined, html`<div class="card error">Not an http(s) address.</div>`),
    };
  const persona = PERSONAS.includes(form.get("persona") ?? "") ? (form.get("persona") as string) : "normal";
  const user = upsertUser(ctx.store, ctx.clock, ctx.settings(), { persona });
  let authorization: { authCode: string; authSuccessScopes: string[] };
  try {
    authorization = authorizeScopes(ctx, { userId: user.userId, scopes: form.getAll("scope") });
  } catch (error) {
    const message = error instanceof AuthorizationError ? `${error.code}: ${error.message}` : String(error);
    return { status: 400, html: shell("error", app, html`<div class="card error">${message}</div>`) };
  }
  const session = await callApp(app, "POST", "/api/mini/session", { body: authorization });
  if (session.status !== 201 || typeof session.json.sessionToken !== "string") {
    return {
      status: 502,
      html: shell(
        "error",
        app,
        html`<div class="card error">POST /api/mini/session: ${errorText(session.json)}</div>`,
      ),
    };
  }
  return {
    status: 303,
    redirect: `/simulator/shop?app=${encodeURIComponent(app)}`,
    setCookie: `${SESSION_COOKIE}=${session.json.sessionToken}; Path=/simulator; HttpOnly; SameSite=Lax`,
  };
}

export function sessionFromCookie(cookieHeader: string | undefined): string | undefined {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`));
  return match?.[1];
}

interface OrderView {
  orderId: string;
  flow: string;
  status: string;
  amount: { value: string; currency: string };
  redirectionUrl?: string;
  failure?: { code?: string; message?: string };
}

export async function renderSimulatorShop(
  query: URLSearchParams,
  token: string | undefined,
): Promise<SimulatorResult> {
  const app = appOrigin(query.get("app"));
  if (!app || !token)
    return { status: 303, redirect: `/simulator${app ? `?app=${encodeURIComponent(app)}` : ""}` };
  const [me, orders] = await Promise.all([
    callApp(app, "GET", "/api/mini/me", { token }),
    callApp(app, "GET", "/api/mini/orders?limit=10", { token }),
  ]);
  const userInfo = (me.json.userInfo ?? {}) as Record<string, unknown>;
  const list = ((orders.json.orders ?? []) as OrderView[]).map(
    (order) =>
      html`<tr data-order="${order.orderId}"><td class="small">${order.orderId}</td><td>${order.flow}</td><td class="status">${order.status}</td>
<td>${order.amount.value} ${order.amount.currency}</td>
<td>${order.redirectionUrl ? html`<a class="pay" href="${order.redirectionUrl}">Pay at the cashier</a>` : ""}${order.failure ? html`<span class="error">${order.failure.message}</span>` : ""}</td></tr>`,
  );
  const body = html`<div class="card"><h2>Profile (GET /api/mini/me)</h2>
${me.status === 200 ? html`<pre id="profile">${JSON.stringify(userInfo, null, 2)}</pre>` : html`<p class="error">${errorText(me.json)}</p>`}</div>
<div class="card"><h2>Place an order (POST /api/mini/orders)</h2>
<form method="post" action="/simulator/order?app=${encodeURIComponent(app)}">
<label>Flow</label><select name="flow"><option>CASHIER</option><option>ESCROW</option></select>
<label>SKU</label><input name="sku" value="COFFEE"><label>Quantity</label><input name="quantity" value="1" type="number" min="1" max="99">
<button type="submit" id="order">Place order</button></form></div>
<div class="card"><h2>Orders <a href="/simulator/shop?app=${encodeURIComponent(app)}" id="refresh">(refresh)</a></h2>
<table><tr><th>Order</th><th>Flow</th><th>Status</th><th>Amount (fils)</th><th></th></tr>${list}</table></div>`;
  return { status: 200, html: shell("shop", app, body) };
}

export async function submitSimulatorOrder(
  query: URLSearchParams,
  form: URLSearchParams,
  token: string | undefined,
): Promise<SimulatorResult> {
  const app = appOrigin(query.get("app"));
  if (!app || !token) return { status: 303, redirect: "/simulator" };
  const created = await callApp(app, "POST", "/api/mini/orders", {
    token,
    headers: { "Idempotency-Key": `simulator-${randomUUID()}` },
    body: {
      flow: form.get("flow") === "ESCROW" ? "ESCROW" : "CASHIER",
      items: [{ sku: form.get("sku") ?? "", quantity: Number(form.get("quantity") ?? 1) }],
    },
  });
  if (created.status >= 400) {
    return {
      status: created.status,
      html: shell("error", app, html`<div class="card error">${errorText(created.json)}</div>`),
    };
  }
  const order = created.json as unknown as OrderView;
  // my.tradePay: the mini program opens the cashier with the redirectionUrl.
  return { status: 303, redirect: order.redirectionUrl ?? `/simulator/shop?app=${encodeURIComponent(app)}` };
}
