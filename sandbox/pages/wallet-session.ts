// Who is signed in to the wallet app in this browser. A real wallet app always knows its logged-in
// user, and its consent and agreement pages act for that user: nobody types a user id. The sandbox
// keeps that user in a cookie, set when the wallet container signs a user in (the user launched a
// mini program from the wallet app) and whenever a user approves the consent or agreement page.
import type { SandboxContext } from "../context";
import { upsertUser } from "../domain/users";
import type { User } from "../store/entities";
import { html } from "./html";

const WALLET_USER_COOKIE = "wallet_user";

export function walletUserCookie(userId: string): string {
  return `${WALLET_USER_COOKIE}=${encodeURIComponent(userId)}; Path=/; HttpOnly; SameSite=Lax`;
}

function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of cookieHeader?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

/** The signed-in user; a cookie naming a user that no longer exists (after a reset) is no one. */
export function signedInUser(ctx: SandboxContext, cookieHeader: string | undefined): User | undefined {
  const userId = readCookie(cookieHeader, WALLET_USER_COOKIE);
  return userId ? ctx.store.get("user", userId) : undefined;
}

/**
 * The user field of a consent or agreement form, filled with who acts and saying why: the `userId`
 * of the link, else the signed-in user, else empty (a new test user is created), never a guess.
 */
export function actingUserField(ctx: SandboxContext, requestedUserId: string | null, signedIn?: User) {
  const userId = requestedUserId || signedIn?.userId || "";
  const source = requestedUserId
    ? "named by the link (userId=)"
    : signedIn
      ? "signed in to the wallet app in this browser"
      : "nobody is signed in in this browser: leave it empty to sign in as a new test user";
  const users = [...ctx.store.all("user")].slice(-50);
  return html`<label for="userId">Wallet user (<span id="user-source">${source}</span>)</label>
<input id="userId" name="userId" value="${userId}" list="users">
<datalist id="users">${users.map((user) => html`<option value="${user.userId}">${user.persona}</option>`)}</datalist>`;
}

/** The user a submitted form acts as: the one named, or a new test user when the field was empty. */
export function actingUser(ctx: SandboxContext, form: URLSearchParams): string {
  const userId = form.get("userId")?.trim();
  return userId || upsertUser(ctx.store, ctx.clock, ctx.settings(), {}).userId;
}
