import "server-only";
import { redirect } from "next/navigation";
// Who the operator behind a request is, re-read from the database on every request: the session
// token (next-auth's JWT, in its cookie or as a Bearer token for scripts) only names a session kept
// on the server; whether it still stands, and whether its operator may still act and with which
// role, is the database's current word (lib/operators/sessions/operator-sessions.ts).
import { getServerSession } from "next-auth";
import { getToken } from "next-auth/jwt";
import { getPrisma } from "@/lib/platform/db/client";
import { getEnv } from "@/lib/platform/env";
import { ForbiddenError } from "@/lib/platform/errors/domain-errors";
import { HttpError } from "@/lib/platform/errors/http-errors";
import { authenticateApiKey, isApiKey } from "./api-keys/authenticate-api-key";
import type { OperatorIdentity } from "./operator-identity";
import { grantsOf } from "./roles/grants";
import { can, type Permission, SIGNED_IN_ONLY } from "./roles/permissions";
import { type OperatorWithRole, operatorOfSession, whySessionEnded } from "./sessions/operator-sessions";
import { getAuthOptions, usesSecureCookies } from "./sign-in/auth-options";
import { lacksRequiredSecondFactor } from "./sign-in/second-factor-policy";

export interface AuthenticatedOperator {
  operator: OperatorIdentity;
  /** True when the session came in a cookie: the browser sends it by itself, so writes need CSRF checks. */
  viaCookie: boolean;
}

function identityOf(operator: OperatorWithRole, sessionId: string, mustEnrol: boolean): OperatorIdentity {
  return {
    id: operator.id,
    email: operator.email,
    name: operator.name,
    ...grantsOf(operator.roleDefinition),
    mustEnrolSecondFactor: mustEnrol,
    sessionId,
  };
}

/** The enabled operator of a session that still stands, as an identity, or null. */
async function currentOperator(
  token: { sessionId?: unknown; operatorId?: unknown } | null | undefined,
): Promise<OperatorIdentity | null> {
  const sessionId = typeof token?.sessionId === "string" ? token.sessionId : undefined;
  const operatorId = typeof token?.operatorId === "string" ? token.operatorId : undefined;
  if (!sessionId) return null;
  const operator = await operatorOfSession(getPrisma(), { sessionId, operatorId }, getEnv().operatorSessions);
  return operator && identityOf(operator, sessionId, await lacksRequiredSecondFactor(getPrisma(), operator));
}

/** A cookie's value decoded; one that is not valid percent-encoding is kept as sent. */
function decodeCookie(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index > 0) cookies[part.slice(0, index).trim()] = decodeCookie(part.slice(index + 1).trim());
  }
  return cookies;
}

/** For API routes: the operator of the request, or 401. */
export async function authenticateOperator(request: Request): Promise<AuthenticatedOperator> {
  const bearerToken = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (bearerToken && isApiKey(bearerToken)) {
    const key = await authenticateApiKey(getPrisma(), bearerToken, new Date());
    if (!key) {
      throw new HttpError(
        "UNAUTHENTICATED",
        "This API key is unknown, revoked or expired, or its operator is disabled.",
      );
    }
    if (key === "SUSPENDED") {
      throw new ForbiddenError(
        "This API key is suspended: its maker's role requires a second factor they have not set up. " +
          "It works again once they set one up on 'Your account'.",
        { reason: "API_KEY_SUSPENDED" },
      );
    }
    const { operatorId, ...identity } = key;
    // A key travels in a header a script sets: no browser sends it by itself, so no CSRF check. A
    // script cannot enrol a second factor; the key's maker signed in to make it.
    return { operator: { id: operatorId, ...identity, mustEnrolSecondFactor: false }, viaCookie: false };
  }
  const cookies = parseCookies(request.headers.get("cookie"));
  const token = await getToken({
    // next-auth reads `cookies` as a plain object and `headers` for a Bearer token.
    req: { cookies, headers: request.headers } as unknown as Parameters<typeof getToken>[0]["req"],
    secret: getEnv().nextauthSecret,
    secureCookie: usesSecureCookies(),
  });
  const operator = await currentOperator(token);
  if (!operator) {
    throw new HttpError("UNAUTHENTICATED", "Sign in to the operator console first (/admin/sign-in).");
  }
  // next-auth reads the cookie before an Authorization header: with a session cookie present, the
  // session came from it (whatever else was sent), and the browser may have sent it by itself.
  const viaCookie = Object.keys(cookies).some((name) => name.includes("next-auth.session-token"));
  return { operator, viaCookie };
}

