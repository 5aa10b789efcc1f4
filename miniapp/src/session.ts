// Signing in: my.getAuthCode then POST /api/mini/session. USER_ID is granted silently; other
// scopes (the name, push messages) are asked for when the customer wants what needs them, and the
// session is started again with every scope granted so far.
import { api, call, connectSession } from "./api";
import { getAuthCode } from "./bridge";
import { AuthRefused } from "./errors";

const SILENT = ["USER_ID"];
let granted = new Set<string>(SILENT);

async function startWith(scopes: string[]): Promise<string[]> {
  const auth = await getAuthCode(scopes);
  if (!auth.ok) throw new AuthRefused(auth.code);
  const session = await call(() => api.startSession(auth.authCode, auth.authSuccessScopes), "public");
  granted = new Set([...SILENT, ...session.customer.scopes, ...auth.authSuccessScopes]);
  return [...granted];
}

let signingIn: Promise<void> | undefined;

/**
 * The silent sign-in: started at once, beside the first page (the catalog needs no session), and
 * again whenever the backend says the session ended. Calls for the customer wait for it.
 */
export function signIn(): Promise<void> {
  signingIn = startWith([...granted]).then(() => undefined);
  return signingIn;
}

connectSession({ ready: () => signingIn ?? signIn(), renew: signIn });

/** Asks for `scope` as well (consent in the wallet) and starts a session carrying it. */
export async function grant(scope: string): Promise<void> {
  // One sign-in at a time: the silent one still running would otherwise answer last and replace
  // this session (and the customer's scopes) with its own.
  await signingIn?.catch(() => undefined);
  // A refusal leaves the session as it was: only a new session replaces the old one.
  const attempt = startWith([...new Set([...granted, scope])]);
  signingIn = attempt.then(
    () => undefined,
    () => undefined,
  );
  await attempt;
}

export function hasScope(scope: string): boolean {
  return granted.has(scope);
}
