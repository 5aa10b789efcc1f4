// The container's wallet app side: who is signed in (the same `wallet_user` cookie the consent and
// agreement pages act for) and what my.getAuthCode decides before any page shows — the refusals
// (2001 for AGREEMENT_PAY, 1000 for unknown scopes), silent scopes granted at once, and whether the
// consent page is needed.
import type { SandboxContext } from "../context";
import { authorizeScopes } from "../domain/authorization";
import { AGREEMENT_SCOPE, KNOWN_SCOPES, SILENT_SCOPES } from "../domain/scopes";
import { upsertUser } from "../domain/users";
import { signedInUser, walletUserCookie } from "../pages/wallet-session";
import type { User } from "../store/entities";

export const PERSONAS = ["normal", "low_balance", "restricted", "risk", "daily_limit"] as const;

export interface ContainerAnswer {
  status: number;
  body: unknown;
  setCookies?: string[];
}

function userJson(user: User | undefined) {
  return user ? { userId: user.userId, persona: user.persona, balance: user.balance.toString() } : {};
}

/** The signed-in user, or a new one signed in now (the user opened the wallet app). */
function currentUser(
  ctx: SandboxContext,
  cookieHeader: string | undefined,
): { user: User; cookies: string[] } {
  const user = signedInUser(ctx, cookieHeader);
  if (user) return { user, cookies: [] };
  const created = upsertUser(ctx.store, ctx.clock, ctx.settings(), {});
  return { user: created, cookies: [walletUserCookie(created.userId)] };
}

export function walletUser(ctx: SandboxContext, cookieHeader: string | undefined): ContainerAnswer {
  return { status: 200, body: userJson(signedInUser(ctx, cookieHeader)) };
}

/** `{persona?, fresh?}`: a new wallet user when `fresh` (or nobody is signed in), else the current one. */
export function updateWalletUser(
  ctx: SandboxContext,
  cookieHeader: string | undefined,
  input: { persona?: unknown; fresh?: unknown },
): ContainerAnswer {
  const persona = PERSONAS.find((name) => name === input.persona);
  const existing = input.fresh === true ? undefined : signedInUser(ctx, cookieHeader);
  const user = upsertUser(ctx.store, ctx.clock, ctx.settings(), {
    ...(existing ? { userId: existing.userId } : {}),
    ...(persona ? { persona } : {}),
  });
  return { status: 200, body: userJson(user), setCookies: [walletUserCookie(user.userId)] };
}

function refusals(scopes: string[]): Record<string, string> | undefined {
  // Spec, client-side code 2001: AGREEMENT_PAY comes from walletSignContract, not my.getAuthCode.
  if (scopes.includes(AGREEMENT_SCOPE)) return { [AGREEMENT_SCOPE]: "2001" };
  const unknown = scopes.filter((scope) => !KNOWN_SCOPES.includes(scope));
  return unknown.length > 0 ? Object.fromEntries(unknown.map((scope) => [scope, "1000"])) : undefined;
}

/** my.getAuthCode before any page: refused, granted silently, or `{consent: true}`. */
export function authorizeFromContainer(
  ctx: SandboxContext,
  cookieHeader: string | undefined,
  input: { scopes?: unknown },
): ContainerAnswer {
  const scopes = Array.isArray(input.scopes) ? input.scopes.map(String).filter(Boolean) : [];
  if (scopes.length === 0) return { status: 200, body: { authErrorScopes: { auth_base: "1000" } } };
  const refused = refusals(scopes);
  if (refused) return { status: 200, body: { authErrorScopes: refused } };
  if (!scopes.every((scope) => (SILENT_SCOPES as readonly string[]).includes(scope))) {
    return { status: 200, body: { consent: true } };
  }
  const { user, cookies } = currentUser(ctx, cookieHeader);
  const authorization = authorizeScopes(ctx, { userId: user.userId, scopes });
  return { status: 200, body: authorization, setCookies: cookies };
}
