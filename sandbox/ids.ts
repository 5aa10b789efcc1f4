// Identifiers the sandbox hands out. Prefixes make a pasted id readable in logs and on the status
// page; the random part is URL-safe and free of the spec's forbidden `@ # ?`.
import { randomBytes } from "node:crypto";

export function newId(prefix: string, bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString("hex")}`;
}

/** Secrets (tokens, auth codes): base64url, well under the spec's 64/128-character limits. */
export function newSecret(prefix: string, bytes = 24): string {
  return `${prefix}${randomBytes(bytes).toString("base64url")}`;
}
