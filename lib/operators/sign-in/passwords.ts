// Operator passwords: argon2id (OWASP's first choice) through @node-rs/argon2, with the library's
// defaults (19 MiB, 2 passes). The hash string carries its parameters, so raising them later still
// verifies old hashes.
import { hash, verify } from "@node-rs/argon2";

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash verifies nothing.
    return false;
  }
}

/**
 * A hash of nothing anyone knows, verified when the e-mail is unknown, so that "no such operator"
 * takes as long as "wrong password" and sign-in timing does not reveal which e-mails exist.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hash(`decoy-${Math.random()}-${Date.now()}`);
  return decoy;
}
