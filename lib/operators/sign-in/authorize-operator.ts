import "server-only";
// The console's sign-in, as next-auth's credentials provider calls it: throttled guessing
// (lib/operators/sign-in/sign-in-throttle.ts), the password check (lib/operators/sign-in/sign-in.ts), a session row for a
// success (lib/operators/sessions/operator-sessions.ts), and every attempt on a known operator in the audit log
// with its address. A passkey (lib/operators/sign-in/passkeys.ts) signs in on its own. What it throws is what the
// sign-in page shows: INVALID (one answer for an unknown e-mail, a wrong password and a disabled
// operator), LOCKED:<seconds> (this e-mail from this address must wait, whoever's e-mail it is),
// ACCOUNT_LOCKED:<seconds> (this e-mail has failed too often from anywhere: it waits everywhere),
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
import { recordFailedSignIn, recordSignIn, type SignInResult, signInOperator } from "./sign-in";
import { signInThrottle } from "./sign-in-throttle";

/** Why a sign-in was refused, as next-auth passes it to the sign-in page (`error`). */
const SIGN_IN_ERRORS = {
  INVALID: "INVALID",
  LOCKED: "LOCKED",
  ACCOUNT_LOCKED: "ACCOUNT_LOCKED",
  CODE_REQUIRED: "CODE_REQUIRED",
  CODE_INVALID: "CODE_INVALID",
  PASSKEY_REQUIRED: "PASSKEY_REQUIRED",
} as const;

/** The answers that are failed sign-ins (they keep the failure reserved for them); others give it back. */
const FAILURES: readonly string[] = [SIGN_IN_ERRORS.INVALID, SIGN_IN_ERRORS.CODE_INVALID];

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
  // Counted as a failure before anything is checked (sign-in-throttle.ts); refused unchecked when a
  // budget is used up, so the answer is the same whether the password was right or not.
  const reserved = await signInThrottle.reserve(email, address);
  if (!reserved.ok) {
    getLogger().warn(
      { email, address, locked: reserved.locked, security: true },
      "operator sign-in throttled",
    );
    const code = reserved.locked === "account" ? SIGN_IN_ERRORS.ACCOUNT_LOCKED : SIGN_IN_ERRORS.LOCKED;
    throw new Error(`${code}:${Math.ceil(reserved.waitMs / 1000)}`);
  }
  const seen = { email, address, userAgent };
  let proven: { operator: Operator; secondFactor: string | undefined };
  try {
    proven = await checkCredentials(credentials, password, seen);
  } catch (error) {
    const failed = error instanceof Error && FAILURES.some((failure) => failure === error.message);
    if (!failed) await reserved.attempt.release();
    throw error;
  }
  await reserved.attempt.succeeded();
  return signedIn(proven.operator, { address, userAgent, secondFactor: proven.secondFactor });
}

/** The password, then the second factor; throws what the page is told. */
async function checkCredentials(
  credentials: Record<string, unknown> | undefined,
  password: string,
  seen: { email: string; address: string; userAgent: string | undefined },
): Promise<{ operator: Operator; secondFactor: string | undefined }> {
  const result = await signInOperator(getPrisma(), { email: seen.email, password });
  if (!result.ok) {
    await auditSignIn(result, seen);
    getLogger().warn(
      { email: seen.email, address: seen.address, security: true },
      "operator sign-in refused",
    );
    throw new Error(SIGN_IN_ERRORS.INVALID);
  }
  const secondFactor = await secondStep(result.operator, credentials, seen);
  return { operator: result.operator, secondFactor };
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
 * (nothing is counted); a wrong or spent code, or a wrong recovery code, is a failed sign-in like a
 * wrong password: it keeps its place in the failure budgets and counts on the Operators page.
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
    await recordFailedSignIn(getPrisma(), operator.id);
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