/**
 * For pages: the operator whose session (the cookie's token, and its row on the server) still
 * stands, or null. A token that decodes is not enough: its session may have ended.
 */
export async function pageOperator(): Promise<OperatorIdentity | null> {
  return currentOperator(await pageToken());
}

async function pageToken(): Promise<{ sessionId: string; operatorId: string } | undefined> {
  const session = await getServerSession(getAuthOptions());
  return session?.operator && { sessionId: session.operator.sessionId, operatorId: session.operator.id };
}

/**
 * Where a page sends a visitor without a standing session: the sign-in page, told why the session
 * they had ended (an administrator signed them out, their password changed, idle…) so they are not
 * left wondering.
 */
async function signInPage(): Promise<string> {
  const token = await pageToken();
  const why = token ? await whySessionEnded(getPrisma(), token, getEnv().operatorSessions) : null;
  return why ? `/admin/sign-in?ended=${why}` : "/admin/sign-in";
}

/**
 * What an operator who must enrol a second factor may still reach: their own account page and what
 * it calls (enrolment, their sessions, signing out). Everything else waits for the enrolment.
 */
export type EnrolmentRule = "allowed-before-enrolment" | "after-enrolment";

/** For API routes: 403 unless the operator holds `permission` (and has enrolled, where required). */
export function requirePermission(
  operator: OperatorIdentity,
  permission: Permission | null,
  enrolment: EnrolmentRule = "after-enrolment",
): void {
  if (operator.mustEnrolSecondFactor && enrolment === "after-enrolment") {
    throw new ForbiddenError(
      "Your role requires a second factor: set one up on 'Your account' (/admin/sessions) first.",
      { reason: "SECOND_FACTOR_REQUIRED" },
    );
  }
  if (permission && !can(operator, permission)) {
    if (operator.apiKeyId && SIGNED_IN_ONLY.includes(permission)) {
      throw new ForbiddenError(
        `${permission} is for people signed in to the console: an API key never has it, whatever its role.`,
        { reason: "SIGNED_IN_ONLY" },
      );
    }
    throw new ForbiddenError(
      `This needs the ${permission} permission, which your role (${operator.roleName}) does not have.`,
    );
  }
}

/**
 * For what an operator does about their own account (passkeys, two-step sign-in, sessions): only the
 * person, signed in. Through an API key acting for them, a script could otherwise add a passkey that
 * signs in as its maker, with the maker's whole role rather than the key's.
 */
export function requireSignedIn(operator: OperatorIdentity): void {
  if (!operator.sessionId) {
    throw new ForbiddenError(
      "This is about your own sign-in: do it in the console, signed in. An API key cannot.",
      { reason: "SIGNED_IN_ONLY" },
    );
  }
}

/**
 * For pages (server components): the signed-in operator, or a redirect to the sign-in page; one
 * whose role lacks `permission` sees the "not allowed" page instead of the content, and one who must
 * enrol a second factor is sent to do so.
 */
export async function requireOperatorPage(
  permission: Permission | null = "orders.read",
  enrolment: EnrolmentRule = "after-enrolment",
): Promise<OperatorIdentity> {
  const operator = await pageOperator();
  if (!operator) redirect(await signInPage());
  if (operator.mustEnrolSecondFactor && enrolment === "after-enrolment")
    redirect("/admin/sessions?enrol=required");
  if (permission && !can(operator, permission)) redirect(`/admin/forbidden?need=${permission}`);
  return operator;
}
