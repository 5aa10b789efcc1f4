// Checking an operator's e-mail and password. Repeated failures lock the account for growing times
// (1, 2, 4, ... minutes, at most an hour) from the fifth failed attempt on; a success resets the
// count. A disabled operator cannot sign in at all. Unknown e-mails cost the same time as known ones.
import type { Operator, PrismaClient } from "@/lib/db";
import { normalizeEmail } from "./credential-rules";
import { decoyHash, verifyPassword } from "./passwords";

/** Failed attempts allowed before the account locks. */
const FREE_ATTEMPTS = 5;
const MAX_LOCK_MS = 60 * 60 * 1000;

export type SignInResult =
  | { ok: true; operator: Operator }
  | { ok: false; reason: "INVALID" | "DISABLED" }
  | { ok: false; reason: "LOCKED"; retryAfterSeconds: number };

/** How long the account locks after its `failures`-th failed attempt in a row. */
export function lockDurationMs(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_LOCK_MS, 60_000 * 2 ** (failures - FREE_ATTEMPTS));
}

export async function signInOperator(
  prisma: PrismaClient,
  input: { email: string; password: string },
  now: Date = new Date(),
): Promise<SignInResult> {
  const operator = await prisma.operator.findUnique({ where: { email: normalizeEmail(input.email) } });
  if (!operator) {
    await verifyPassword(await decoyHash(), input.password);
    return { ok: false, reason: "INVALID" };
  }
  if (operator.lockedUntil && operator.lockedUntil > now) {
    return { ok: false, reason: "LOCKED", retryAfterSeconds: secondsUntil(operator.lockedUntil, now) };
  }
  const matches = await verifyPassword(operator.passwordHash, input.password);
  if (!matches) {
    const failures = operator.failedSignIns + 1;
    const lockMs = lockDurationMs(failures);
    // Counted in the database with an increment: concurrent guesses cannot undercount.
    await prisma.operator.update({
      where: { id: operator.id },
      data: {
        failedSignIns: { increment: 1 },
        lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : operator.lockedUntil,
      },
    });
    if (lockMs > 0) return { ok: false, reason: "LOCKED", retryAfterSeconds: Math.ceil(lockMs / 1000) };
    return { ok: false, reason: "INVALID" };
  }
  // A disabled operator is told so only with the right password: nobody else learns about it.
  if (operator.disabledAt) return { ok: false, reason: "DISABLED" };
  const signedIn = await prisma.operator.update({
    where: { id: operator.id },
    data: { failedSignIns: 0, lockedUntil: null, lastLoginAt: now },
  });
  return { ok: true, operator: signedIn };
}

function secondsUntil(time: Date, now: Date): number {
  return Math.max(1, Math.ceil((time.getTime() - now.getTime()) / 1000));
}
