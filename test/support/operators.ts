// Operators for tests: created in the database with a known password, and the session credentials the
// console's API accepts — next-auth's own encrypted JWT, sent as the session cookie (a browser) or as
// a Bearer token (a script).
import { encode } from "next-auth/jwt";
import { createOperator } from "@/lib/admin/operators";
import type { OperatorRole, PrismaClient } from "@/lib/db";

export const TEST_OPERATOR_PASSWORD = "correct horse battery staple";

export interface TestOperator {
  id: string;
  email: string;
  role: OperatorRole;
  /** next-auth's session JWT for this operator. */
  token: string;
  /** Headers of a browser session: the cookie and our own Origin. */
  browser(origin: string): Record<string, string>;
  /** Headers of a script: the session as a Bearer token. */
  script(): Record<string, string>;
}

export async function createTestOperator(
  prisma: PrismaClient,
  role: OperatorRole,
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
  const token = await encode({
    token: { operatorId: operator.id, role, email, name: operator.name, sub: operator.id },
    secret,
  });
  return {
    id: operator.id,
    email,
    role,
    token,
    browser: (origin) => ({ Cookie: `next-auth.session-token=${token}`, Origin: origin }),
    script: () => ({ Authorization: `Bearer ${token}` }),
  };
}
