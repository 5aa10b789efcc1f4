import "server-only";
// The console's sign-in, as next-auth's credentials provider calls it: throttled guessing
// (lib/operators/sign-in/sign-in-throttle.ts), the password check (lib/operators/sign-in/sign-in.ts), a session row for a
// success (lib/operators/sessions/operator-sessions.ts), and every attempt on a known operator in the audit log
// with its address. A passkey (lib/operators/sign-in/passkeys.ts) signs in on its own. What it throws is what the
// sign-in page shows: INVALID (one answer for an unknown e-mail, a wrong password and a disabled
// operator), LOCKED:<seconds> (this e-mail from this address must wait, whoever's e-mail it is),
// CODE_REQUIRED / PASSKEY_REQUIRED (the password was right; now the second factor).
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { User } from "next-auth";
import { recordAudit } from "@/lib/operators/audit/record-audit";
import type { Operator } from "@/lib/platform/db";
import { getPrisma } from "@/lib/platform/db/client";
import { getEnv } from "@/lib/platform/env";
import { HttpError } from "@/lib/platform/errors/http-errors";
import { getLogger } from "@/lib/platform/log";
import { clientAddressOf } from "@/lib/platform/rate-limit";
import { readyRedis } from "@/lib/platform/redis";
import { startOperatorSession } from "../sessions/operator-sessions";
import { operatorOfPasskey, relyingPartyOf } from "./passkeys";
import { checkSecondFactor } from "./second-factor";
import { recordSignIn, type SignInResult, signInOperator } from "./sign-in";
import { signInThrottle } from "./sign-in-throttle";

/** Why a sign-in was refused, as next-auth passes it to the sign-in page (`error`). */
const SIGN_IN_ERRORS = {
  INVALID: "INVALID",
  LOCKED: "LOCKED",
  CODE_REQUIRED: "CODE_REQUIRED",
  CODE_INVALID: "CODE_INVALID",
  PASSKEY_REQUIRED: "PASSKEY_REQUIRED",
} as const;

/** A passkey's answer is a few hundred bytes; anything far larger is not one. */
const MAX_PASSKEY_ANSWER = 16_384;

type Headers = Record<string, unknown> | undefined;

function header(headers: Headers, name: string): string | undefined {
  const value = headers?.[name];
  return typeof value === "string" ? value : undefined;
}

export async function authorizeOperator(
  credentials: Record<string, unknown> | undefined,
  headers: Headers,
): Promise<User> {
  const address = clientAddressOf((name) => header(headers, name));
  const userAgent = header(headers, "user-agent")?.slice(0, 300);
  await signInThrottle.attempt(address);
  if (typeof credentials?.passkey === "string" && credentials.passkey !== "") {
    return passkeySignIn(credentials, { address, userAgent });
  }
  const email = String(credentials?.email ?? "").slice(0, 320);
  const password = String(credentials?.password ?? "").slice(0, 1024);
  if (!email || !password) throw new Error(SIGN_IN_ERRORS.INVALID);
  const waitMs = await signInThrottle.waitMs(email, address);
  if (waitMs > 0) {
    getLogger().warn({ email, address, security: true }, "operator sign-in throttled");
    throw new Error(`${SIGN_IN_ERRORS.LOCKED}:${Math.ceil(waitMs / 1000)}`);
  }
  const result = await signInOperator(getPrisma(), { email, password });
  if (!result.ok) {
    await signInThrottle.failed(email, address);
    await auditSignIn(result, { address, userAgent });
    getLogger().warn({ email, address, security: true }, "operator sign-in refused");
    throw new Error(SIGN_IN_ERRORS.INVALID);
  }
  const secondFactor = await secondStep(result.operator, credentials, { email, address, userAgent });
  await signInThrottle.succeeded(email, address);
  return signedIn(result.operator, { address, userAgent, secondFactor });
}

/** The session of an operator who proved who they are, recorded and audited. */
async function signedIn(
  operator: Operator,
  seen: { address: string; userAgent: string | undefined; secondFactor: string | undefined },
): Promise<User> {
  await recordSignIn(getPrisma(), operator.id);
  const { id, name, role } = operator;
  const sessionId = await startOperatorSession(
    getPrisma(),
    { operatorId: id, address: seen.address, userAgent: seen.userAgent },
    getEnv().operatorSessions,
  );
  await auditSignIn({ ok: true, operator }, { ...seen, sessionId });
  getLogger().info({ operatorId: id, sessionId, address: seen.address }, "operator signed in");
  return { id, email: operator.email, name, role, sessionId };
}

