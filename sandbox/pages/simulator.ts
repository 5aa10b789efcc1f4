// The mini program simulator (sandbox/README.md, "Pages"): plays the merchant's mini program in
// a browser, driving the merchant backend's real `/api/mini/*` routes end to end — the user approves
// scopes (my.getAuthCode), the "mini program" starts a session with the authCode, shows the profile,
// places orders and sends the user to the cashier (my.tradePay). It talks to the merchant only over
// HTTP, from the sandbox server (so no CORS setup is needed), and keeps the mini program's session
// token in a cookie, as a mini program would keep it in its storage.
import { randomUUID } from "node:crypto";
import type { SandboxContext } from "../context";
import { AuthorizationError, authorizeScopes } from "../domain/authorization";
import { upsertUser } from "../domain/users";
import { formatAmount, type Html, html, page } from "./html";
import { httpUrl, type PageResult, withParams } from "./results";
import { readCookie, signedInUser, walletUserCookie } from "./wallet-session";

const SESSION_COOKIE = "simulator_session";
const SCOPES = ["USER_ID", "USER_NAME", "USER_LOGIN_ID", "USER_CONTACTINFO", "NOTIFICATION_PUSH"];
const PERSONAS = ["normal", "low_balance", "restricted", "risk", "daily_limit"];
const DEFAULT_APP = "http://127.0.0.1:3000";

type Notice = { ok: boolean; text: string };

/** The mini program in one browser: the merchant backend it talks to and its session there. */
interface MiniProgram {
  ctx: SandboxContext;
  app: string;
  token: string;
  cookieHeader: string | undefined;
}

/** Only http(s) origins: the simulator fetches whatever it is pointed at, from the sandbox's host. */
function appOrigin(value: string | null): string | undefined {
  return httpUrl(value)?.origin;
}

const shopPath = (app: string) => `/simulator/shop?app=${encodeURIComponent(app)}`;

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

function shell(title: string, app: string | undefined, body: Html): string {
  return page(
    `Mini program simulator — ${title}`,
    html`<div class="card"><h1>Mini program simulator</h1>
<p>Plays your mini program against the merchant backend at <code>${app ?? "(none)"}</code>.</p></div>${body}`,
  );
}

function errorPage(status: number, app: string | undefined, text: string): PageResult {
  return { status, html: shell("error", app, html`<div class="card error" id="notice">${text}</div>`) };
}

/** Routes under /simulator; undefined when the path is not one of them. */
export async function handleSimulatorRequest(
  ctx: SandboxContext,
  request: { method: string; path: string; query: URLSearchParams; cookieHeader: string | undefined },
  readForm: () => Promise<URLSearchParams>,
): Promise<PageResult | undefined> {
  const { method, path, query, cookieHeader } = request;
  if (path === "/simulator" && method === "GET") return renderStart(query);
  if (path === "/simulator/start" && method === "POST") return start(ctx, await readForm());
  const app = appOrigin(query.get("app"));
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  if (!app || !token) {
    // No session in this browser yet: open the mini program first.
    return { status: 303, redirect: `/simulator${app ? `?app=${encodeURIComponent(app)}` : ""}` };
  }
  const mini: MiniProgram = { ctx, app, token, cookieHeader };
  if (path === "/simulator/shop" && method === "GET") return renderShop(mini);
  if (path === "/simulator/order" && method === "POST") return placeOrder(mini, await readForm());
  if (path === "/simulator/agreement" && method === "POST") return startAgreement(mini);
  if (path === "/simulator/agreement/signed" && method === "GET") return bindAgreement(mini, query);
  const confirm = path.match(/^\/simulator\/orders\/([^/]+)\/confirm-receipt$/);
  if (confirm && method === "POST") return confirmReceipt(mini, decodeURIComponent(confirm[1] ?? ""));
  return undefined;
}

