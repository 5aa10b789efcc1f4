// The agreement page walletSignContract opens (prepare's authorizationUrl): the user signs and the
// result is an authCode carrying AGREEMENT_PAY. It signs as the user signed in to the wallet app
// (see wallet-session.ts): a merchant binds the agreement only to the session's own customer, so
// signing as anyone else would make the binding fail.
import type { SandboxContext } from "../context";
import { AuthorizationError, authorizeAgreement } from "../domain/authorization";
import { formatTime, html, page } from "./html";
import { cancelledPage, httpUrl, type PageResult, resultPage, withParams } from "./results";
import { actingUser, actingUserField, signedInUser, walletUserCookie } from "./wallet-session";

export function renderAgreement(
  ctx: SandboxContext,
  query: URLSearchParams,
  cookieHeader: string | undefined,
): PageResult {
  const token = query.get("token") ?? "";
  const link = ctx.store.get("agreementLink", token);
  if (!link) return resultPage(404, "Unknown agreement link", { ok: false, text: "No such agreement link." });
  const merchant = ctx.store.get("merchant", link.clientId);
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
    ${actingUserField(ctx, query.get("userId"), signedInUser(ctx, cookieHeader))}
    <button type="submit" name="decision" value="approve" id="approve">Agree and sign</button>
    <button type="submit" name="decision" value="deny" class="secondary" id="deny">Decline</button>
  </form>`
  }
</div>`;
  return { status: 200, html: page("Agreement", body) };
}

export function submitAgreement(ctx: SandboxContext, form: URLSearchParams): PageResult {
  const redirectUrl = httpUrl(form.get("redirectUrl"));
  if (form.get("decision") !== "approve") {
    if (redirectUrl) return { status: 303, redirect: withParams(redirectUrl, { error: "1001" }) };
    return cancelledPage("Agreement declined");
  }
  const userId = actingUser(ctx, form);
  try {
    const authorization = authorizeAgreement(ctx, { token: form.get("token") ?? "", userId });
    const setCookies = [walletUserCookie(userId)];
    if (redirectUrl) {
      return {
        status: 303,
        setCookies,
        redirect: withParams(redirectUrl, { authCode: authorization.authCode }),
      };
    }
    return {
      ...resultPage(
        200,
        "Agreement signed",
        { ok: true, text: "The user signed the agreement." },
        html`<dl><dt>authCode</dt><dd><code id="auth-code">${authorization.authCode}</code></dd></dl>
<p>The merchant backend exchanges this authCode with applyToken; the access token is the paymentAuthCode of agreement payments.</p>`,
      ),
      setCookies,
    };
  } catch (error) {
    if (!(error instanceof AuthorizationError)) throw error;
    return resultPage(400, "Agreement failed", { ok: false, text: `${error.code}: ${error.message}` });
  }
}
