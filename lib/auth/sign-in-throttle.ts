import "server-only";
// How sign-in guessing is slowed, shared by all app instances through Redis:
// - per client address, whatever the e-mail: 10 attempts a minute (a script trying many e-mails);
// - per e-mail *and* address, failures only: after 5 wrong passwords within 15 minutes that pair
//   waits out the rest of the window. The same rule holds for an e-mail that is no operator's, so
//   the answer tells nothing; and a stranger's guesses from their address slow only them, never the
//   operator signing in from the shop.
import { enforceRateLimit, failureBudget } from "@/lib/http/rate-limit";
import { getRedis } from "@/lib/redis";
import { normalizeEmail } from "./credential-rules";

const PER_ADDRESS = { name: "admin-sign-in", points: 10, durationSeconds: 60 };
const FAILURES = { name: "admin-sign-in-failures", points: 5, durationSeconds: 15 * 60 };

function failureKey(email: string, address: string): string {
  return `${normalizeEmail(email)}|${address}`;
}

export const signInThrottle = {
  /** Spends one attempt of the address's budget; RATE_LIMITED when it is used up. */
  attempt(address: string): Promise<void> {
    return enforceRateLimit(PER_ADDRESS, address);
  },
  /** Milliseconds this e-mail must wait before trying again from this address; 0 when it may. */
  waitMs(email: string, address: string): Promise<number> {
    return failureBudget.waitMs(FAILURES, failureKey(email, address));
  },
  failed(email: string, address: string): Promise<void> {
    return failureBudget.spend(FAILURES, failureKey(email, address));
  },
  /** A success forgets the failures of this e-mail from this address. */
  succeeded(email: string, address: string): Promise<void> {
    return failureBudget.forget(FAILURES, failureKey(email, address));
  },
  /**
   * An ADMIN's "unlock": forgets this e-mail's failures from every address. Keys are found by
   * pattern; there are at most a few per operator, as each lives 15 minutes.
   */
  async forgetEverywhere(email: string): Promise<void> {
    const redis = getRedis();
    const pattern = `rate:${FAILURES.name}:${escapeGlob(normalizeEmail(email))}|*`;
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  },
};

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}