function renderStart(query: URLSearchParams): PageResult {
  const app = appOrigin(query.get("app")) ?? DEFAULT_APP;
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

async function start(ctx: SandboxContext, form: URLSearchParams): Promise<PageResult> {
  const app = appOrigin(form.get("app"));
  if (!app) return errorPage(400, undefined, "Not an http(s) address.");
  const persona = PERSONAS.includes(form.get("persona") ?? "") ? (form.get("persona") as string) : "normal";
  const user = upsertUser(ctx.store, ctx.clock, ctx.settings(), { persona });
  let authorization: { authCode: string; authSuccessScopes: string[] };
  try {
    authorization = authorizeScopes(ctx, { userId: user.userId, scopes: form.getAll("scope") });
  } catch (error) {
    const message = error instanceof AuthorizationError ? `${error.code}: ${error.message}` : String(error);
    return errorPage(400, app, message);
  }
  const session = await callApp(app, "POST", "/api/mini/session", { body: authorization });
  if (session.status !== 201 || typeof session.json.sessionToken !== "string") {
    return errorPage(502, app, `POST /api/mini/session: ${errorText(session.json)}`);
  }
  return {
    status: 303,
    redirect: shopPath(app),
    setCookies: [
      `${SESSION_COOKIE}=${session.json.sessionToken}; Path=/simulator; HttpOnly; SameSite=Lax`,
      walletUserCookie(user.userId),
    ],
  };
}

interface OrderView {
  orderId: string;
  flow: string;
  status: string;
  amount: { value: string; currency: string };
  redirectionUrl?: string;
  failure?: { code?: string; message?: string };
}

interface ProductView {
  sku: string;
  name: string;
  nameArabic: string;
  priceText: string;
}

/** Escrow orders the customer may try to confirm; the backend decides (after an operator accepted). */
const CONFIRMABLE = new Set(["PAID", "ACCEPTED"]);

/** my.tradePay: the cashier, told to come back to this simulator afterwards. */
function cashierLink(redirectionUrl: string, app: string): string {
  const url = httpUrl(redirectionUrl);
  return url ? withParams(url, { returnTo: shopPath(app) }) : redirectionUrl;
}

function orderRow(order: OrderView, app: string) {
  const confirmable = order.flow === "ESCROW" && CONFIRMABLE.has(order.status);
  return html`<tr data-order="${order.orderId}"><td class="small">${order.orderId}</td><td>${order.flow}</td><td class="status">${order.status}</td>
<td class="amount">${formatAmount(BigInt(order.amount.value), order.amount.currency)}</td>
<td>${order.redirectionUrl ? html`<a class="pay" href="${cashierLink(order.redirectionUrl, app)}">Pay at the cashier</a>` : ""}
${order.failure ? html`<span class="error">${order.failure.message}</span>` : ""}
${confirmable ? html`<form method="post" action="/simulator/orders/${encodeURIComponent(order.orderId)}/confirm-receipt?app=${encodeURIComponent(app)}"><button type="submit" class="confirm-receipt">Confirm receipt</button></form>` : ""}</td></tr>`;
}

function productCard(catalog: { status: number; json: Record<string, unknown> }, app: string) {
  const products = catalog.status === 200 ? ((catalog.json.products ?? []) as ProductView[]) : undefined;
  const skuField = products
    ? html`<select name="sku" id="sku">${products.map((p) => html`<option value="${p.sku}">${p.name} — ${p.priceText}</option>`)}</select>`
    : html`<input name="sku" id="sku" value="COFFEE">`;
  return html`<div class="card"><h2>Products (GET /api/mini/products)</h2>
${
  products
    ? html`<table id="products"><tr><th>SKU</th><th>Product</th><th></th><th>Price</th></tr>
${products.map((p) => html`<tr data-sku="${p.sku}"><td><code>${p.sku}</code></td><td>${p.name}</td><td lang="ar" dir="rtl">${p.nameArabic}</td><td class="price">${p.priceText}</td></tr>`)}</table>`
    : html`<p class="error">${errorText(catalog.json)}</p>`
}
<h2>Place an order (POST /api/mini/orders)</h2>
<form method="post" action="/simulator/order?app=${encodeURIComponent(app)}">
<label for="sku">Product</label>${skuField}
<label>Quantity</label><input name="quantity" value="1" type="number" min="1" max="99">
<label>Flow</label><select name="flow"><option>CASHIER</option><option>ESCROW</option><option value="AGREEMENT">AGREEMENT (after signing an agreement)</option></select>
<button type="submit" id="order">Place order</button></form></div>`;
}

async function renderShop(mini: MiniProgram, notice?: Notice): Promise<PageResult> {
  const { ctx, app, token } = mini;
  const [me, orders, catalog] = await Promise.all([
    callApp(app, "GET", "/api/mini/me", { token }),
    callApp(app, "GET", "/api/mini/orders?limit=10", { token }),
    callApp(app, "GET", "/api/mini/products"),
  ]);
  const walletUser = signedInUser(ctx, mini.cookieHeader);
  const body = html`${notice ? html`<div class="card ${notice.ok ? "ok" : "error"}" id="notice">${notice.text}</div>` : ""}
<div class="card"><h2>Profile (GET /api/mini/me)</h2>
<p>Signed in to the wallet as <code id="wallet-user">${walletUser?.userId ?? "nobody"}</code>${walletUser ? ` (${walletUser.persona})` : ""}.</p>
${me.status === 200 ? html`<pre id="profile">${JSON.stringify(me.json.userInfo ?? {}, null, 2)}</pre>` : html`<p class="error">${errorText(me.json)}</p>`}</div>
${productCard(catalog, app)}
<div class="card"><h2>Agreement payments (walletSignContract)</h2>
<p>Prepares an agreement (POST /api/mini/agreements), opens the wallet's agreement page for the signed-in
wallet user and binds what it returns (POST /api/mini/agreements/bind). AGREEMENT orders are then paid
without the cashier.</p>
<form method="post" action="/simulator/agreement?app=${encodeURIComponent(app)}"><button type="submit" id="sign-agreement">Sign an agreement</button></form></div>
<div class="card"><h2>Orders <a href="${shopPath(app)}" id="refresh">(refresh)</a></h2>
${orders.status === 200 ? "" : html`<p class="error">${errorText(orders.json)}</p>`}
<table id="orders"><tr><th>Order</th><th>Flow</th><th>Status</th><th>Amount</th><th></th></tr>
${((orders.json.orders ?? []) as OrderView[]).map((order) => orderRow(order, app))}</table></div>`;
  return { status: 200, html: shell("shop", app, body) };
}

async function placeOrder(mini: MiniProgram, form: URLSearchParams): Promise<PageResult> {
  const flow = form.get("flow");
  const created = await callApp(mini.app, "POST", "/api/mini/orders", {
    token: mini.token,
    headers: { "Idempotency-Key": `simulator-${randomUUID()}` },
    body: {
      flow: flow === "ESCROW" || flow === "AGREEMENT" ? flow : "CASHIER",
      items: [{ sku: form.get("sku") ?? "", quantity: Number(form.get("quantity") ?? 1) }],
    },
  });
  if (created.status >= 400) {
    return renderShop(mini, { ok: false, text: `POST /api/mini/orders: ${errorText(created.json)}` });
  }
  const order = created.json as unknown as OrderView;
  // my.tradePay: the mini program opens the cashier with the redirectionUrl. An agreement order
  // has none: it was paid (or refused) at once.
  if (order.redirectionUrl) return { status: 303, redirect: cashierLink(order.redirectionUrl, mini.app) };
  return { status: 303, redirect: shopPath(mini.app) };
}

async function startAgreement(mini: MiniProgram): Promise<PageResult> {
  const prepared = await callApp(mini.app, "POST", "/api/mini/agreements", {
    token: mini.token,
    body: { contractDescription: "Pay my mini program orders without confirming each one" },
  });
  const authorizationUrl = httpUrl(String(prepared.json.authorizationUrl ?? ""));
  if (prepared.status >= 400 || !authorizationUrl) {
    return renderShop(mini, { ok: false, text: `POST /api/mini/agreements: ${errorText(prepared.json)}` });
  }
  // my.call('walletSignContract'): the wallet's agreement page; its result comes back here.
  const signed = `${mini.ctx.baseUrl()}/simulator/agreement/signed?app=${encodeURIComponent(mini.app)}`;
  return { status: 303, redirect: withParams(authorizationUrl, { redirectUrl: signed }) };
}

async function bindAgreement(mini: MiniProgram, query: URLSearchParams): Promise<PageResult> {
  const authCode = query.get("authCode");
  if (!authCode) {
    return renderShop(mini, {
      ok: false,
      text: `walletSignContract failed: error ${query.get("error") ?? "?"}`,
    });
  }
  const bound = await callApp(mini.app, "POST", "/api/mini/agreements/bind", {
    token: mini.token,
    body: { authCode },
  });
  return renderShop(
    mini,
    bound.status === 200
      ? {
          ok: true,
          text: `Agreement ${String(bound.json.status)}: AGREEMENT orders are paid without the cashier.`,
        }
      : { ok: false, text: `POST /api/mini/agreements/bind: ${errorText(bound.json)}` },
  );
}

async function confirmReceipt(mini: MiniProgram, orderId: string): Promise<PageResult> {
  const confirmed = await callApp(
    mini.app,
    "POST",
    `/api/mini/orders/${encodeURIComponent(orderId)}/confirm-receipt`,
    { token: mini.token },
  );
  return renderShop(
    mini,
    confirmed.status < 400
      ? { ok: true, text: `Receipt confirmed: the order is ${String(confirmed.json.status)}.` }
      : { ok: false, text: `POST /api/mini/orders/${orderId}/confirm-receipt: ${errorText(confirmed.json)}` },
  );
}