/**
 * A passkey's answer to the ceremony the page started (POST /api/sign-in/passkey): the
 * device checked who holds it, so it signs in on its own. Refusals are INVALID, like a password's.
 */
async function passkeySignIn(
  credentials: Record<string, unknown>,
  seen: { address: string; userAgent: string | undefined },
): Promise<User> {
  const answer = String(credentials.passkey);
  let response: AuthenticationResponseJSON | undefined;
  try {
    response =
      answer.length <= MAX_PASSKEY_ANSWER ? (JSON.parse(answer) as AuthenticationResponseJSON) : undefined;
  } catch {
    response = undefined;
  }
  const ceremonyId = String(credentials.ceremony ?? "").slice(0, 64);
  const operator =
    response && ceremonyId
      ? await operatorOfPasskey(
          getPrisma(),
          await readyRedis(),
          relyingPartyOf(getEnv().publicBaseUrl),
          ceremonyId,
          response,
        )
      : null;
  if (!operator || operator.disabledAt) {
    if (operator) await auditSignIn({ ok: false, operator }, { ...seen, secondFactor: "PASSKEY" });
    getLogger().warn({ address: seen.address, security: true }, "operator passkey sign-in refused");
    throw new Error(SIGN_IN_ERRORS.INVALID);
  }
  return signedIn(operator, { ...seen, secondFactor: "PASSKEY" });
}

/**
 * What the sign-in page may be told. next-auth puts the thrown message in the page's address, so
 * anything but our own answers and the rate limit's (a database or Redis failure, say) is logged
 * and told as UNAVAILABLE.
 */
export function signInRefusal(error: unknown): never {
  const message = error instanceof Error ? error.message : "";
  const ours = Object.values(SIGN_IN_ERRORS).some(
    (code) => message === code || message.startsWith(`${code}:`),
  );
  if (ours || (error instanceof HttpError && error.code === "RATE_LIMITED")) throw error;
  getLogger().error({ err: error }, "operator sign-in failed");
  throw new Error("UNAVAILABLE");
}

/**
 * With two-step sign-in on, the password alone is not enough: without a code the page asks for one
 * (nothing is counted); a wrong or spent code counts as a wrong password.
 */
async function secondStep(
  operator: Operator,
  credentials: Record<string, unknown> | undefined,
  seen: { email: string; address: string; userAgent?: string },
): Promise<string | undefined> {
  if (!operator.totpEnabledAt) {
    // A passkey stands in for the code: the page then signs in with the passkey alone.
    const passkeys = await getPrisma().passkey.count({ where: { operatorId: operator.id } });
    if (passkeys > 0) throw new Error(SIGN_IN_ERRORS.PASSKEY_REQUIRED);
    return undefined;
  }
  const code = String(credentials?.code ?? "").slice(0, 64);
  if (!code.trim()) throw new Error(SIGN_IN_ERRORS.CODE_REQUIRED);
  const used = await checkSecondFactor(getPrisma(), getEnv().tokenEncryptionKey, operator, code);
  if (!used) {
    await signInThrottle.failed(seen.email, seen.address);
    await auditSignIn({ ok: false, operator }, { ...seen, secondFactor: "refused" });
    throw new Error(SIGN_IN_ERRORS.CODE_INVALID);
  }
  return used;
}

/** Sign-ins of known operators, both ways, in the audit log; an unknown e-mail has no one to file it under. */
async function auditSignIn(
  result: SignInResult,
  seen: { address: string; userAgent?: string; sessionId?: string; secondFactor?: string },
): Promise<void> {
  const operator = result.operator;
  if (!operator) return;
  await recordAudit(getPrisma(), {
    operator,
    action: result.ok ? "operator.sign-in" : "operator.sign-in-refused",
    subjectType: "OPERATOR",
    subjectId: operator.id,
    after: {
      address: seen.address,
      userAgent: seen.userAgent,
      sessionId: seen.sessionId,
      secondFactor: seen.secondFactor,
      ...(result.ok ? {} : { disabled: operator.disabledAt !== null }),
    },
  });
}
