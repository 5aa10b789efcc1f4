// The agreement page walletSignContract opens (prepare's authorizationUrl): the user signs and the
// result is an authCode carrying AGREEMENT_PAY.
import type { SandboxContext } from "../context";
import { AuthorizationError, authorizeAgreement } from "../domain/authorization";
import type { PageResult } from "./authorize";
import { formatTime, html, page } from "./html";

export function renderAgreement(ctx: SandboxContext, query: URLSearchParams): PageResult {
  const token = query.get("token") ?? "";
  const link = ctx.store.get("agreementLink", token);
  if (!link)
    return {
      status: 404,
      html: page("Not found", html`<div class="card"><h1>Unknown agreement link</h1></div>`),
    };
  const merchant = ctx.store.get("merchant", link.clientId);
  const users = [...ctx.store.all("user")].slice(-50);
  const body = html`
<div class="card">
  <h1>Agreement with ${merchant?.merchantName ?? link.clientId}</h1>
  <dl>
    <dt>Agreement</dt><dd id="contract">${link.contractDesc ?? "Recurring payments without confirmation"}</dd>
    <dt>Scopes</dt><dd>${link.scopes.join(", ")}</dd>
    <dt>Link valid until</dt><dd>${formatTime(link.expiresAt)} UTC</dd>
  </dl>
  ${
    link.authorizedAt !== undefined
      ? html`<p class="error" id="result">This agreement link was already signed.</p>`
      : html`<form method="post" action="/agreement">
    <input type="hidden" name="token" value="${token}">
    <input type="hidden" name="redirectUrl" value="${query.get("redirectUrl") ?? ""}">
    <label for="userId">Signed-in wallet user</label>
    <input id="userId" name="userId" value="${query.get("userId") ?? users[0]?.userId ?? "demo-user"}" list="users" required>
    <datalist id="users">${users.map((user) => html`<option value="${user.userId}">${user.persona}</option>`)}</datalist>
    <button type="submit" name="decision" value="approve" id="approve">Agree and sign</button>
    <button type="submit" name="decision" value="deny" class="secondary" id="deny">Decline</button>
  </form>`
  }
</div>`;
  return { status: 200, html: page("Agreement", body) };
}

export function submitAgreement(ctx: SandboxContext, form: URLSearchParams): PageResult {
  const redirectUrl = form.get("redirectUrl");
  const target = redirectUrl && /^https?:\/\//.test(redirectUrl) ? new URL(redirectUrl) : undefined;
  if (form.get("decision") !== "approve") {
    if (target) {
      target.searchParams.set("error", "1001");
      return { status: 303, redirect: target.toString() };
    }
    return {
      status: 200,
      html: page(
        "Declined",
        html`<div class="card"><h1>Agreement declined</h1><p class="error" id="result">Error 1001: the user cancelled.</p></div>`,
      ),
    };
  }
  try {
    const authorization = authorizeAgreement(ctx, {
      token: form.get("token") ?? "",
      userId: form.get("userId") || "demo-user",
    });
    if (target) {
      target.searchParams.set("authCode", authorization.authCode);
      return { status: 303, redirect: target.toString() };
    }
    return {
      status: 200,
      html: page(
        "Agreement signed",
        html`<div class="card"><h1 class="ok">Agreement signed</h1><dl><dt>authCode</dt><dd><code id="auth-code">${authorization.authCode}</code></dd></dl>
<p>The merchant backend exchanges this authCode with applyToken; the access token is the paymentAuthCode of agreement payments.</p></div>`,
      ),
    };
  } catch (error) {
    if (!(error instanceof AuthorizationError)) throw error;
    return {
      status: 400,
      html: page(
        "Agreement failed",
        html`<div class="card"><h1>Agreement failed</h1><p class="error" id="result">${error.code}: ${error.message}</p></div>`,
      ),
    };
  }
}
