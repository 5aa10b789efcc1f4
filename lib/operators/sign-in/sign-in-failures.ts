// Wrong passwords, counted per e-mail and address in Redis (lib/operators/sign-in/sign-in-throttle.ts): the key
// they are kept under, and forgetting them all for one e-mail (an ADMIN's "Unlock"). Free of
// Next.js-only imports, so scripts that manage operators can use it.
import { readyRedis } from "@/lib/platform/redis";
import { normalizeEmail } from "./credential-rules";

/** 5 wrong passwords within 15 minutes, per e-mail and address. */
export const SIGN_IN_FAILURES = { name: "admin-sign-in-failures", points: 5, durationSeconds: 15 * 60 };

export function signInFailureKey(email: string, address: string): string {
  return `${normalizeEmail(email)}|${address}`;
}

/**
 * Forgets this e-mail's wrong passwords from every address. Keys are found by pattern (the rate
 * limiter's `rate:<name>:<key>`); there are few per e-mail, as each lives 15 minutes.
 */
export async function forgetSignInFailures(email: string): Promise<void> {
  const redis = await readyRedis();
  const pattern = `rate:${SIGN_IN_FAILURES.name}:${escapeGlob(normalizeEmail(email))}|*`;
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}
