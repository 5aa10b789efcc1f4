import "server-only";
// How sign-in guessing is slowed, shared by all app instances through Redis:
// - per client address, whatever the e-mail: 10 attempts a minute (a script trying many e-mails);
// - per e-mail *and* address, failures only: after 5 wrong passwords within 15 minutes that pair
//   waits out the rest of the window. The same rule holds for an e-mail that is no operator's, so
//   the answer tells nothing; and a stranger's guesses from their address slow only them, never the
//   operator signing in from the shop.
// An IPv6 "address" here is its /64 (addressBudgetKey): its holder can pick any address in it.
import { addressBudgetKey } from "@/lib/platform/addresses/client-address";
import { enforceRateLimit, failureBudget } from "@/lib/platform/rate-limit";
import { SIGN_IN_FAILURES, signInFailureKey } from "./sign-in-failures";

const PER_ADDRESS = { name: "admin-sign-in", points: 10, durationSeconds: 60 };

export const signInThrottle = {
  /** Spends one attempt of the address's budget; RATE_LIMITED when it is used up. */
  attempt(address: string): Promise<void> {
    return enforceRateLimit(PER_ADDRESS, addressBudgetKey(address));
  },
  /** Milliseconds this e-mail must wait before trying again from this address; 0 when it may. */
  waitMs(email: string, address: string): Promise<number> {
    return failureBudget.waitMs(SIGN_IN_FAILURES, signInFailureKey(email, addressBudgetKey(address)));
  },
  failed(email: string, address: string): Promise<void> {
    return failureBudget.spend(SIGN_IN_FAILURES, signInFailureKey(email, addressBudgetKey(address)));
  },
  /** A success forgets the failures of this e-mail from this address. */
  succeeded(email: string, address: string): Promise<void> {
    return failureBudget.forget(SIGN_IN_FAILURES, signInFailureKey(email, addressBudgetKey(address)));
  },
};
