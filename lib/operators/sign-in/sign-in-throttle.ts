import "server-only";
// How sign-in guessing is slowed, shared by all app instances through Redis:
// - per client address, whatever the e-mail: 10 attempts a minute (a script trying many e-mails);
// - per e-mail *and* address, and per e-mail from anywhere: failed sign-ins — a wrong password, a
//   wrong code, a wrong recovery code alike (lib/operators/sign-in/sign-in-failures.ts has the
//   numbers). When either is used up that e-mail waits out the rest of the window, known or not,
//   so the answer tells nothing about who is an operator. A stranger's guesses from their own
//   address slow only them; guesses from many addresses lock the account for everyone, which the
//   sign-in page says in words and an ADMIN's "Unlock" ends.
// Each attempt reserves its failure before anything is checked (lib/platform/failure-budgets.ts):
// one Redis script checks both budgets and counts the attempt in both, so attempts sent at once
// cannot all pass a check made before any of them was counted. An attempt that turns out not to be
// a failure gives its point back.
// An IPv6 "address" here is its /64 (addressBudgetKey): its holder can pick any address in it.
import { addressBudgetKey } from "@/lib/platform/addresses/client-address";
import { forgetFailures, reserveFailure } from "@/lib/platform/failure-budgets";
import { enforceRateLimit } from "@/lib/platform/rate-limit";
import { signInBudgets } from "./sign-in-failures";

const PER_ADDRESS = { name: "admin-sign-in", points: 10, durationSeconds: 60 };

/** A sign-in attempt's reserved failure: kept if it fails, given back otherwise. */
interface SignInTry {
  /** Not a failure after all (the page asks for a second factor, or the server failed). */
  release(): Promise<void>;
  /** Signed in: the point is given back and this address's failures for this e-mail are forgotten. */
  succeeded(): Promise<void>;
}

export type SignInReservation =
  | { ok: true; attempt: SignInTry }
  /** `account`: the e-mail's own budget is used up (locked from everywhere); else only from here. */
  | { ok: false; locked: "account" | "address"; waitMs: number };

export const signInThrottle = {
  /** Spends one attempt of the address's budget; RATE_LIMITED when it is used up. */
  attempt(address: string): Promise<void> {
    return enforceRateLimit(PER_ADDRESS, addressBudgetKey(address));
  },
  /** Counts a failure of `email` from `address` before it is tried, unless a budget is used up. */
  async reserve(email: string, address: string): Promise<SignInReservation> {
    const { account, pair } = signInBudgets(email, addressBudgetKey(address));
    const reserved = await reserveFailure([account, pair]);
    if (!reserved.ok) {
      const locked = reserved.budget.key === account.key ? "account" : "address";
      return { ok: false, locked, waitMs: reserved.waitMs };
    }
    return {
      ok: true,
      attempt: {
        release: reserved.release,
        async succeeded() {
          await reserved.release();
          await forgetFailures([pair.key]);
        },
      },
    };
  },
};
