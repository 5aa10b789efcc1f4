// Checking an operator's e-mail and password. An unknown e-mail, a wrong password and a disabled
// operator get one answer after the same work (an argon2 verification each), so nobody learns which
// e-mails are operators or which are disabled. Guessing is slowed by the caller's failure budgets
// (lib/operators/sign-in/sign-in-throttle.ts), per e-mail and address and per e-mail from anywhere.
import type { Operator, PrismaClient } from "@/lib/platform/db";
import { normalizeEmail } from "./credential-rules";
import { decoyHash, verifyPassword } from "./passwords";

export type SignInResult =
  | { ok: true; operator: Operator }
  /** `operator` is the one the e-mail names, if any: for the audit trail, never for the answer. */
  | { ok: false; operator: Operator | null };

export async function signInOperator(
  prisma: PrismaClient,
  input: { email: string; password: string },
): Promise<SignInResult> {
  const operator = await prisma.operator.findUnique({ where: { email: normalizeEmail(input.email) } });
  const matches = await verifyPassword(operator?.passwordHash ?? (await decoyHash()), input.password);
  if (!operator || !matches || operator.disabledAt) {
    if (operator && !matches) await recordFailedSignIn(prisma, operator.id);
    return { ok: false, operator };
  }
  return { ok: true, operator };
}

/**
 * A wrong password or a wrong second-factor code, counted for the Operators page (someone may be
 * guessing), with an increment so concurrent guesses cannot undercount. The budgets in Redis are
 * what slows guessing; this count locks nothing.
 */
export async function recordFailedSignIn(prisma: PrismaClient, operatorId: string): Promise<void> {
  await prisma.operator.update({ where: { id: operatorId }, data: { failedSignIns: { increment: 1 } } });
}

/** A sign-in that passed every step (the second factor too): the count of wrong passwords starts over. */
export function recordSignIn(prisma: PrismaClient, operatorId: string, now: Date = new Date()) {
  return prisma.operator.update({ where: { id: operatorId }, data: { failedSignIns: 0, lastLoginAt: now } });
}
