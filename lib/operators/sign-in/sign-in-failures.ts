// Failed sign-ins (wrong passwords, wrong codes, wrong recovery codes), counted in Redis in two
// budgets per e-mail (lib/operators/sign-in/sign-in-throttle.ts spends them):
// - per e-mail and client address (an IPv6 client's whole /64): 5 within 15 minutes;
// - per e-mail, from anywhere: 10 within an hour, so guesses spread over many addresses (or many
//   /64s, which one IPv6 customer often holds) still run out.
// The keys they are kept under, and forgetting them all for one e-mail (an ADMIN's "Unlock"). Free
// of Next.js-only imports, so scripts that manage operators can use it.
import { createHash } from "node:crypto";
import type { FailureBudget } from "@/lib/platform/failure-budgets";
import { forgetFailuresStartingWith } from "@/lib/platform/failure-budgets";
import { readyRedis } from "@/lib/platform/redis";
import { normalizeEmail } from "./credential-rules";

/** Failures allowed per e-mail and address, and per e-mail from anywhere. */
export const SIGN_IN_FAILURES = {
  perAddress: { limit: 5, windowMs: 15 * 60_000 },
  perAccount: { limit: 10, windowMs: 60 * 60_000 },
} as const;

/**
 * Where one e-mail's failures are kept: under a hash of the e-mail (no address book in Redis), which
 * is also the keys' Redis Cluster hash tag, so one script can read and count all of them.
 */
export function signInFailurePrefix(email: string): string {
  const tag = createHash("sha256").update(normalizeEmail(email)).digest("hex").slice(0, 24);
  return `sign-in-failures:{${tag}}:`;
}

/** The two budgets a sign-in of `email` from `address` (already a budget key: a /64) spends. */
export function signInBudgets(
  email: string,
  address: string,
): { account: FailureBudget; pair: FailureBudget } {
  const prefix = signInFailurePrefix(email);
  return {
    account: { key: `${prefix}account`, ...SIGN_IN_FAILURES.perAccount },
    pair: { key: `${prefix}from:${address}`, ...SIGN_IN_FAILURES.perAddress },
  };
}

/** Forgets this e-mail's failed sign-ins, from every address and in all. */
export async function forgetSignInFailures(email: string): Promise<void> {
  await forgetFailuresStartingWith(signInFailurePrefix(email), readyRedis);
}
