// Secrets that must never reach a log line or the wallet-call table (docs/architecture.md, "Rules").
const SECRET_FIELDS = new Set(["accessToken", "refreshToken", "authCode", "paymentAuthCode"]);

const REDACTED = "[redacted]";

/** A deep copy of a wire body with token and code values replaced. */
export function redactWireBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactWireBody);
  if (value && typeof value === "object") {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      copy[key] = SECRET_FIELDS.has(key) && inner != null ? REDACTED : redactWireBody(inner);
    }
    return copy;
  }
  return value;
}
