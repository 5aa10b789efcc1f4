// The consent page my.getAuthCode opens: GET shows the requested scopes; approving creates the
// authCode and shows it, or sends the browser back to `redirectUrl` with it in the query. It acts
// for the user signed in to the wallet app (see wallet-session.ts).
import type { SandboxContext } from "../context";
import { AuthorizationError, authorizeScopes } from "../domain/authorization";
import { SILENT_SCOPES } from "../domain/scopes";
import { html, page } from "./html";
import { cancelledPage, httpUrl, type PageResult, resultPage, withParams } from "./results";
import { actingUser, actingUserField, signedInUser, walletUserCookie } from "./wallet-session";

const SCOPE_TEXT: Record<string, string> = {
  auth_base: "Know that you use this mini program",
  USER_ID: "Your wallet user id",
  USER_LOGIN_ID: "Your masked login id (phone number)",
  HASH_LOGIN_ID: "A hash of your login id",
  USER_NAME: "Your name",
  USER_AVATAR: "Your avatar",
  USER_GENDER: "Your gender",
  USER_BIRTHDAY: "Your date of birth",
  USER_NATIONALITY: "Your nationality",
  USER_CONTACTINFO: "Your masked phone number and e-mail",
  NOTIFICATION_PUSH: "Send you push messages",
  MERCHANT_ID: "The merchant id",
  MERCHANT_NAME: "The merchant name",
  MERCHANT_LOGO: "The merchant logo",
  AGREEMENT_PAY: "Charge you under an agreement",
};

function scopesOf(value: string | null): string[] {
  return (value ?? "USER_ID")
    .split(/[,\s]+/)
    .map((scope) => scope.trim())
    .filter(Boolean);
}

export function renderAuthorize(
  ctx: SandboxContext,
  query: URLSearchParams,
  cookieHeader: string | undefined,
): PageResult {
  const scopes = scopesOf(query.get("scopes"));
  const clientId = query.get("clientId") ?? "";
  const merchant = clientId ? ctx.store.get("merchant", clientId) : undefined;
  const consent = scopes.filter((scope) => !(SILENT_SCOPES as readonly string[]).includes(scope));
  const body = html`
<div class="card">
  <h1>Authorize ${merchant?.merchantName ?? (clientId || "this mini program")}</h1>
  <p>The mini program asks for:</p>
  <ul class="scopes" id="scopes">
    ${scopes.map((scope) => html`<li><code>${scope}</code> ${SCOPE_TEXT[scope] ?? ""}${(SILENT_SCOPES as readonly string[]).includes(scope) ? " (granted silently)" : ""}</li>`)}
  </ul>
  ${consent.length === 0 ? html`<p>These scopes need no consent.</p>` : ""}
  <form method="post" action="/authorize">
    ${actingUserField(ctx, query.get("userId"), signedInUser(ctx, cookieHeader))}
    <input type="hidden" name="scopes" value="${scopes.join(",")}">
    <input type="hidden" name="clientId" value="${clientId}">
    <input type="hidden" name="redirectUrl" value="${query.get("redirectUrl") ?? ""}">
    <input type="hidden" name="state" value="${query.get("state") ?? ""}">
    <button type="submit" name="decision" value="approve" id="approve">Allow</button>
    <button type="submit" name="decision" value="deny" class="secondary" id="deny">Cancel</button>
  </form>
</div>`;
  return { status: 200, html: page("Authorize", body) };
}

export function submitAuthorize(ctx: SandboxContext, form: URLSearchParams): PageResult {
  const redirectUrl = httpUrl(form.get("redirectUrl"));
  const state = form.get("state") || undefined;
  const scopes = scopesOf(form.get("scopes"));
  if (form.get("decision") !== "approve") {
    // my.getAuthCode fail callback: 1001, the user cancelled.
    const authErrorScopes = JSON.stringify(Object.fromEntries(scopes.map((scope) => [scope, "1001"])));
    if (redirectUrl)
      return { status: 303, redirect: withParams(redirectUrl, { error: "1001", authErrorScopes, state }) };
    return cancelledPage("Authorization cancelled");
  }
  const userId = actingUser(ctx, form);
  try {
    const authorization = authorizeScopes(ctx, {
      userId,
      scopes,
      clientId: form.get("clientId") || undefined,
    });
    // Whoever approved is the wallet app's signed-in user from now on.
    const setCookies = [walletUserCookie(userId)];
    if (redirectUrl) {
      return {
        status: 303,
        setCookies,
        redirect: withParams(redirectUrl, {
          authCode: authorization.authCode,
          authSuccessScopes: authorization.authSuccessScopes.join(","),
          state,
        }),
      };
    }
    return {
      ...resultPage(
        200,
        "Authorized",
        { ok: true, text: "The user allowed the mini program." },
        html`<dl><dt>authCode</dt><dd><code id="auth-code">${authorization.authCode}</code></dd>
<dt>authSuccessScopes</dt><dd id="auth-scopes">${authorization.authSuccessScopes.join(", ")}</dd></dl>
<p>Send this authCode to the merchant backend, which exchanges it with applyToken.</p>`,
      ),
      setCookies,
    };
  } catch (error) {
    if (!(error instanceof AuthorizationError)) throw error;
    if (redirectUrl && error.authErrorScopes) {
      return {
        status: 303,
        redirect: withParams(redirectUrl, {
          error: error.code,
          authErrorScopes: JSON.stringify(error.authErrorScopes),
          state,
        }),
      };
    }
    return resultPage(400, "Authorization failed", { ok: false, text: `${error.code}: ${error.message}` });
  }
}
