// Operators for tests: created in the database with a known password and signed in — a session row,
// as a sign-in makes, and the credentials the console's API accepts: next-auth's own encrypted JWT
// naming that session, sent as the session cookie (a browser) or as a Bearer token (a script).
import { encode } from "next-auth/jwt";
import { createOperator } from "@/lib/operators/manage-operators";
import type { OperatorIdentity } from "@/lib/operators/operator-identity";
import { BUILT_IN_ROLES, type RoleDefinition } from "@/lib/operators/roles/built-in-roles";
import { startOperatorSession } from "@/lib/operators/sessions/operator-sessions";
import type { PrismaClient } from "@/lib/platform/db";

/** A built-in role (lib/operators/roles/built-in-roles.ts) or one a test made. */
type RoleKey = "VIEWER" | "SUPPORT" | "FINANCE" | "ADMIN" | (string & {});

export const TEST_OPERATOR_PASSWORD = "correct horse battery staple";

/** The defaults of OPERATOR_SESSION_HOURS and OPERATOR_IDLE_MINUTES. */
const TEST_SESSION_SETTINGS = { maxAgeMs: 8 * 3600_000, idleMs: 30 * 60_000 };

export interface TestOperator {
  id: string;
  email: string;
  role: RoleKey;
  /** The server-side session the token names. */
  sessionId: string;
  /** next-auth's session JWT for this operator. */
  token: string;
  /** Headers of a browser session: the cookie and our own Origin. */
  browser(origin: string): Record<string, string>;
  /** Headers of a script: the session as a Bearer token. */
  script(): Record<string, string>;
}

export async function createTestOperator(
  prisma: PrismaClient,
  role: RoleKey,
  secret = process.env.NEXTAUTH_SECRET as string,
  who: { email?: string; name?: string } = {},
): Promise<TestOperator> {
  const email = who.email ?? `${role.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@shop.example`;
  const operator = await createOperator({ prisma }, undefined, {
    email,
    name: who.name ?? `${role} tester`,
    role,
    password: TEST_OPERATOR_PASSWORD,
  });
  return signedIn(prisma, { id: operator.id, email, name: operator.name, role }, secret);
}

/** A further sign-in of an operator a test made: another device, with its own session and token. */
export function signInAgain(
  prisma: PrismaClient,
  operator: TestOperator,
  secret = process.env.NEXTAUTH_SECRET as string,
): Promise<TestOperator> {
  return signedIn(prisma, { ...operator, name: `${operator.role} tester` }, secret);
}

async function signedIn(
  prisma: PrismaClient,
  operator: { id: string; email: string; name: string; role: RoleKey },
  secret: string,
): Promise<TestOperator> {
  const { id, email, name, role } = operator;
  const sessionId = await startOperatorSession(
    prisma,
    { operatorId: id, userAgent: "test", address: "127.0.0.1" },
    TEST_SESSION_SETTINGS,
  );
  const token = await encode({ token: { operatorId: id, role, email, name, sub: id, sessionId }, secret });
  return {
    id,
    email,
    role,
    sessionId,
    token,
    browser: (origin) => ({ Cookie: `next-auth.session-token=${token}`, Origin: origin }),
    script: () => ({ Authorization: `Bearer ${token}` }),
  };
}

/**
 * The identity services receive for an operator of a built-in role, as lib/operators/current-operator.ts
 * builds it from the database, for tests that call services directly.
 */
export function identityOf(
  operator: { id: string; email: string; name?: string },
  roleKey: "VIEWER" | "SUPPORT" | "FINANCE" | "ADMIN" = "ADMIN",
): OperatorIdentity {
  const role = BUILT_IN_ROLES.find((candidate) => candidate.key === roleKey) as RoleDefinition;
  return {
    id: operator.id,
    email: operator.email,
    name: operator.name ?? `${roleKey} tester`,
    role: role.key,
    roleName: role.name,
    permissions: role.permissions,
    refundLimits: { perRefundFils: role.refundLimitFils, perDayFils: role.dailyRefundLimitFils },
    mustEnrolSecondFactor: false,
  };
}
