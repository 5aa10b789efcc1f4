// What an operator's e-mail and password must look like, apart from hashing (passwords.ts), so the
// console's request schemas — and the API contract that documents them — import no native module.

/** Long enough that a lost hash is not worth cracking; no composition rules (NIST SP 800-63B). */
const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 256;

export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

/** E-mail addresses are stored and compared in this form. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
